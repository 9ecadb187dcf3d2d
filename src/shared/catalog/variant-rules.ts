/**
 * Variants of a catalogue product (docs/catalog-format.md "Variants"), for the catalogue file and the admin's
 * product editor alike: the Size × Colour combinations a product
 * really sells, each with its own SKU, stock, optional price (rupees) and image. The rules a product's variants
 * must keep, and the `size` / `color` attributes derived from them when the file gives none.
 */
import { z } from 'zod';
import {
  imageUrl,
  optionalField,
  optionalText,
  regularRupees,
  rupees,
  skuField,
  stockField,
} from './catalog-fields';

/** Most variants one product may have (12 sizes × 20 colours fit with room to spare). */
export const MAX_VARIANTS_PER_PRODUCT = 500;

/** The message on a sale price (`discountedPrice`) that is not below its regular price, as the admin form shows it. */
export const SALE_PRICE_ABOVE_REGULAR = 'Sale price must be below the regular price';
/** The message on a variant's sale price that is not below the product's regular price it falls back to. */
export const SALE_PRICE_ABOVE_PRODUCT_PRICE = "Sale price must be below the product's regular price";

/** One entry of a product's `variants`: all fields but `sku` optional; prices in **rupees**. */
export const importVariantSchema = z.object({
  sku: skuField,
  size: optionalText(60),
  color: optionalText(60),
  /** Pieces or metres on hand (the product's unit); null or absent = not tracked. */
  stock: stockField,
  regularPrice: regularRupees.nullable().optional(),
  discountedPrice: rupees.nullable().optional(),
  imgUrl: optionalField(imageUrl),
});

export type ImportVariant = z.infer<typeof importVariantSchema>;

/** Attribute keys that name a product's sizes and colours (read case-insensitively, docs/product.md §3). */
const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colors', 'colours'];

type AttributeLike = { key: string; value: string[]; metricUnit?: string | null | undefined };

/** The values of the first attribute whose key (any case) is one of `keys`, or undefined when there is none. */
function optionValues(attributes: AttributeLike[], keys: string[]): string[] | undefined {
  return attributes.find((attribute) => keys.includes(attribute.key.toLowerCase()))?.value;
}

/** The fields of a product that the variant rules read. */
export type ProductWithVariants = {
  regularPrice: number;
  discountedPrice?: number | null | undefined;
  stock?: number | null | undefined;
  attributes: AttributeLike[];
  variants: ImportVariant[];
};

type Issue = { path: (string | number)[]; message: string };

const OPTIONS = [
  { field: 'size', keys: SIZE_KEYS, noun: 'size', plural: 'sizes' },
  { field: 'color', keys: COLOR_KEYS, noun: 'colour', plural: 'colours' },
] as const;

/** 'M / Maroon', 'M', 'Maroon', or 'no size or colour'. */
function combinationLabel(variant: ImportVariant): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || 'no size or colour';
}

/**
 * The problems of a product's variants, with paths relative to the product:
 * - a product with variants gives no `stock` of its own ('must not be given for a product with variants; stock
 *   is kept per variant');
 * - each option is given on every variant or on none ('is missing; give every variant of this product a size,
 *   or none');
 * - when the product's attributes list sizes (colours), each variant's size (colour) is one of them
 *   (`"XXL" is not one of the product's sizes`, `"Teal" is not one of the product's colours`);
 * - a size and colour combination appears once (compared case-insensitively);
 * - a variant's `discountedPrice` is below its own `regularPrice`, else below the product's.
 */
export function variantProblems(product: ProductWithVariants): Issue[] {
  const { variants } = product;
  const issues: Issue[] = [];
  if (variants.length === 0) return issues;
  if (product.stock != null) {
    issues.push({
      path: ['stock'],
      message: 'must not be given for a product with variants; stock is kept per variant',
    });
  }
  for (const option of OPTIONS) {
    const given = variants.some((variant) => variant[option.field]);
    const allowed = optionValues(product.attributes, [...option.keys]);
    variants.forEach((variant, index) => {
      const value = variant[option.field];
      if (!value) {
        if (given) {
          issues.push({
            path: ['variants', index, option.field],
            message: `is missing; give every variant of this product a ${option.noun}, or none`,
          });
        }
      } else if (allowed && !allowed.includes(value)) {
        issues.push({
          path: ['variants', index, option.field],
          message: `${JSON.stringify(value)} is not one of the product's ${option.plural}`,
        });
      }
    });
  }
  const firstByCombination = new Map<string, number>();
  variants.forEach((variant, index) => {
    const key = `${(variant.size ?? '').toLowerCase()}\u0000${(variant.color ?? '').toLowerCase()}`;
    const first = firstByCombination.get(key);
    if (first === undefined) firstByCombination.set(key, index);
    else {
      issues.push({
        path: ['variants', index],
        message: `repeats the size and colour of variants[${first}] (${combinationLabel(variant)})`,
      });
    }
  });
  variants.forEach((variant, index) => {
    if (variant.discountedPrice == null) return;
    const own = variant.regularPrice != null;
    const regular = variant.regularPrice ?? product.regularPrice;
    if (regular > 0 && variant.discountedPrice >= regular) {
      issues.push({
        path: ['variants', index, 'discountedPrice'],
        message: own ? SALE_PRICE_ABOVE_REGULAR : SALE_PRICE_ABOVE_PRODUCT_PRICE,
      });
    }
  });
  return issues;
}

/**
 * The attributes to store for a product: its own, preceded by a `size` and/or `color` attribute derived from
 * the variants (values in order of first appearance) when the variants have that option and the attributes
 * do not list it, so the storefront shows the choices the variants offer.
 */
export function attributesWithOptions<T extends AttributeLike>(
  attributes: T[],
  variants: ImportVariant[],
): (T | { key: string; value: string[]; metricUnit: null })[] {
  const derived: { key: string; value: string[]; metricUnit: null }[] = [];
  for (const option of OPTIONS) {
    if (optionValues(attributes, [...option.keys])) continue;
    const values = [
      ...new Set(
        variants.map((variant) => variant[option.field]).filter((value): value is string => Boolean(value)),
      ),
    ];
    if (values.length > 0) derived.push({ key: option.field, value: values, metricUnit: null });
  }
  return [...derived, ...attributes];
}
