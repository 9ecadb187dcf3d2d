/**
 * The SQL conditions of a search list (docs/decisions/012-search-in-postgresql.md), over `products` joined to
 * `categories` under their table names. Size, colour and price match what can be bought now: an available
 * variant (stock not tracked, or at least the product's minimum quantity on hand) of that size and colour whose
 * price — the price the shopper pays, paise — is in range; a product without variants matches on its size and
 * colour attributes and its own price when it is available itself. Values compare case-insensitively.
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

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Stock `stock` (pieces or metres) can sell the product's smallest quantity, or is not tracked. */
const available = (stock: SQL) =>
  sql`(${stock} is null or (${stock} > 0 and ${stock} >= products.min_quantity))`;

const VARIANT_PRICE = sql`coalesce(v.discounted_price_paise, v.regular_price_paise, products.discounted_price_paise, products.regular_price_paise)`;
const PRODUCT_PRICE = sql`coalesce(products.discounted_price_paise, products.regular_price_paise)`;

/** The price a shopper pays for the product as listed (paise), for sorting. */
export const LISTED_PRICE = PRODUCT_PRICE;

/** Which offer selections a condition applies (a facet leaves its own out). */
export type OfferParts = { sizes: boolean; colors: boolean; price: boolean };
const ALL_PARTS: OfferParts = { sizes: true, colors: true, price: true };

function priceRange(price: SQL, selection: SearchSelection): SQL[] {
  const parts: SQL[] = [];
  if (selection.minPricePaise !== undefined) parts.push(sql`${price} >= ${selection.minPricePaise}`);
  if (selection.maxPricePaise !== undefined) parts.push(sql`${price} <= ${selection.maxPricePaise}`);
  return parts;
}

/**
 * The product has something to buy of the chosen sizes, colours and price (only the `parts` asked for);
 * undefined when none of them is chosen.
 */
export function offerCondition(selection: SearchSelection, parts: OfferParts = ALL_PARTS): SQL | undefined {
  const sizes = parts.sizes ? selection.sizes : [];
  const colors = parts.colors ? selection.colors : [];
  const hasPrice =
    parts.price && (selection.minPricePaise !== undefined || selection.maxPricePaise !== undefined);
  if (sizes.length === 0 && colors.length === 0 && !hasPrice) return undefined;
  const variantParts: SQL[] = [available(sql`v.stock`)];
  const ownParts: SQL[] = [available(sql`products.stock`)];
  if (sizes.length > 0) {
    variantParts.push(sql`lower(v.size) = any(${textArray(sizes)})`);
    ownParts.push(
      sql`exists (select 1 from unnest(products.search_sizes) s where lower(s) = any(${textArray(sizes)}))`,
    );
  }
  if (colors.length > 0) {
    variantParts.push(sql`lower(v.color) = any(${textArray(colors)})`);
    ownParts.push(
      sql`exists (select 1 from unnest(products.search_colors) c where lower(c) = any(${textArray(colors)}))`,
    );
  }
  if (hasPrice) {
    variantParts.push(...priceRange(VARIANT_PRICE, selection));
    ownParts.push(...priceRange(PRODUCT_PRICE, selection));
  }
  return sql`(exists (select 1 from product_variants v where v.product_id = products.id and v.store_id = products.store_id and ${sql.join(variantParts, sql` and `)})
    or (not exists (select 1 from product_variants v where v.product_id = products.id) and ${sql.join(ownParts, sql` and `)}))`;
}

/** The product is of the chosen category; undefined without one. */
export function categoryCondition(selection: SearchSelection): SQL | undefined {
  return selection.category === undefined ? undefined : sql`lower(categories.name) = ${selection.category}`;
}

/** The product's fabric attribute holds one of the chosen fabrics; undefined without any. */
export function fabricCondition(selection: SearchSelection): SQL | undefined {
  if (selection.fabrics.length === 0) return undefined;
  return sql`exists (select 1 from unnest(products.search_fabrics) f where lower(f) = any(${textArray(selection.fabrics)}))`;
}

/**
 * Every available offer of a product (alias `o`: size, colour, their lower-case keys, price in paise): one per
 * available variant, or for an available product without variants one per size × colour of its attributes.
 * For a `cross join lateral`.
 */
export const OFFERS = sql`(
  select v.size, v.color, lower(v.size) as size_key, lower(v.color) as color_key, ${VARIANT_PRICE} as price
  from product_variants v
  where v.product_id = products.id and v.store_id = products.store_id and ${available(sql`v.stock`)}
  union all
  select s.size, k.color, lower(s.size), lower(k.color), ${PRODUCT_PRICE}
  from unnest(case when cardinality(products.search_sizes) = 0 then array[null]::text[] else products.search_sizes end) as s(size)
  cross join unnest(case when cardinality(products.search_colors) = 0 then array[null]::text[] else products.search_colors end) as k(color)
  where not exists (select 1 from product_variants v where v.product_id = products.id) and ${available(sql`products.stock`)}
) o`;

/** Conditions on an offer row `o` for the chosen sizes, colours and price (only the `parts` asked for). */
export function offerRowConditions(selection: SearchSelection, parts: OfferParts): SQL[] {
  const conditions: SQL[] = [];
  if (parts.sizes && selection.sizes.length > 0)
    conditions.push(sql`o.size_key = any(${textArray(selection.sizes)})`);
  if (parts.colors && selection.colors.length > 0) {
    conditions.push(sql`o.color_key = any(${textArray(selection.colors)})`);
  }
  if (parts.price) conditions.push(...priceRange(sql`o.price`, selection));
  return conditions;
}
