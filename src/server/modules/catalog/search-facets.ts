/**
 * Facets of a search (`facets=1`): size, colour, fabric and category values with product counts, and the price
 * range, among the products matching the text and the spec's filters. Each facet is counted with every other
 * selection applied and its own left out (so a shopper can widen a choice). Size and colour come from what can
 * be bought now — the offers the database keeps on each product (search-filters.ts) — so a sold-out size is not
 * offered. One statement; scoped to the store through the shared conditions. A value spelt in several ways
 * ('Maroon', 'maroon') is one value, shown in its most common spelling among the offers counted.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import type { FacetValue, ProductFacets } from '@shared/catalog/product-schema';
import { rowsOf, type Db } from '../../db/database';
import type { SearchBase } from './product-search';
import {
  categoryCondition,
  fabricCondition,
  offerColor,
  offerCondition,
  offerEntryConditions,
  offerPrice,
  offerSize,
  type OfferParts,
  type SearchSelection,
} from './search-filters';

/** Values listed per facet at most (most products first). */
const MAX_FACET_VALUES = 50;

/** Among equally common spellings, mixed case ('Maroon') before 'MAROON' or 'maroon', then by code point. */
const spelling = (value: SQL): SQL =>
  sql`substr(mode() within group (order by (case when ${value} = upper(${value}) or ${value} = lower(${value}) then '1' else '0' end || ${value}) collate "C"), 2)`;

const whereAll = (parts: (SQL | undefined)[]): SQL => and(...parts) ?? sql`true`;

/** `[{value, count}]` as JSON from grouped rows `(value, count)`, most products first, then by value. */
const facetJson = (grouped: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_object('value', g.value, 'count', g.count) order by g.count desc, g.value), '[]'::json)
  from (${grouped} order by count desc, value limit ${MAX_FACET_VALUES}) g
)`;

/**
 * The facets of the search `base` with `selection` (counts of products; price range in rupees, null when no
 * product matches). The matching products are read once (materialised) with their offers; each facet first
 * narrows them on the indexed offer keys, then reads the offers of those left.
 */
export async function productFacets(
  db: Db,
  base: SearchBase,
  selection: SearchSelection,
): Promise<ProductFacets> {
  const inCategory = categoryCondition(selection, sql`m.category_name`);
  const inFabric = fabricCondition(selection, 'm');
  const hasOffer = (parts: OfferParts) => offerCondition(selection, parts, 'm');
  const entry = sql`e`;
  const all: OfferParts = { sizes: true, colors: true, price: true };
  /** Offers `e` of the products `m` left after `products` conditions, each meeting `entries` conditions. */
  const offers = (products: (SQL | undefined)[], entries: SQL[]) => sql`
    from matched m cross join lateral unnest(m.offer_entries) as e
    where ${whereAll([...products, ...entries])}`;
  const offerFacet = (key: 'size' | 'color') => {
    const value = key === 'size' ? offerSize(entry) : offerColor(entry);
    const others: OfferParts = { sizes: key !== 'size', colors: key !== 'color', price: true };
    return facetJson(sql`
      select ${spelling(value)} as value, count(distinct m.id)::int as count
      ${offers([inCategory, inFabric, hasOffer(others)], [sql`${value} <> ''`, ...offerEntryConditions(entry, selection, others)])}
      group by lower(${value})
    `);
  };
  const fabricFacet = facetJson(sql`
    select ${spelling(sql`f`)} as value, count(distinct m.id)::int as count
    from matched m cross join lateral unnest(m.search_fabrics) as f
    where ${whereAll([inCategory, hasOffer(all)])}
    group by lower(f)
  `);
  const categoryFacet = facetJson(sql`
    select m.category_name as value, count(*)::int as count
    from matched m
    where ${whereAll([inFabric, hasOffer(all)])}
    group by m.category_name
  `);
  const priced: OfferParts = { sizes: true, colors: true, price: false };
  const anySizeOrColor = selection.sizes.length > 0 || selection.colors.length > 0;
  // Without a size or colour chosen, the range is that of the products' lowest and highest offers.
  const range = anySizeOrColor
    ? sql`(select min(${offerPrice(entry)}) as low, max(${offerPrice(entry)}) as high
        ${offers([inCategory, inFabric, hasOffer(priced)], offerEntryConditions(entry, selection, priced))})`
    : sql`(select min(m.offer_min_price_paise) as low, max(m.offer_max_price_paise) as high
        from matched m where ${whereAll([inCategory, inFabric])})`;
  const result = await db.execute(sql`
    with matched as materialized (
      select products.id, categories.name as category_name, products.search_fabrics, products.offer_sizes,
        products.offer_colors, products.offer_pairs, products.offer_entries, products.offer_min_price_paise,
        products.offer_max_price_paise
      from products join categories on categories.id = products.category_id
      where ${base.where}
    )
    select ${offerFacet('size')} as size, ${offerFacet('color')} as color, ${fabricFacet} as fabric,
      ${categoryFacet} as category, r.low, r.high
    from ${range} r
  `);
  const row = rowsOf<{
    size: FacetValue[] | string;
    color: FacetValue[] | string;
    fabric: FacetValue[] | string;
    category: FacetValue[] | string;
    low: number | string | null;
    high: number | string | null;
  }>(result)[0]!;
  const list = (value: FacetValue[] | string): FacetValue[] =>
    (typeof value === 'string' ? (JSON.parse(value) as FacetValue[]) : value).map((entry) => ({
      value: entry.value,
      count: Number(entry.count),
    }));
  return {
    size: list(row.size),
    color: list(row.color),
    fabric: list(row.fabric),
    category: list(row.category),
    price: {
      min: row.low === null ? null : paiseToRupees(Number(row.low)),
      max: row.high === null ? null : paiseToRupees(Number(row.high)),
    },
  };
}
