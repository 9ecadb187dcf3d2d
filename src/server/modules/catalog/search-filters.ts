/**
 * The SQL conditions of a search list (docs/decisions/012-search-in-postgresql.md). Size, colour and price match
 * what can be bought now: an available variant (stock not tracked, or at least the product's minimum quantity
 * on hand) of that size and colour whose price — the price the shopper pays, paise — is in range; a product
 * without variants matches on its size and colour attributes and its own price when it is available itself.
 * Values compare case-insensitively.
 *
 * These offers are not read from `product_variants` at search time: database triggers keep them on each product
 * (`products.offer_*`, drizzle/0009_product_offers.sql) on every stock, price or attribute change, so a
 * condition is a GIN-indexed array test on the product row. Offers are `Size‹US›Colour‹US›price` strings
 * (‹US› = U+001F, `chr(31)`); the keys are lower-case.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/money';
import type { ProductListQuery } from '@shared/catalog/product-schema';

/** The selections of a search, lower-case; prices in paise. */
export type SearchSelection = {
  category: string | undefined;
  sizes: string[];
  colors: string[];
  fabrics: string[];
  minPricePaise: number | undefined;
  maxPricePaise: number | undefined;
};

/** The selections of `query`, normalised. */
export function selectionOf(query: ProductListQuery): SearchSelection {
  const lower = (values: string[] | undefined) => [...new Set((values ?? []).map((v) => v.toLowerCase()))];
  return {
    category: query.category?.toLowerCase(),
    sizes: lower(query.size),
    colors: lower(query.color),
    fabrics: lower(query.fabric),
    minPricePaise: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
    maxPricePaise: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
  };
}

/** `array[...]::text[]` of `values` as parameters. */
export const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The separator of the parts of an offer and of a size–colour pair (U+001F). */
const SEPARATOR = '\u001f';

/** Size, colour (as spelt, '' for none) and price (paise) of the offer string `entry`. */
export const offerSize = (entry: SQL): SQL => sql`split_part(${entry}, chr(31), 1)`;
export const offerColor = (entry: SQL): SQL => sql`split_part(${entry}, chr(31), 2)`;
export const offerPrice = (entry: SQL): SQL => sql`split_part(${entry}, chr(31), 3)::integer`;

/** The price a shopper pays for the product as listed (paise), for sorting. */
export const LISTED_PRICE = sql`coalesce(products.discounted_price_paise, products.regular_price_paise)`;

/** Which offer selections a condition applies (a facet leaves its own out). */
export type OfferParts = { sizes: boolean; colors: boolean; price: boolean };
const ALL_PARTS: OfferParts = { sizes: true, colors: true, price: true };

function priceRange(price: SQL, selection: SearchSelection): SQL[] {
  const parts: SQL[] = [];
  if (selection.minPricePaise !== undefined) parts.push(sql`${price} >= ${selection.minPricePaise}`);
  if (selection.maxPricePaise !== undefined) parts.push(sql`${price} <= ${selection.maxPricePaise}`);
  return parts;
}

/** The selections among `parts` that are chosen. */
function chosen(selection: SearchSelection, parts: OfferParts) {
  return {
    sizes: parts.sizes ? selection.sizes : [],
    colors: parts.colors ? selection.colors : [],
    price: parts.price && (selection.minPricePaise !== undefined || selection.maxPricePaise !== undefined),
  };
}

/**
 * Conditions on one offer string `entry` for the chosen sizes, colours and price (only the `parts` asked for).
 */
export function offerEntryConditions(entry: SQL, selection: SearchSelection, parts: OfferParts): SQL[] {
  const { sizes, colors, price } = chosen(selection, parts);
  const conditions: SQL[] = [];
  if (sizes.length > 0) conditions.push(sql`lower(${offerSize(entry)}) = any(${textArray(sizes)})`);
  if (colors.length > 0) conditions.push(sql`lower(${offerColor(entry)}) = any(${textArray(colors)})`);
  if (price) conditions.push(...priceRange(offerPrice(entry), selection));
  return conditions;
}

/**
 * The product (`table`: `products` or an alias with its offer columns) has something to buy of the chosen
 * sizes, colours and price (only the `parts` asked for); undefined when none of them is chosen. Sizes and
 * colours test the indexed key arrays (a size and a colour together: the pairs, so one offer has both); a price
 * range is exact on the lowest and highest offer price when they are equal and otherwise checks the offers one
 * by one.
 */
export function offerCondition(
  selection: SearchSelection,
  parts: OfferParts = ALL_PARTS,
  table = 'products',
): SQL | undefined {
  const { sizes, colors, price } = chosen(selection, parts);
  if (sizes.length === 0 && colors.length === 0 && !price) return undefined;
  const column = (name: string) => sql.raw(`${table}.${name}`);
  const conditions: SQL[] = [];
  if (sizes.length > 0 && colors.length > 0) {
    const pairs = sizes.flatMap((size) => colors.map((color) => `${size}${SEPARATOR}${color}`));
    conditions.push(sql`${column('offer_pairs')} && ${textArray(pairs)}`);
  } else if (sizes.length > 0) {
    conditions.push(sql`${column('offer_sizes')} && ${textArray(sizes)}`);
  } else if (colors.length > 0) {
    conditions.push(sql`${column('offer_colors')} && ${textArray(colors)}`);
  }
  if (price) {
    if (selection.minPricePaise !== undefined) {
      conditions.push(sql`${column('offer_max_price_paise')} >= ${selection.minPricePaise}`);
    }
    if (selection.maxPricePaise !== undefined) {
      conditions.push(sql`${column('offer_min_price_paise')} <= ${selection.maxPricePaise}`);
    }
    const entry = sql`e`;
    conditions.push(sql`(${column('offer_min_price_paise')} = ${column('offer_max_price_paise')}
      or exists (select 1 from unnest(${column('offer_entries')}) as e where ${sql.join(
        offerEntryConditions(entry, selection, parts),
        sql` and `,
      )}))`);
  }
  return sql.join(conditions, sql` and `);
}

/** The product is of the chosen category; undefined without one. */
export function categoryCondition(selection: SearchSelection, name = sql`categories.name`): SQL | undefined {
  return selection.category === undefined ? undefined : sql`lower(${name}) = ${selection.category}`;
}

/** The product's fabric attribute holds one of the chosen fabrics; undefined without any. */
export function fabricCondition(selection: SearchSelection, table = 'products'): SQL | undefined {
  if (selection.fabrics.length === 0) return undefined;
  return sql`exists (select 1 from unnest(${sql.raw(`${table}.search_fabrics`)}) f where lower(f) = any(${textArray(selection.fabrics)}))`;
}
