/**
 * Facets of a search (`facets=1`): size, colour, fabric and category values with product counts, and the price
 * range, among the products matching the text and the spec's filters. Each facet is counted with every other
 * selection applied and its own left out (so a shopper can widen a choice). Size and colour come from what can
 * be bought now (search-filters.ts `OFFERS`), so a sold-out size is not offered. One statement; scoped to the
 * store through the shared conditions. A value spelt in several ways ('Maroon', 'maroon') is one value, shown in
 * its most common spelling.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import type { FacetValue, ProductFacets } from '@shared/catalog/product-schema';
import { rowsOf, type Db } from '../../db/database';
import type { SearchBase } from './product-search';
import { offerRowConditions, OFFERS, type OfferParts, type SearchSelection } from './search-filters';

/** Values listed per facet at most (most products first). */
const MAX_FACET_VALUES = 50;

const FROM = sql`from products join categories on categories.id = products.category_id`;

/** Among equally common spellings, mixed case ('Maroon') before 'MAROON' or 'maroon', then by code point. */
const spelling = (value: SQL): SQL =>
  sql`substr(mode() within group (order by (case when ${value} = upper(${value}) or ${value} = lower(${value}) then '1' else '0' end || ${value}) collate "C"), 2)`;

const whereAll = (parts: (SQL | undefined)[]): SQL => and(...parts) ?? sql`true`;

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** `[{value, count}]` as JSON from grouped rows `(value, count)`, most products first, then by value. */
const facetJson = (grouped: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_object('value', g.value, 'count', g.count) order by g.count desc, g.value), '[]'::json)
  from (${grouped} order by count desc, value limit ${MAX_FACET_VALUES}) g
)`;

/**
 * The facets of the search `base` with `selection` (counts of products; price range in rupees, null when no
 * product matches). The matching products and their offers are read once (materialised), then grouped per facet.
 */
export async function productFacets(
  db: Db,
  base: SearchBase,
  selection: SearchSelection,
): Promise<ProductFacets> {
  const inCategory =
    selection.category === undefined ? sql`true` : sql`lower(m.category_name) = ${selection.category}`;
  const inFabric =
    selection.fabrics.length === 0
      ? sql`true`
      : sql`exists (select 1 from unnest(m.search_fabrics) f where lower(f) = any(${textArray(selection.fabrics)}))`;
  const offerRows = (parts: OfferParts) => whereAll(offerRowConditions(selection, parts));
  const hasOffer = (parts: OfferParts): SQL => {
    const conditions = offerRowConditions(selection, parts);
    const anyChosen =
      selection.sizes.length > 0 ||
      selection.colors.length > 0 ||
      selection.minPricePaise !== undefined ||
      selection.maxPricePaise !== undefined;
    if (!anyChosen) return sql`true`;
    return sql`exists (select 1 from offers o where o.id = m.id and ${whereAll(conditions)})`;
  };
  const all: OfferParts = { sizes: true, colors: true, price: true };
  const offerFacet = (key: 'size' | 'color') =>
    facetJson(sql`
      select ${spelling(sql`o.${sql.raw(key)}`)} as value, count(distinct o.id)::int as count
      from offers o join matched m on m.id = o.id
      where ${inCategory} and ${inFabric} and o.${sql.raw(`${key}_key`)} is not null
        and ${offerRows({ sizes: key !== 'size', colors: key !== 'color', price: true })}
      group by o.${sql.raw(`${key}_key`)}
    `);
  const fabricFacet = facetJson(sql`
    select ${spelling(sql`f`)} as value, count(distinct m.id)::int as count
    from matched m cross join lateral unnest(m.search_fabrics) as f
    where ${inCategory} and ${hasOffer(all)}
    group by lower(f)
  `);
  const categoryFacet = facetJson(sql`
    select m.category_name as value, count(*)::int as count
    from matched m
    where ${inFabric} and ${hasOffer(all)}
    group by m.category_name
  `);
  const result = await db.execute(sql`
    with matched as materialized (
      select products.id, products.store_id, products.stock, products.min_quantity,
        products.regular_price_paise, products.discounted_price_paise,
        products.search_sizes, products.search_colors, products.search_fabrics, categories.name as category_name
      ${FROM}
      where ${base.where}
    ),
    offers as materialized (
      select products.id, o.size, o.color, o.size_key, o.color_key, o.price
      from matched products cross join lateral ${OFFERS}
    )
    select ${offerFacet('size')} as size, ${offerFacet('color')} as color, ${fabricFacet} as fabric,
      ${categoryFacet} as category,
      (select min(o.price) from offers o join matched m on m.id = o.id
        where ${inCategory} and ${inFabric} and ${offerRows({ sizes: true, colors: true, price: false })}) as low,
      (select max(o.price) from offers o join matched m on m.id = o.id
        where ${inCategory} and ${inFabric} and ${offerRows({ sizes: true, colors: true, price: false })}) as high
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
