/**
 * The store settings of the admin (docs/admin.md "Settings"). Every section is a part of the catalogue file's
 * `store` block (docs/catalog-format.md), so a section is saved by merging it into the store's current block
 * (as the export writes it), checking the whole block with the catalogue file's schema (the same messages as
 * `npm run catalog:import`) and writing it with the importer's own store functions — the settings screen and
 * the file can never disagree. Each save runs in one transaction with its audit entry and the catalogue
 * version bump that makes every server drop its cached answers.
 */
import { eq } from 'drizzle-orm';
import type { StoreSettings } from '@shared/store-settings/store-settings-schemas';
import { DEFAULT_RETURN_SETTINGS, type ReturnSettings } from '@shared/returns/return-schemas';
import type { SizeChart } from '@shared/store-settings/size-chart';
import type { SocialLinks } from '@shared/store-settings/social-links';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema/catalog-tables';
import { ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { exportStoreBlock } from '../catalog-file/catalog-export';
import { importStoreSchema } from '../catalog-file/import-schema';
import { upsertCategories, upsertStoreInfo } from '../catalog-file/import-store';
import { saveSynonyms } from '../search/synonyms';
import type { PaymentSettings } from '../payments/settings';
import { announceCatalogChange } from '../stores/catalog-version';

type StoreBlock = Record<string, unknown>;

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The payment set-up without its secrets: providers, test mode, the UPI ID shoppers already see. */
export function paymentSetupOf(payments: PaymentSettings): StoreSettings['payments'] {
  return {
    upi: payments.upi
      ? { vpa: payments.upi.vpa, payeeName: payments.upi.payeeName, testMode: payments.upi.testMode }
      : null,
    gateway: payments.gateway
      ? {
          provider: payments.gateway.provider,
          testMode: payments.gateway.testMode,
          ...('webhookSecret' in payments.gateway
            ? { webhookConfigured: payments.gateway.webhookSecret !== null }
            : {}),
        }
      : null,
    upiWebhookConfigured: payments.upiWebhookSecret !== null,
  };
}

/** Every settings section of `storeId` as stored, with the payment set-up of `payments`. */
export async function readStoreSettings(
  db: Db,
  storeId: number,
  payments: PaymentSettings,
): Promise<StoreSettings> {
  const block = await exportStoreBlock(db, storeId);
  const listed = (block.categories as string[] | undefined) ?? [];
  const images = (block.categoryImages as Record<string, string> | undefined) ?? {};
  const allCategories = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(categories.name);
  const listedKeys = new Set(listed.map((name) => name.toLowerCase()));
  const defaults =
    (block.gstDefaults as Record<string, { hsn?: string; gstRate?: number }> | undefined) ?? {};
  return {
    storeInfo: {
      storeName: textOrNull(block.storeName),
      companyName: textOrNull(block.companyName),
      companyAddress: textOrNull(block.companyAddress),
      companyEmail: textOrNull(block.companyEmail),
      companyPhone: textOrNull(block.companyPhone),
      companyLogoUrl: textOrNull(block.companyLogoUrl),
      description: textOrNull(block.description),
      whatsappNumber: textOrNull(block.whatsappNumber),
      supportHours: textOrNull(block.supportHours),
      socialLinks: (block.socialLinks as SocialLinks | undefined) ?? {},
      sizeChart: (block.sizeChart as SizeChart | undefined) ?? null,
      categorySizeCharts: (block.categorySizeCharts as Record<string, SizeChart> | undefined) ?? {},
    },
    categories: listed.map((name) => ({ name, imageUrl: images[name] ?? null })),
    otherCategories: allCategories
      .map((row) => row.name)
      .filter((name) => !listedKeys.has(name.toLowerCase())),
    gst: {
      legalName: textOrNull(block.legalName),
      legalAddress: textOrNull(block.legalAddress),
      state: textOrNull(block.state),
      gstin: textOrNull(block.gstin),
      invoicePrefix: textOrNull(block.invoicePrefix) ?? 'RS',
      gstDefaults: Object.entries(defaults)
        .map(([category, entry]) => ({ category, hsn: entry.hsn ?? null, gstRate: entry.gstRate ?? null }))
        .sort((a, b) => a.category.localeCompare(b.category)),
    },
    synonyms: (block.synonyms as string[][] | undefined) ?? [],
    policies: (block.policies as Record<string, string> | undefined) ?? {},
    returns: { ...DEFAULT_RETURN_SETTINGS, ...(block.returns as ReturnSettings | undefined) },
    payments: paymentSetupOf(payments),
  };
}

/**
 * What one section save writes to the audit log: the section (`entityId`), the action, and the part of the
 * block it shows before → after.
 */
export type SettingsSection = {
  entityId: string;
  action: string;
  view: (block: StoreBlock) => Record<string, unknown>;
};

/** A section view of the block's `keys` (null for a key the block leaves out). */
export const viewOf =
  (...keys: string[]) =>
  (block: StoreBlock): Record<string, unknown> =>
    Object.fromEntries(keys.map((key) => [key, block[key] ?? null]));

/**
 * Merges `patch` (keys of the `store` block) into the store's block, checks the block with the catalogue
 * file's schema and writes it; audits the section's view before → after when anything changed.
 * @returns whether anything changed.
 * @throws {ValidationError} (400) with `fields` keyed by the block's dotted paths (`gstin`,
 *   `gstDefaults.Sarees.hsn`) and the catalogue file's messages; nothing is written then.
 */
export async function saveStoreSection(
  db: Db,
  storeId: number,
  actor: AuditActor,
  section: SettingsSection,
  patch: (current: StoreBlock) => StoreBlock,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const current = await exportStoreBlock(tx, storeId);
    const parsed = importStoreSchema.safeParse({ ...current, ...patch(current) });
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const block = { ...parsed.data, hosts: undefined };
    const infoChanged = await upsertStoreInfo(tx, storeId, block);
    const { changed: categoriesChanged } = await upsertCategories(tx, storeId, {
      store: block,
      products: [],
    });
    const synonymsChanged = await saveSynonyms(tx, storeId, block.synonyms);
    if (!infoChanged && !categoriesChanged && !synonymsChanged) return false;
    const saved = await exportStoreBlock(tx, storeId);
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'store',
      entityId: section.entityId,
      action: section.action,
      before: section.view(current),
      after: section.view(saved),
    });
    await announceCatalogChange(tx, storeId);
    return true;
  });
}
