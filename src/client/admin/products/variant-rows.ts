/**
 * The rows of the editor's variant grid (docs/admin.md "Product"), without React: the grid's sizes (smallest
 * first) and colours (in order), the Size × Colour combinations the product does not sell yet (which the owner
 * ticks to add), new rows (stock 0, tracked, marked new), rows of values no longer listed, new rows' SKUs, and
 * a row as shown (price and stock as typed) and as the form holds it (numbers; blank price: null). Prices in
 * rupees; stock in the product's unit (pieces or metres).
 */
import type { AdminVariantInput } from '@shared/admin/admin-product-editor-schemas';
import { compareSizes, sortSizes } from '@shared/catalog/size-order';
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

/** The key of a size and colour combination (letter case ignored). */
export const comboKey = (size: string | null | undefined, color: string | null | undefined) =>
  `${(size ?? '').toLowerCase()}\u0000${(color ?? '').toLowerCase()}`;

/** 'M / Mustard', 'M', 'Mustard', or 'Variant' (a row's name in labels and messages). */
export const comboLabel = (size: string | null | undefined, color: string | null | undefined) =>
  [size, color].filter(Boolean).join(' / ') || 'Variant';

/** One Size × Colour combination (an option the product does not have is undefined). */
export type Combo = { size: string | undefined; color: string | undefined };

/** A row of the grid on screen: the variant, its price and stock as typed, and a key for React. */
export type Row = {
  key: number;
  variant: AdminVariantInput;
  size?: string | null | undefined;
  color?: string | null | undefined;
  price: string;
  stock: string;
  /** False only when the owner chose 'not tracked' (or it was stored so): the variant sells without limit. */
  tracked: boolean;
  /** Added in this form and not edited since: highlighted as 'New' until edited or saved. */
  isNew: boolean;
};

const uniqueValues = (values: (string | null | undefined)[]) => {
  const seen = new Set<string>();
  return values.filter((value): value is string => {
    if (!value || seen.has(value.toLowerCase())) return false;
    seen.add(value.toLowerCase());
    return true;
  });
};

/**
 * The grid's sizes (smallest first: src/shared/catalog/size-order.ts) and colours (in the order typed): the
 * values listed, then the values rows still use that are no longer listed (so every row shows).
 */
export function gridValues(
  sizes: string[],
  colors: string[],
  rows: Pick<Row, 'size' | 'color'>[],
): { sizes: string[]; colors: string[] } {
  return {
    sizes: sortSizes(uniqueValues([...sizes, ...rows.map((row) => row.size)])),
    colors: uniqueValues([...colors, ...rows.map((row) => row.color)]),
  };
}

/**
 * Every combination of `sizes` × `colors` (sizes outer, smallest first; colours in order) that no row of
 * `rows` has (letter case ignored): what the product does not sell yet. One option alone gives one
 * combination per value; none gives none.
 */
export function missingCombinations(
  sizes: string[],
  colors: string[],
  rows: Pick<Row, 'size' | 'color'>[],
): Combo[] {
  if (sizes.length === 0 && colors.length === 0) return [];
  const have = new Set(rows.map((row) => comboKey(row.size, row.color)));
  const sizeList: (string | undefined)[] = sizes.length > 0 ? sortSizes(sizes) : [undefined];
  const colorList: (string | undefined)[] = colors.length > 0 ? colors : [undefined];
  return sizeList.flatMap((size) =>
    colorList.flatMap((color) => (have.has(comboKey(size, color)) ? [] : [{ size, color }])),
  );
}

/** The rows whose size or colour is not one of the values listed (or that lack an option that is listed). */
export function unlistedRows<T extends Pick<Row, 'size' | 'color'>>(
  sizes: string[],
  colors: string[],
  rows: T[],
): T[] {
  const listed = (values: string[], value: string | null | undefined) =>
    values.length === 0
      ? !value
      : Boolean(value) && values.some((other) => other.toLowerCase() === value!.toLowerCase());
  return rows.filter((row) => !listed(sizes, row.size) || !listed(colors, row.color));
}

/**
 * `rows` in the grid's order: by size (smallest first), then by the colour's place in `colors` (unlisted
 * colours last); rows of the same place keep their order.
 */
export function inGridOrder<T extends Pick<Row, 'size' | 'color'>>(rows: T[], colors: string[]): T[] {
  const colorPlace = (color: string | null | undefined) => {
    const index = colors.findIndex((other) => other.toLowerCase() === (color ?? '').toLowerCase());
    return index === -1 ? colors.length : index;
  };
  return [...rows].sort(
    (a, b) => compareSizes(a.size ?? '', b.size ?? '') || colorPlace(a.color) - colorPlace(b.color),
  );
}

let lastRowKey = 0;
const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A stored or new variant as a row on screen, with a fresh key (stock null: not tracked). */
export const rowOf = (variant: AdminVariantInput): Row => ({
  key: (lastRowKey += 1),
  variant,
  size: variant.size,
  color: variant.color,
  price: textOf(variant.regularPrice),
  stock: textOf(variant.stock),
  tracked: variant.stock !== null && variant.stock !== undefined,
  isNew: false,
});

/**
 * A row the owner adds: the product's SKU with the size and colour, the product's price, and stock 0 —
 * tracked, so nothing sells until the owner enters a stock (never 'not tracked' by default).
 */
export const newRow = (productSku: string, combo: Combo): Row => ({
  ...rowOf({
    sku: variantSku(productSku, combo.size, combo.color),
    size: combo.size,
    color: combo.color,
    stock: 0,
    regularPrice: null,
  }),
  isNew: true,
});

/**
 * A row as the form holds it: price read as a number (blank: null, the product's); stock read as a number
 * when tracked (blank or bad text: NaN, which the schema refuses as 'must be a number'), null when not.
 */
export const variantOf = (row: Row): AdminVariantInput => ({
  ...row.variant,
  regularPrice: numberOrNull(row.price),
  stock: row.tracked ? (numberOrNull(row.stock) ?? Number.NaN) : null,
});
