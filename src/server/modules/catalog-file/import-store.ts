/**
 * The store half of a catalogue import (docs/catalog-format.md): the target store, its information and its
 * categories. Runs inside the import's transaction; every query is scoped to the store.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { deliverySettingsToPaise } from '@shared/delivery/delivery-schemas';
import { categorySizeChartsInOrder } from '@shared/store-settings/category-size-charts';
import { sizeChartInOrder } from '@shared/store-settings/size-chart';
import { socialLinksInOrder } from '@shared/store-settings/social-links';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema/catalog-tables';
import { storeHosts, stores } from '../../db/schema/store-tables';
import { deliverySettingsOf } from '../delivery/delivery-settings-store';
import { returnSettingsOf, storedReturnSettings } from '../stores/return-settings';
import { ensureDefaultStore, normalizeHost } from '../stores/service';
import type { CatalogImportFile } from './import-schema';

/** SHA-256 (hex) of a value's JSON: equal content, equal hash. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The store answering `host` (created with that host when new), else the default store; its id. */
export async function resolveTargetStore(tx: Db, host: string | undefined): Promise<number> {
  if (!host) return ensureDefaultStore(tx);
  const normalized = normalizeHost(host);
  const [existing] = await tx.select().from(storeHosts).where(eq(storeHosts.host, normalized)).limit(1);
  if (existing) return existing.storeId;
  const [created] = await tx.insert(stores).values({}).returning({ id: stores.id });
  await tx.insert(storeHosts).values({ host: normalized, storeId: created!.id });
  return created!.id;
}

/** The store's GST settings as stored; category names of the defaults in lower case. */
function gstSettingsOf(info: {
  legalName?: string | null;
  legalAddress?: string | null;
  state?: string | null;
  gstin?: string | null;
  invoicePrefix?: string | null;
  gstDefaults: Record<string, { hsn?: string | null; gstRate?: number | null }>;
}) {
  return {
    legalName: info.legalName ?? null,
    legalAddress: info.legalAddress ?? null,
    state: info.state ?? null,
    gstin: info.gstin ?? null,
    invoicePrefix: info.invoicePrefix ?? 'RS',
    gstDefaults: Object.fromEntries(
      Object.entries(info.gstDefaults).map(([category, entry]) => [
        category.toLowerCase(),
        {
          ...(entry.hsn ? { hsn: entry.hsn } : {}),
          ...(entry.gstRate !== undefined && entry.gstRate !== null ? { gstRate: entry.gstRate } : {}),
        },
      ]),
    ),
  };
}

/** Updates the store row when its information differs; returns whether it did. */
export async function upsertStoreInfo(
  tx: Db,
  storeId: number,
  info: CatalogImportFile['store'],
): Promise<boolean> {
  const [current] = await tx.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const next = {
    storeName: info.storeName ?? null,
    companyName: info.companyName ?? null,
    companyAddress: info.companyAddress ?? null,
    companyEmail: info.companyEmail ?? null,
    companyPhone: info.companyPhone ?? null,
    companyLogoUrl: info.companyLogoUrl ?? null,
    description: info.description ?? null,
    whatsappNumber: info.whatsappNumber ?? null,
    supportHours: info.supportHours ?? null,
    socialLinks: socialLinksInOrder(info.socialLinks),
    sizeChart: info.sizeChart ? sizeChartInOrder(info.sizeChart) : null,
    categorySizeCharts: categorySizeChartsInOrder(info.categorySizeCharts),
    policies: info.policies,
    ...gstSettingsOf(info),
    // Absent from the file: the delivery settings stay as the admin left them.
    ...(info.delivery ? { deliverySettings: deliverySettingsToPaise(info.delivery) } : {}),
    // Absent from the file: the return settings stay as the admin left them.
    ...(info.returns ? { returnSettings: storedReturnSettings(info.returns) } : {}),
  };
  let changed = false;
  if (
    !current ||
    hashOf(next) !==
      hashOf({
        storeName: current.storeName,
        companyName: current.companyName,
        companyAddress: current.companyAddress,
        companyEmail: current.companyEmail,
        companyPhone: current.companyPhone,
        companyLogoUrl: current.companyLogoUrl,
        description: current.description,
        whatsappNumber: current.whatsappNumber,
        supportHours: current.supportHours,
        socialLinks: socialLinksInOrder(current.socialLinks),
        sizeChart: current.sizeChart ? sizeChartInOrder(current.sizeChart) : null,
        categorySizeCharts: categorySizeChartsInOrder(current.categorySizeCharts),
        policies: current.policies,
        ...gstSettingsOf(current),
        ...(info.delivery ? { deliverySettings: deliverySettingsOf(current.deliverySettings) } : {}),
        ...(info.returns
          ? { returnSettings: storedReturnSettings(returnSettingsOf(current.returnSettings)) }
          : {}),
      })
  ) {
    await tx.update(stores).set(next).where(eq(stores.id, storeId));
    changed = true;
  }
  for (const host of info.hosts ?? []) {
    const normalized = normalizeHost(host);
    const inserted = await tx
      .insert(storeHosts)
      .values({ host: normalized, storeId })
      .onConflictDoUpdate({
        target: storeHosts.host,
        set: { storeId },
        setWhere: sql`${storeHosts.storeId} <> ${storeId}`,
      })
      .returning({ host: storeHosts.host });
    if (inserted.length > 0) changed = true;
  }
  return changed;
}

/**
 * Upserts the categories named by the store list and the products; returns category name (lower-case) → id.
 * Listed categories get their list position and image; others keep no position (not shown in store info).
 */
export async function upsertCategories(
  tx: Db,
  storeId: number,
  file: CatalogImportFile,
): Promise<{ idByName: Map<string, number>; changed: boolean }> {
  const wanted = new Map<string, { name: string; position: number | null; imageUrl: string | null }>();
  const imageFor = (name: string) =>
    Object.entries(file.store.categoryImages).find(
      ([key]) => key.toLowerCase() === name.toLowerCase(),
    )?.[1] ?? null;
  file.store.categories.forEach((name, position) => {
    if (!wanted.has(name.toLowerCase()))
      wanted.set(name.toLowerCase(), { name, position, imageUrl: imageFor(name) });
  });
  for (const product of file.products) {
    const key = product.category.toLowerCase();
    if (!wanted.has(key))
      wanted.set(key, { name: product.category, position: null, imageUrl: imageFor(product.category) });
  }
  const existing = await tx.select().from(categories).where(eq(categories.storeId, storeId));
  const existingByName = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
  const idByName = new Map<string, number>();
  let changed = false;
  for (const [key, category] of wanted) {
    const row = existingByName.get(key);
    if (!row) {
      const [created] = await tx
        .insert(categories)
        .values({ storeId, ...category })
        .returning({ id: categories.id });
      idByName.set(key, created!.id);
      changed = true;
    } else {
      idByName.set(key, row.id);
      if (
        row.name !== category.name ||
        row.position !== category.position ||
        row.imageUrl !== category.imageUrl
      ) {
        await tx.update(categories).set(category).where(eq(categories.id, row.id));
        changed = true;
      }
    }
  }
  // Categories the file no longer lists leave the store-info list but keep their products.
  for (const row of existing) {
    if (!wanted.has(row.name.toLowerCase()) && row.position !== null) {
      await tx.update(categories).set({ position: null }).where(eq(categories.id, row.id));
      changed = true;
    }
  }
  return { idByName, changed };
}
