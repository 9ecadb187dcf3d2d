/**
 * What the importer stores for one product of the catalogue file, in a stable shape: prices in **paise**,
 * quantities in the product's unit (pieces or metres), the attributes with the options derived from the
 * variants, and the variants in file order. Its hash decides whether a product changed since the last import.
 */
import { rupeesToPaise } from '@shared/money';
import type { ImportProduct } from './import-product-schema';
import { quantityRuleOf } from '@shared/catalog/selling-rules';
import { attributesWithOptions } from '@shared/catalog/variant-rules';

/** The attribute values a listing filters on, read case-insensitively from the attributes (docs/product.md §3). */
function attributeValue(product: ImportProduct, key: string): string[] {
  return product.attributes.find((attribute) => attribute.key.toLowerCase() === key)?.value ?? [];
}

const paiseOrNull = (rupees: number | null | undefined) => (rupees == null ? null : rupeesToPaise(rupees));

/** One variant as stored: own prices in paise (null = the product's), stock in the product's unit. */
export type VariantRecord = {
  sku: string;
  size: string | null;
  color: string | null;
  stock: number | null;
  regularPricePaise: number | null;
  discountedPricePaise: number | null;
  imgUrl: string | null;
};

/**
 * The stored form of `product` at file position `sortOrder`. A product with variants keeps no stock of its
 * own (`stock` null): each variant holds its own.
 */
export function productRecord(product: ImportProduct, sortOrder: number) {
  const images = product.images.map((image) => image.url);
  const rule = quantityRuleOf(product);
  const variants: VariantRecord[] = product.variants.map((variant) => ({
    sku: variant.sku,
    size: variant.size ?? null,
    color: variant.color ?? null,
    stock: variant.stock ?? null,
    regularPricePaise: paiseOrNull(variant.regularPrice),
    discountedPricePaise: paiseOrNull(variant.discountedPrice),
    imgUrl: variant.imgUrl ?? null,
  }));
  return {
    title: product.title,
    description: product.description,
    imgUrl: product.imgUrl ?? images[0] ?? null,
    category: product.category,
    parentCategory: product.parentCategory ?? null,
    regularPricePaise: rupeesToPaise(product.regularPrice),
    discountedPricePaise: paiseOrNull(product.discountedPrice),
    stock: variants.length > 0 ? null : (product.stock ?? null),
    unit: rule.unit,
    minQuantity: rule.minQuantity,
    quantityStep: rule.quantityStep,
    gender: attributeValue(product, 'gender')[0] ?? null,
    featured: attributeValue(product, 'featured').some((value) => value.toLowerCase().includes('true')),
    hsn: product.hsn ?? null,
    gstRate: product.gstRate ?? null,
    // Only when the file or the editor gave it: a file without it keeps the hashes it always had.
    ...(product.returnable === undefined ? {} : { returnable: product.returnable }),
    sortOrder,
    images,
    attributes: attributesWithOptions(product.attributes, product.variants).map((attribute) => ({
      key: attribute.key,
      values: attribute.value,
      metricUnit: attribute.metricUnit ?? null,
    })),
    variants,
  };
}

export type ProductRecord = ReturnType<typeof productRecord>;

/**
 * The `products` columns a record sets, shared by the catalogue import and the admin's product editor: all
 * but SKU, store, stock, order and content hash. Prices in paise, quantities in the product's unit.
 */
export function productRowColumns(record: ProductRecord, categoryId: number) {
  return {
    title: record.title,
    description: record.description,
    imgUrl: record.imgUrl,
    categoryId,
    parentCategory: record.parentCategory,
    regularPricePaise: record.regularPricePaise,
    discountedPricePaise: record.discountedPricePaise,
    unit: record.unit,
    minQuantity: record.minQuantity,
    quantityStep: record.quantityStep,
    gender: record.gender,
    featured: record.featured,
    hsn: record.hsn,
    gstRate: record.gstRate,
    /** null: returnable by the unit's default (src/shared/returns/return-rules.ts `isReturnable`). */
    returnable: record.returnable ?? null,
  };
}
