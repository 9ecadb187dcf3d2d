/**
 * The admin's product editor contract (docs/admin.md "Product"): one schema for the form and for
 * `POST /api/v1/admin/products` and `PUT /api/v1/admin/products/:productId`. A product is written with the
 * fields of the catalogue file (docs/catalog-format.md) and checked by the same rules with the same messages
 * (src/shared/catalog/catalog-fields.ts, product-rules.ts): prices in **rupees** (at most 2 decimals, as
 * the owner types them), stock and quantities in the product's unit (pieces or metres). Beyond the file, the
 * options are edited on their own: `sizes` and `colors` are the values of the Size and Colour options in order
 * (stored as the `size` and `color` attributes, ahead of the others), and the variants are the matrix of
 * those values.
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin-schemas';
import {
  catalogAttributeSchema,
  categoryNameField,
  imageList,
  imageUrl,
  optionalField,
  optionalText,
  productDescriptionField,
  productTitleField,
  regularRupees,
  rupees,
  skuField,
  stockField,
} from '../catalog/catalog-fields';
import { productProblems } from '../catalog/product-rules';
import { quantityField, unitField } from '../catalog/selling-rules';
import { importVariantSchema, MAX_VARIANTS_PER_PRODUCT } from '../catalog/variant-rules';
import { gstRateField, hsnField } from '../gst/gst-product-fields';

/** Attribute keys that hold the options; the editor keeps them in `sizes` and `colors` (docs/product.md §3). */
export const OPTION_ATTRIBUTE_KEYS = ['size', 'sizes', 'color', 'colors', 'colours'];

/** Most values one option (sizes or colours) may list. */
export const MAX_OPTION_VALUES = 50;

const optionValues = z
  .array(z.string().trim().min(1, 'must not be empty').max(60))
  .max(MAX_OPTION_VALUES, `must hold at most ${MAX_OPTION_VALUES} values`)
  .default([]);

/**
 * The stock the form showed when it was opened (pieces or metres; null = not tracked). The server sets the
 * stock only when `stock` differs from it, so units sold while the form was open are not put back. Absent:
 * `stock` is set as given.
 */
const stockAsLoaded = z.number().nullable().optional();

/**
 * One row of the variant matrix: a variant of the catalogue file (SKU, size, colour, stock, own prices in
 * rupees, image) plus `id` for an existing variant (it keeps its id, and the order lines that point at it, when
 * its SKU changes); a row without `id` is a new variant, which must give its `stock`: a number of pieces or
 * metres (0 when none are in stock), or null for the owner's explicit 'not tracked' — unlike the catalogue
 * file, a missing stock never makes a new variant sell without limit ({@link NEW_VARIANT_STOCK_MESSAGE}).
 */
export const adminVariantInputSchema = importVariantSchema.extend({
  id: z.uuid('must be a variant id').optional(),
  stockAsLoaded,
});
export type AdminVariantInput = z.output<typeof adminVariantInputSchema>;

/** The refusal of a new variant (no `id`) without `stock` (docs/admin.md "Product"). */
export const NEW_VARIANT_STOCK_MESSAGE =
  'must be given for a new variant: a number (0 when none are in stock), or null when not tracked';

/** Where a SKU is first used in the body: the product, or a row of the matrix. */
const skuPlace = (index: number | null) => (index === null ? 'the product' : `variants[${index}]`);

/**
 * `POST /api/v1/admin/products` and `PUT /api/v1/admin/products/:productId` body. The catalogue file's rules
 * (refusals in docs/catalog-format.md), and: `attributes` hold neither sizes nor colours (they are `sizes`
 * and `colors`), an option value appears once (letter case ignored), a new variant gives its stock (a number,
 * or null for not tracked), and SKUs are unique within the product
 * and its variants (letter case ignored). SKUs used by the store's other products are checked by the server
 * (409).
 */
export const adminProductInputSchema = z
  .object({
    sku: skuField,
    title: productTitleField,
    description: productDescriptionField,
    category: categoryNameField,
    parentCategory: optionalText(60),
    /** Per piece, or per metre when `unit` is `m`; rupees. */
    regularPrice: regularRupees,
    discountedPrice: rupees.nullable().optional(),
    /** Pieces or metres on hand; null = not tracked. Not given for a product with variants. */
    stock: stockField,
    stockAsLoaded,
    unit: unitField,
    minQuantity: quantityField,
    quantityStep: quantityField,
    hsn: hsnField,
    gstRate: gstRateField,
    /**
     * Whether the product may be returned (docs/returns.md "Settings"); the editor always sends it. Absent:
     * by its unit (fabric sold by the metre is not returnable).
     */
    returnable: z.boolean({ message: 'must be true or false' }).optional(),
    imgUrl: optionalField(imageUrl),
    images: imageList,
    attributes: z.array(catalogAttributeSchema).max(60).default([]),
    sizes: optionValues,
    colors: optionValues,
    variants: z
      .array(adminVariantInputSchema)
      .max(MAX_VARIANTS_PER_PRODUCT, `must hold at most ${MAX_VARIANTS_PER_PRODUCT} variants`)
      .default([]),
  })
  .superRefine((product, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    product.attributes.forEach((attribute, index) => {
      if (OPTION_ATTRIBUTE_KEYS.includes(attribute.key.toLowerCase())) {
        issue(['attributes', index, 'key'], 'sizes and colours are set under Size and Colour');
      }
    });
    for (const option of ['sizes', 'colors'] as const) {
      const seen = new Set<string>();
      product[option].forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) issue([option, index], `repeats ${JSON.stringify(value)}`);
        seen.add(key);
      });
    }
    for (const problem of productProblems({ ...product, attributes: optionAttributes(product) })) {
      issue(problem.path, problem.message);
    }
    product.variants.forEach((variant, index) => {
      if (variant.id === undefined && variant.stock === undefined) {
        issue(['variants', index, 'stock'], NEW_VARIANT_STOCK_MESSAGE);
      }
    });
    const firstBySku = new Map<string, number | null>([[product.sku.toLowerCase(), null]]);
    product.variants.forEach((variant, index) => {
      const key = variant.sku.toLowerCase();
      const first = firstBySku.get(key);
      if (first !== undefined) issue(['variants', index, 'sku'], `duplicates the sku of ${skuPlace(first)}`);
      else firstBySku.set(key, index);
    });
  });

/** The body as the form and the routes read it (defaults applied, blanks absent). */
export type AdminProductInput = z.output<typeof adminProductInputSchema>;

/**
 * The attributes to store for `product`: `size` with its sizes and `color` with its colours (each when it
 * lists any), then its other attributes.
 */
export function optionAttributes(
  product: Pick<AdminProductInput, 'sizes' | 'colors' | 'attributes'>,
): { key: string; value: string[]; metricUnit?: string | null | undefined }[] {
  return [
    ...(product.sizes.length > 0 ? [{ key: 'size', value: product.sizes, metricUnit: null }] : []),
    ...(product.colors.length > 0 ? [{ key: 'color', value: product.colors, metricUnit: null }] : []),
    ...product.attributes,
  ];
}

/** `/api/v1/admin/products/:productId` path parameters (a product id that is no UUID is answered 404). */
export const adminProductParamsSchema = z.object({ productId: z.string() });

/** One variant as the editor loads it; prices in rupees (null = the product's), stock in the unit. */
const variantValuesSchema = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  stock: z.number().nullable(),
  regularPrice: z.number().nullable(),
  discountedPrice: z.number().nullable(),
  imgUrl: z.string().nullable(),
});

/** A product's editable fields as stored, in the body's shape (rupees; null for absent). */
export const adminProductValuesSchema = z.object({
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  stock: z.number().nullable(),
  unit: z.enum(['piece', 'm']),
  minQuantity: z.number(),
  quantityStep: z.number(),
  hsn: z.string().nullable(),
  gstRate: z.number().nullable(),
  /** Whether it may be returned: its own setting, else by its unit (src/shared/returns/return-rules.ts). */
  returnable: z.boolean(),
  imgUrl: z.string().nullable(),
  images: z.array(z.object({ url: z.string() })),
  attributes: z.array(
    z.object({ key: z.string(), value: z.array(z.string()), metricUnit: z.string().nullable() }),
  ),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  variants: z.array(variantValuesSchema),
});
export type AdminProductValues = z.infer<typeof adminProductValuesSchema>;

/**
 * `GET /api/v1/admin/products/:productId` (and the answer of every save, archive and unarchive): the product's
 * values, whether it is archived (ISO 8601 time, null = on sale), the store's categories (for the form's
 * choices), and its history in the audit log, oldest first.
 */
export const adminProductDetailSchema = z.object({
  id: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  values: adminProductValuesSchema,
  categories: z.array(z.string()),
  history: z.array(auditEntrySchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;
