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
import {
  categoryCondition,
  fabricCondition,
  offerCondition,
  offerRowConditions,
  OFFERS,
  type SearchSelection,
} from './search-filters';

/** Values listed per facet at most (most products first). */
const MAX_FACET_VALUES = 50;

const FROM = sql`from products join categories on categories.id = products.category_id`;

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
 * product matches).
 */
export async function productFacets(
  db: Db,
  base: SearchBase,
  selection: SearchSelection,
): Promise<ProductFacets> {
  const category = categoryCondition(selection);
  const fabric = fabricCondition(selection);
  const offerFacet = (key: 'size' | 'color') => {
    const others = offerRowConditions(selection, {
      sizes: key !== 'size',
      colors: key !== 'color',
      price: true,
    });
    return facetJson(sql`
      select ${spelling(sql`o.${sql.raw(key)}`)} as value, count(distinct products.id)::int as count
      ${FROM} cross join lateral ${OFFERS}
      where ${whereAll([base.where, category, fabric, sql`o.${sql.raw(`${key}_key`)} is not null`, ...others])}
      group by o.${sql.raw(`${key}_key`)}
    `);
  };
  const fabricFacet = facetJson(sql`
    select ${spelling(sql`f`)} as value, count(distinct products.id)::int as count
    ${FROM} cross join lateral unnest(products.search_fabrics) as f
    where ${whereAll([base.where, category, offerCondition(selection)])}
    group by lower(f)
  `);
  const categoryFacet = facetJson(sql`
    select categories.name as value, count(*)::int as count
    ${FROM}
    where ${whereAll([base.where, fabric, offerCondition(selection)])}
    group by categories.name
  `);
  const priceRows = sql`
    select min(o.price) as low, max(o.price) as high
    ${FROM} cross join lateral ${OFFERS}
    where ${whereAll([base.where, category, fabric, ...offerRowConditions(selection, { sizes: true, colors: true, price: false })])}
  `;
  const result = await db.execute(sql`
    select ${offerFacet('size')} as size, ${offerFacet('color')} as color, ${fabricFacet} as fabric,
      ${categoryFacet} as category, price.low, price.high
    from (${priceRows}) price
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
