/**
 * The catalogue as a spreadsheet (docs/catalog-format.md "CSV export"): one row per variant (one row for a
 * product without variants) with its live stock, in the columns of Shopify's product CSV that fit our data.
 * Prices in **rupees** with 2 decimals (`1999.00`), as Shopify's file writes them: `Variant Price` is what the
 * shopper pays, `Variant Compare At Price` the regular price when it is discounted (by the variant price rule,
 * src/shared/catalog/variant-price.ts). `Variant Inventory Qty` is the stock on hand now, in pieces or metres
 * (`Unit`); an empty cell means the stock is not tracked. Export only: the catalogue file (JSON) is what imports.
 */
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import { variantPricePaise, type PricePaise } from '@shared/catalog/variant-price';
import type { Db } from '../../db/database';
import { categories, products, productVariants } from '../../db/schema/catalog-tables';

/** The CSV's columns, in order (Shopify's names; `Unit` is ours: `piece` or `m`). */
export const CATALOG_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Type',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Unit',
  'Image Src',
  'Variant Image',
] as const;

/** A product's handle: its SKU in lower case, every run of other characters than a–z and 0–9 a hyphen. */
export function productHandle(sku: string): string {
  return sku
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Paise as rupees with 2 decimals (`199900` → `1999.00`); '' for none. */
const rupeeCell = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));
/** The stock cell: pieces or metres as a plain number; '' when the stock is not tracked (null). */
const stockCell = (stock: number | null) => (stock === null ? '' : String(stock));
/** `Variant Price` (what the shopper pays) and `Variant Compare At Price` (the regular price, when discounted). */
const priceCells = (price: PricePaise) =>
  price.discountedPricePaise === null
    ? [rupeeCell(price.regularPricePaise), '']
    : [rupeeCell(price.discountedPricePaise), rupeeCell(price.regularPricePaise)];

/**
 * The options of a variant as Shopify's `Option1`/`Option2` pairs: `Size` then `Color`, each only when some
 * variant of the product has one; a product without variants is Shopify's `Title` / `Default Title`.
 */
function optionCells(
  names: string[],
  variant: { size: string | null; color: string | null } | null,
): [string, string, string, string] {
  if (!variant) return ['Title', 'Default Title', '', ''];
  const value = (name: string) => (name === 'Size' ? variant.size : variant.color) ?? '';
  return [names[0] ?? '', names[0] ? value(names[0]) : '', names[1] ?? '', names[1] ? value(names[1]) : ''];
}

/**
 * The CSV of `storeId`'s catalogue, archived products included (`Status` `archived`), in the listing order;
 * title, type (category), status and image only on a product's first row, as Shopify writes them. Cells that
 * start with = + - @ are prefixed so a spreadsheet shows them as text.
 */
export async function exportCatalogCsv(db: Db, storeId: number): Promise<string> {
  const rows = await db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.sortOrder), asc(products.createdAt), asc(products.id));
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.storeId, storeId))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const variantsOf = new Map<string, (typeof variants)[number][]>();
  for (const variant of variants) {
    variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant]);
  }

  const lines = rows.flatMap(({ product, category }) => {
    const own = variantsOf.get(product.id) ?? [];
    const handle = productHandle(product.sku);
    const price: PricePaise = {
      regularPricePaise: product.regularPricePaise,
      discountedPricePaise: product.discountedPricePaise,
    };
    const first = [product.title, category, product.archivedAt ? 'archived' : 'active'];
    if (own.length === 0) {
      return [
        [
          handle,
          ...first,
          ...optionCells([], null),
          product.sku,
          ...priceCells(price),
          stockCell(product.stock),
          product.unit,
          product.imgUrl ?? '',
          '',
        ],
      ];
    }
    const names = [
      ...(own.some((variant) => variant.size) ? ['Size'] : []),
      ...(own.some((variant) => variant.color) ? ['Color'] : []),
    ];
    return own.map((variant, index) => [
      handle,
      ...(index === 0 ? first : ['', '', '']),
      ...optionCells(names, variant),
      variant.sku,
      ...priceCells(variantPricePaise(price, variant)),
      stockCell(variant.stock),
      product.unit,
      index === 0 ? (product.imgUrl ?? '') : '',
      variant.imgUrl ?? '',
    ]);
  });
  return stringify(lines, { header: true, columns: [...CATALOG_CSV_COLUMNS], escape_formulas: true });
}
