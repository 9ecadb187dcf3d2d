/**
 * Field schemas of a catalogue product, shared by the catalogue file (docs/catalog-format.md), the admin's product
 * editor and its routes: SKUs, rupee prices, image URLs, optional text, stock figures. An empty or
 * whitespace-only optional string means the field is absent (shop exports are full of `"imgUrl": ""`).
 */
import { z } from 'zod';

/** `undefined` for an empty or whitespace-only string, so an optional field reads it as absent. */
export function blankToAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** An optional, nullable field: absent, `null` and a blank string all read as absent. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToAbsent, schema.nullable().optional());

/** Optional trimmed text of at most `max` characters. */
export const optionalText = (max: number) => optionalField(z.string().trim().max(max));

/** A site path (`/media/...`) or an http(s) URL; anything else (javascript:, data:) is refused. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => /^\/[^/]/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), {
    message: 'must be a path starting with / or an http(s) URL',
  });

/** An amount in **rupees**: 0 to 1,00,00,000 with at most 2 decimals. */
export const rupees = z
  .number({ message: 'must be a number of rupees' })
  .nonnegative('must not be negative')
  .max(10_000_000, 'must be at most 1,00,00,000 rupees')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'must have at most 2 decimals',
  });

/** A regular price in **rupees**: as {@link rupees}, and above 0. */
export const regularRupees = rupees.refine((value) => value > 0, { message: 'must be above 0' });

/** A product or variant SKU: 1–64 letters, digits, dot, dash or underscore, starting with a letter or digit. */
export const skuField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dot, dash or underscore');

/** Most units (pieces or metres) one product or variant may hold in stock. */
export const MAX_STOCK = 1_000_000;

/**
 * A stock figure: pieces or metres on hand, 0 to {@link MAX_STOCK}; null or absent = not tracked. Whole pieces
 * and metres to 3 decimals are checked against the product's unit by the product's rules.
 */
export const stockField = z
  .number({ message: 'must be a number' })
  .min(0, 'must not be negative')
  .max(MAX_STOCK, 'must be at most 1,000,000')
  .nullable()
  .optional();

/** A list of `{ url }` images in display order, at most 20; entries with a blank `url` are dropped. */
export const imageList = z.preprocess(
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

/** One product attribute (docs/product.md §3): a key and its values, with an optional metric unit. */
export const catalogAttributeSchema = z.object({
  key: z.string().trim().min(1).max(60),
  value: z.array(z.string().trim().max(200)).min(1).max(50),
  metricUnit: optionalText(20),
});

/** A product's title: trimmed, 1–200 characters ('must not be empty'). */
export const productTitleField = z.string().trim().min(1, 'must not be empty').max(200);

/** A product's description: trimmed, up to 5000 characters, default empty. */
export const productDescriptionField = z.string().trim().max(5000).default('');

/** A category name: trimmed, 1–60 characters ('must not be empty'); matched case-insensitively. */
export const categoryNameField = z.string().trim().min(1, 'must not be empty').max(60);
