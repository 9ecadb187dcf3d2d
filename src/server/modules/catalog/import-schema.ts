/**
 * The catalogue import file (docs/catalog-format.md): `{ "store": StoreInfo, "products": Product[] }`.
 * Prices are in **rupees** (at most 2 decimals); the importer stores paise. An empty or whitespace-only
 * optional string means the field is absent (shop exports are full of `"imgUrl": ""`), and an image entry
 * whose `url` is blank is dropped.
 */
import { z } from 'zod';
import { policySlugs } from '@shared/store-info/store-info-schema';

/** `undefined` for an empty or whitespace-only string, so an optional field reads it as absent. */
function blankToAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** An optional, nullable field: absent, `null` and a blank string all read as absent. */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToAbsent, schema.nullable().optional());

/** A site path (`/media/...`) or an http(s) URL; anything else (javascript:, data:) is refused. */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => /^\/[^/]/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), {
    message: 'must be a path starting with / or an http(s) URL',
  });

const rupees = z
  .number({ message: 'must be a number of rupees' })
  .nonnegative('must not be negative')
  .max(10_000_000, 'must be at most 1,00,00,000 rupees')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'must have at most 2 decimals',
  });

const optionalText = (max: number) => optionalField(z.string().trim().max(max));

/** A list of `{ url }` images; entries with a blank `url` are dropped. */
const imageList = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.filter(
          (image: unknown) => blankToAbsent((image as { url?: unknown } | null)?.url) !== undefined,
        )
      : value,
  z
    .array(z.object({ url: imageUrl }))
    .max(20)
    .default([]),
);

export const importStoreSchema = z.object({
  storeName: optionalText(120),
  companyName: optionalText(200),
  companyAddress: optionalText(500),
  companyEmail: optionalField(z.email('must be an e-mail address')),
  companyPhone: optionalText(40),
  companyLogoUrl: optionalField(imageUrl),
  description: optionalText(2000),
  /** Top-level categories in display order (spec §3); products may use others too. */
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
      (policies) => Object.keys(policies).every((slug) => (policySlugs as readonly string[]).includes(slug)),
      {
        message: `keys must be among ${policySlugs.join(', ')}`,
      },
    )
    .default({}),
  /** Host names that select this store (beyond the spec; optional). */
  hosts: z.array(z.string().trim().min(1).max(253)).max(20).optional(),
});

export const importAttributeSchema = z.object({
  key: z.string().trim().min(1).max(60),
  value: z.array(z.string().trim().max(200)).min(1).max(50),
  metricUnit: optionalText(20),
});

export const importProductSchema = z
  .object({
    sku: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dot, dash or underscore'),
    title: z.string().trim().min(1, 'must not be empty').max(200),
    description: z.string().trim().max(5000).default(''),
    imgUrl: optionalField(imageUrl),
    category: z.string().trim().min(1, 'must not be empty').max(60),
    parentCategory: optionalText(60),
    regularPrice: rupees.refine((value) => value > 0, { message: 'must be above 0' }),
    discountedPrice: rupees.nullable().optional(),
    stock: z.number().int('must be a whole number').min(0).max(1_000_000).nullable().optional(),
    images: imageList,
    attributes: z.array(importAttributeSchema).max(60).default([]),
  })
  .superRefine((product, context) => {
    if (
      product.regularPrice > 0 &&
      product.discountedPrice != null &&
      product.discountedPrice >= product.regularPrice
    ) {
      context.addIssue({
        code: 'custom',
        path: ['discountedPrice'],
        message: 'must be below regularPrice',
      });
    }
  });

/** `products[i].sku: duplicates the sku of products[j]` for every repeated SKU (case-insensitive). */
function duplicateSkuProblems(products: unknown): { index: number; message: string }[] {
  if (!Array.isArray(products)) return [];
  const firstIndexBySku = new Map<string, number>();
  const problems: { index: number; message: string }[] = [];
  products.forEach((product: unknown, index) => {
    const sku = (product as { sku?: unknown } | null)?.sku;
    if (typeof sku !== 'string' || sku.trim() === '') return;
    const key = sku.trim().toLowerCase();
    const first = firstIndexBySku.get(key);
    if (first === undefined) firstIndexBySku.set(key, index);
    else problems.push({ index, message: `duplicates the sku of products[${first}]` });
  });
  return problems;
}

export const catalogImportFileSchema = z
  .object({
    store: importStoreSchema,
    products: z.array(importProductSchema).max(50_000),
  })
  .superRefine((file, context) => {
    for (const { index, message } of duplicateSkuProblems(file.products)) {
      context.addIssue({ code: 'custom', path: ['products', index, 'sku'], message });
    }
  });

export type CatalogImportFile = z.infer<typeof catalogImportFileSchema>;
export type ImportProduct = z.infer<typeof importProductSchema>;

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
  for (const { index, message } of duplicateSkuProblems((input as { products?: unknown } | null)?.products)) {
    const problem = `products[${index}].sku: ${message}`;
    if (!problems.includes(problem)) problems.push(problem);
  }
  return { ok: false, problems };
}
