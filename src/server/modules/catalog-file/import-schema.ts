/**
 * The catalogue import file (docs/catalog-format.md): `{ "store": StoreInfo, "products": Product[] }`. The
 * `store` block is checked here (the admin's store settings save their sections through the same schema); each
 * product by ../catalog/import-product-schema.ts. Prices are in **rupees** (at most 2 decimals); the importer
 * stores paise. SKUs are unique across the file's products and variants. An empty or whitespace-only optional
 * string means the field is absent (shop exports are full of `"imgUrl": ""`), and an image entry whose `url`
 * is blank is dropped.
 */
import { z } from 'zod';
import { policySlugs } from '@shared/store-settings/store-info-schema';
import { categorySizeChartsSchema } from '@shared/store-settings/category-size-charts';
import { sizeChartSchema } from '@shared/store-settings/size-chart';
import { importSocialLinksSchema } from '@shared/store-settings/social-links-schema';
import { normaliseWhatsappNumber, WHATSAPP_NUMBER_MESSAGE } from '@shared/store-settings/whatsapp';
import { blankToAbsent, imageUrl, optionalField, optionalText } from '@shared/catalog/catalog-fields';
import { deliverySettingsSchema } from '@shared/delivery/delivery-schemas';
import { MAX_PROMOTION_TARGETS, promotionInputSchema } from '@shared/discounts/promotion-schemas';
import { couponInputSchema } from '@shared/discounts/coupon-schemas';
import { DEFAULT_RETURN_SETTINGS, returnSettingsSchema } from '@shared/returns/return-schemas';
import { storeAddOnListSchema } from '@shared/add-ons/add-on-schemas';
import { importProductSchema } from '../catalog/import-product-schema';
import { storeGstFields, storeGstProblems } from '../gst/gst-settings-fields';

export const importStoreSchema = z
  .object({
    storeName: optionalText(120),
    companyName: optionalText(200),
    companyAddress: optionalText(500),
    companyEmail: optionalField(z.email('must be an e-mail address')),
    companyPhone: optionalText(40),
    companyLogoUrl: optionalField(imageUrl),
    description: optionalText(2000),
    /** The shop's WhatsApp number (an Indian mobile), stored as `+91…`; absent: no WhatsApp links. */
    whatsappNumber: optionalField(
      z.string().transform((number, context) => {
        const e164 = normaliseWhatsappNumber(number);
        if (e164 === null) context.addIssue({ code: 'custom', message: WHATSAPP_NUMBER_MESSAGE });
        return e164 ?? number;
      }),
    ),
    /** When customer support answers ('Monday to Saturday, 10AM - 6PM'); absent: that default. */
    supportHours: optionalText(120),
    /**
     * The shop's social accounts (`{ "instagram": "https://www.instagram.com/…", … }`): instagram, facebook,
     * youtube, x, pinterest, each an `https://` link to that network's site; absent or blank: not shown.
     */
    socialLinks: importSocialLinksSchema.default({}),
    /** The store-wide size chart (unit `in` or `cm`, tables of size → measurements); absent: none. */
    sizeChart: sizeChartSchema.optional(),
    /** Size charts per category or sub-category (`{ "Kurtis": chart }`); absent: none. */
    categorySizeCharts: categorySizeChartsSchema.default({}),
    /** Top-level categories in display order (docs/product.md §3); products may use others too. */
    categories: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    /** Image per category; a blank URL leaves the category without one. */
    categoryImages: z
      .preprocess(
        (value) =>
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).filter(([, url]) => blankToAbsent(url) !== undefined))
            : value,
        z.record(z.string(), imageUrl),
      )
      .default({}),
    policies: z
      .record(z.string(), z.string().max(100_000))
      .refine(
        (policies) =>
          Object.keys(policies).every((slug) => (policySlugs as readonly string[]).includes(slug)),
        {
          message: `keys must be among ${policySlugs.join(', ')}`,
        },
      )
      .default({}),
    /**
     * Search synonyms: groups of words meaning the same thing (`[["saree", "sari", "साड़ी"], …]`); absent = the
     * default groups (src/server/modules/search/synonyms.ts), `[]` = none.
     */
    synonyms: z
      .array(
        z
          .array(z.string().trim().min(1, 'must not be empty').max(60))
          .min(2, 'must hold at least 2 words')
          .max(30),
      )
      .max(500)
      .optional(),
    /** Host names that select this store (beyond the storefront's basic contract; optional). */
    hosts: z.array(z.string().trim().min(1).max(253)).max(20).optional(),
    /** GST settings: legal name and address, state, GSTIN, invoice prefix, per-category defaults (docs/gst.md). */
    ...storeGstFields,
    /**
     * Shipping charges, zones, unserved PIN codes and cash on delivery, in rupees (docs/delivery.md); absent:
     * the store's current delivery settings stay as they are.
     */
    delivery: deliverySettingsSchema.optional(),
    /**
     * Automatic promotions (docs/discounts.md "Automatic promotions", docs/catalog-format.md "Promotions"), matched by name;
     * absent: the store's promotions stay as they are.
     */
    promotions: z.array(promotionInputSchema).max(MAX_PROMOTION_TARGETS).optional(),
    /**
     * Return settings (docs/returns.md "Settings"): `windowDays` (0–90, 0 = no returns), `exchanges`,
     * `pickupFee` in rupees (deducted from the refund), `returnAddress` (absent or blank: the company address);
     * a field left out takes the default (7 days, exchanges offered, no fee). Absent: the store's current
     * return settings stay as they are.
     */
    /**
     * Coupon codes (docs/discounts.md), each as the admin's coupon form takes it; a code already in the store
     * (any letter case) is updated, keeping its uses. Absent: the store's coupons stay as they are.
     */
    coupons: z.array(couponInputSchema).max(500).optional(),
    /**
     * Service add-ons (docs/add-ons.md): blouse stitching, fall & pico, … with price in rupees, lead days,
     * measurement set, categories, SAC and GST rate. Absent: the store's add-ons stay as they are.
     */
    addOns: storeAddOnListSchema.optional(),
    returns: z
      .object({
        windowDays: returnSettingsSchema.shape.windowDays.default(DEFAULT_RETURN_SETTINGS.windowDays),
        exchanges: returnSettingsSchema.shape.exchanges.default(DEFAULT_RETURN_SETTINGS.exchanges),
        pickupFee: returnSettingsSchema.shape.pickupFee.default(DEFAULT_RETURN_SETTINGS.pickupFee),
        returnAddress: returnSettingsSchema.shape.returnAddress
          .optional()
          .transform((address) => (address?.trim() ? address : null)),
      })
      .optional(),
  })
  .superRefine((store, context) => {
    for (const problem of storeGstProblems(store)) context.addIssue({ code: 'custom', ...problem });
  });

type SkuProblem = { path: (string | number)[]; message: string };

/**
 * Every SKU that repeats an earlier one of the file, product or variant (compared case-insensitively):
 * `products[5].sku: duplicates the sku of products[1]`,
 * `products[4].variants[2].sku: duplicates the sku of products[1].variants[0]`. Reads the raw input, so it
 * also reports duplicates of a file whose products have other problems.
 */
function duplicateSkuProblems(products: unknown): SkuProblem[] {
  if (!Array.isArray(products)) return [];
  const firstPlaceBySku = new Map<string, string>();
  const problems: SkuProblem[] = [];
  const visit = (sku: unknown, place: string, path: (string | number)[]) => {
    if (typeof sku !== 'string' || sku.trim() === '') return;
    const key = sku.trim().toLowerCase();
    const first = firstPlaceBySku.get(key);
    if (first === undefined) firstPlaceBySku.set(key, place);
    else problems.push({ path: [...path, 'sku'], message: `duplicates the sku of ${first}` });
  };
  products.forEach((product: unknown, index) => {
    const entry = product as { sku?: unknown; variants?: unknown } | null;
    visit(entry?.sku, `products[${index}]`, ['products', index]);
    if (!Array.isArray(entry?.variants)) return;
    entry.variants.forEach((variant: unknown, variantIndex) => {
      visit((variant as { sku?: unknown } | null)?.sku, `products[${index}].variants[${variantIndex}]`, [
        'products',
        index,
        'variants',
        variantIndex,
      ]);
    });
  });
  return problems;
}

export const catalogImportFileSchema = z
  .object({
    store: importStoreSchema,
    products: z.array(importProductSchema).max(50_000),
  })
  .superRefine((file, context) => {
    for (const problem of duplicateSkuProblems(file.products)) {
      context.addIssue({ code: 'custom', ...problem });
    }
    // A product's add-ons name the file's add-ons (when the file lists them).
    const codes = file.store.addOns?.map((addOn) => addOn.code);
    if (codes === undefined) return;
    file.products.forEach((product, index) => {
      if (!Array.isArray(product.addOns)) return;
      product.addOns.forEach((code, position) => {
        if (!codes.includes(code)) {
          context.addIssue({
            code: 'custom',
            path: ['products', index, 'addOns', position],
            message: `is not one of store.addOns (${codes.join(', ') || 'none'})`,
          });
        }
      });
    });
  });

export type CatalogImportFile = z.infer<typeof catalogImportFileSchema>;

/** Formats a zod issue path as `products[3].attributes[0].key`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/**
 * Validates a parsed JSON value as an import file.
 * @returns the file, or every problem as `products[3].regularPrice: must be above 0`.
 */
export function parseCatalogFile(
  input: unknown,
): { ok: true; file: CatalogImportFile } | { ok: false; problems: string[] } {
  const parsed = catalogImportFileSchema.safeParse(input);
  if (parsed.success) return { ok: true, file: parsed.data };
  const problems = parsed.error.issues.map(
    (issue) => `${formatIssuePath(issue.path) || '(file)'}: ${issue.message}`,
  );
  // Zod skips the file-level SKU check when a product is invalid; report duplicates all the same.
  const reported = new Set(problems);
  for (const { path, message } of duplicateSkuProblems((input as { products?: unknown } | null)?.products)) {
    const problem = `${formatIssuePath(path)}: ${message}`;
    if (!reported.has(problem)) problems.push(problem);
  }
  return { ok: false, problems };
}
