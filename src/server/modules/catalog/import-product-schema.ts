/**
 * One product as the catalogue file gives it (docs/catalog-format.md "Products") and as the admin's product
 * editor saves it: prices in **rupees** (at most 2 decimals; the importer stores paise), sold by the piece or
 * by the metre (`unit`, `minQuantity`, `quantityStep`: src/shared/catalog/selling-rules.ts), with its Size ×
 * Colour `variants` (src/shared/catalog/variant-rules.ts) and its GST fields `hsn` and `gstRate`
 * (src/shared/gst/gst-product-fields.ts). An empty or whitespace-only optional string means the field is
 * absent, and an image entry whose `url` is blank is dropped.
 */
import { z } from 'zod';
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
} from '@shared/catalog/catalog-fields';
import { productProblems } from '@shared/catalog/product-rules';
import { quantityField, unitField } from '@shared/catalog/selling-rules';
import { importVariantSchema, MAX_VARIANTS_PER_PRODUCT } from '@shared/catalog/variant-rules';
import { gstRateField, hsnField } from '@shared/gst/gst-product-fields';
import { productAddOnsField } from '@shared/add-ons/add-on-schemas';

/** A product of the catalogue file, checked field by field and then by the product rules. */
export const importProductSchema = z
  .object({
    sku: skuField,
    title: productTitleField,
    description: productDescriptionField,
    imgUrl: optionalField(imageUrl),
    category: categoryNameField,
    parentCategory: optionalText(60),
    /** Per piece, or per metre when `unit` is `m`. */
    regularPrice: regularRupees,
    discountedPrice: rupees.nullable().optional(),
    /** Pieces or metres on hand; null or absent = not tracked. Not given for a product with variants. */
    stock: stockField,
    /** `piece` (default) or `m`: sold by length, prices per metre, stock and quantities in metres. */
    unit: unitField,
    /** Smallest quantity of one line in the unit (pieces: 1; metres: default 1). */
    minQuantity: quantityField,
    /** Quantities go up in steps of this, in the unit (pieces: 1; metres: default 0.5). */
    quantityStep: quantityField,
    images: imageList,
    attributes: z.array(catalogAttributeSchema).max(60).default([]),
    /** HSN code (4, 6 or 8 digits); absent: the category's default in `store.gstDefaults`. */
    hsn: hsnField,
    /** GST rate in percent, overriding the rules (docs/gst.md); absent: the category's default, else the rules. */
    gstRate: gstRateField,
    /**
     * Whether the product may be returned (docs/returns.md "Settings"); absent: by its unit, everything but
     * fabric sold by the metre (src/shared/returns/return-rules.ts `isReturnable`).
     */
    returnable: z.boolean({ message: 'must be true or false' }).optional(),
    /**
     * The store add-ons this product offers (docs/add-ons.md): codes among `store.addOns`, or `false` for none;
     * absent: the store's add-ons of its category.
     */
    addOns: productAddOnsField,
    variants: z
      .array(importVariantSchema)
      .max(MAX_VARIANTS_PER_PRODUCT, `must hold at most ${MAX_VARIANTS_PER_PRODUCT} variants`)
      .default([]),
  })
  .superRefine((product, context) => {
    for (const issue of productProblems(product)) context.addIssue({ code: 'custom', ...issue });
  });

export type ImportProduct = z.infer<typeof importProductSchema>;
