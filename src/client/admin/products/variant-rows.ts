/**
 * The rows of the editor's variant matrix (docs/admin.md "Product"), without React: Generate's Size × Colour
 * combinations (smallest size first) keeping the rows that exist, new rows' SKUs, and a row as shown (price and stock as typed) and
 * as the form holds it (numbers; blank: null). Prices in rupees; stock in the product's unit.
 */
import type { AdminVariantInput } from '@shared/admin/admin-product-editor-schemas';
import { sortSizes } from '@shared/catalog/size-order';
import { numberOrNull } from './product-form-values';

/** 'S, M , L' → ['S', 'M', 'L'] (blank entries dropped, order kept). */
export const listOf = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** A new row's SKU: the product's, then the size and colour in capitals, other characters as dashes. */
export function variantSku(productSku: string, size: string | undefined, color: string | undefined): string {
  return [productSku, size, color]
    .filter(Boolean)
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64);
}

const comboKey = (size: string | null | undefined, color: string | null | undefined) =>
  `${(size ?? '').toLowerCase()}\u0000${(color ?? '').toLowerCase()}`;

/**
 * Every combination of `sizes` × `colors` (sizes outer, smallest first: src/shared/catalog/size-order.ts;
 * colours in order), taking the row of `current` with that size and colour (letter case ignored) where there
 * is one, else `make(size, color)`.
 */
export function generateRows<
  T extends { size?: string | null | undefined; color?: string | null | undefined },
>(
  sizes: string[],
  colors: string[],
  current: T[],
  make: (size: string | undefined, color: string | undefined) => T,
): T[] {
  const byCombo = new Map(current.map((row) => [comboKey(row.size, row.color), row]));
  const sizeList: (string | undefined)[] = sizes.length > 0 ? sortSizes(sizes) : [undefined];
  const colorList: (string | undefined)[] = colors.length > 0 ? colors : [undefined];
  return sizeList.flatMap((size) =>
    colorList.map((color) => byCombo.get(comboKey(size, color)) ?? make(size, color)),
  );
}

/** A row of the matrix on screen: the variant, its price and stock as typed, and a key for React. */
export type Row = {
  key: number;
  variant: AdminVariantInput;
  size?: string | null | undefined;
  color?: string | null | undefined;
  price: string;
  stock: string;
};
let lastRowKey = 0;
const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
/** A stored or new variant as a row on screen, with a fresh key. */
export const rowOf = (variant: AdminVariantInput): Row => ({
  key: (lastRowKey += 1),
  variant,
  size: variant.size,
  color: variant.color,
  price: textOf(variant.regularPrice),
  stock: textOf(variant.stock),
});
/** A row as the form holds it: price and stock read as numbers (blank: null; bad text: NaN, refused). */
export const variantOf = (row: Row): AdminVariantInput => ({
  ...row.variant,
  regularPrice: numberOrNull(row.price),
  stock: numberOrNull(row.stock),
});
