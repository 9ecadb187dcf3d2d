/**
 * Facets of a search (`facets=1`): size, colour, fabric and category values with product counts, and the price
 * range, among the products matching the text and the spec's filters. Each facet is counted with every other
 * selection applied and its own left out (so a shopper can widen a choice). Size and colour come from what can
 * be bought now — the offers the database keeps on each product (search-filters.ts) — so a sold-out size is not
 * offered. One statement; scoped to the store through the shared conditions. A value spelt in several ways
 * ('Maroon', 'maroon') is one value, shown in its most common spelling among the matching products' offers
 * (fabrics: among the products counted).
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
  textArray,
  type OfferParts,
  type SearchSelection,
} from './search-filters';

/** Values listed per facet at most (most products first). */
const MAX_FACET_VALUES = 50;

/**
 * Matching products counted at most. A common word ('cotton') matches a third of a catalogue of 50,000, and
 * counting all of them takes several hundred milliseconds on a busy machine; beyond this many, the facets are
 * counted among the first this many matches found (a sample: the values and their order hold, the counts are
 * of the sample). The list and its total always count every match.
 */
export const MAX_FACET_PRODUCTS = 2000;

/** The most common of the spellings `value` (an aggregate); mixed case first, then by code point. */
const commonSpelling = (value: SQL): SQL =>
  sql`substr(mode() within group (order by (case when ${value} = upper(${value}) or ${value} = lower(${value}) then '1' else '0' end || ${value}) collate "C"), 2)`;

const whereAll = (parts: (SQL | undefined)[]): SQL => and(...parts) ?? sql`true`;

/** `[{value, count}]` as JSON from grouped rows `(value, count)`, most products first, then by value. */
const facetJson = (grouped: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_object('value', g.value, 'count', g.count) order by g.count desc, g.value), '[]'::json)
  from (${grouped} order by count desc, value limit ${MAX_FACET_VALUES}) g
)`;

/** `[[key, count]]` as JSON from grouped rows `(key, count)` (lower-case keys; ordered in JavaScript). */
const keyCountsJson = (grouped: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_array(g.key, g.count)), '[]'::json) from (${grouped}) g
)`;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** `[kind, lower-case value, spelling, offers]` of one spelling of a size or colour. */
type SpellingCount = [string, string, string, number];

/** `[size, colour, offers]` of one size–colour spelling pair ('' for none). */
type PairCount = [string, string, number];

/** The offers of each spelling of a size and of a colour, summed from the pairs' counts ('' left out). */
function spellingCounts(pairs: PairCount[]): SpellingCount[] {
  const sums = new Map<string, SpellingCount>();
  for (const [size, color, count] of pairs) {
    for (const [kind, value] of [
      ['size', size],
      ['color', color],
    ] as const) {
      if (value === '') continue;
      const id = `${kind}\u001f${value}`;
      const sum = sums.get(id);
      if (sum) sum[3] += Number(count);
      else sums.set(id, [kind, value.toLowerCase(), value, Number(count)]);
    }
  }
  return [...sums.values()];
}

/**
 * The most common spelling per `kind:value`; among equally common ones, mixed case ('Maroon') before 'MAROON'
 * or 'maroon', then by code point.
 */
function commonSpellings(counts: SpellingCount[]): Record<string, string> {
  const best = new Map<string, { spelling: string; count: number; rank: string }>();
  for (const [kind, key, spelling, count] of counts) {
    const rank = `${spelling === spelling.toUpperCase() || spelling === spelling.toLowerCase() ? '1' : '0'}${spelling}`;
    const id = `${kind}:${key}`;
    const current = best.get(id);
    if (!current || count > current.count || (count === current.count && rank < current.rank)) {
      best.set(id, { spelling, count, rank });
    }
  }
  return Object.fromEntries([...best].map(([id, entry]) => [id, entry.spelling]));
}

/** Counted keys in their `kind:key` spellings: most products first, then by value (code points). */
function spelledValues(
  counts: [string, number | string][],
  spellings: Record<string, string>,
  kind: 'size' | 'color',
): FacetValue[] {
  return counts
    .map(([key, count]) => ({ value: spellings[`${kind}:${key}`] ?? key, count: Number(count) }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, MAX_FACET_VALUES);
}

/**
 * The facets of the search `base` with `selection` (counts of products; price range in rupees, null when no
 * product matches). The matching products (at most
 * {@link MAX_FACET_PRODUCTS}) are read once (materialised); sizes and colours are counted from each product's distinct offer keys (the size–colour pairs
 * when the other one is chosen), and from its offers one by one only when a price range is chosen.
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
  const priceChosen = selection.minPricePaise !== undefined || selection.maxPricePaise !== undefined;
  const keyFacet = (key: 'size' | 'color') => {
    const others: OfferParts = { sizes: key !== 'size', colors: key !== 'color', price: true };
    const products = whereAll([inCategory, inFabric, hasOffer(others)]);
    if (priceChosen) {
      const value = key === 'size' ? offerSize(entry) : offerColor(entry);
      return keyCountsJson(sql`
        select lower(${value}) as key, count(distinct m.id)::int as count
        from matched m cross join lateral unnest(m.offer_entries) as e
        where ${whereAll([products, sql`${value} <> ''`, ...offerEntryConditions(entry, selection, others)])}
        group by 1`);
    }
    const otherValues = key === 'size' ? selection.colors : selection.sizes;
    if (otherValues.length === 0) {
      return keyCountsJson(sql`
        select k as key, count(*)::int as count
        from matched m cross join lateral unnest(${sql.raw(`m.offer_${key}s`)}) as k
        where ${products}
        group by k`);
    }
    const part = (index: number) => sql`split_part(p, chr(31), ${sql.raw(String(index))})`;
    const [mine, theirs] = key === 'size' ? [part(1), part(2)] : [part(2), part(1)];
    return keyCountsJson(sql`
      select ${mine} as key, count(distinct m.id)::int as count
      from matched m cross join lateral unnest(m.offer_pairs) as p
      where ${products} and ${theirs} = any(${textArray(otherValues)})
      group by 1`);
  };
  const fabricFacet = facetJson(sql`
    select ${commonSpelling(sql`f`)} as value, count(distinct m.id)::int as count
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
  // The price range of the offers of the chosen sizes and colours: a product whose offers share one price
  // gives it; one with several prices is read offer by offer.
  const priced: OfferParts = { sizes: true, colors: true, price: false };
  const offersPriced = offerEntryConditions(entry, selection, priced);
  const ownPrice = (bound: 'min' | 'max') => {
    const column = sql.raw(`m.offer_${bound}_price_paise`);
    if (offersPriced.length === 0) return column;
    return sql`case when m.offer_min_price_paise = m.offer_max_price_paise then ${column}
      else (select ${sql.raw(bound)}(${offerPrice(entry)}) from unnest(m.offer_entries) as e
        where ${whereAll(offersPriced)}) end`;
  };
  // How often each size–colour spelling pair occurs among the matching products' offers, hashed in one pass
  // over the offers; the counts of each size and each colour spelling are summed from it, and the most common
  // one per value picked, in spelledValues.
  const spellings = sql`(
    select coalesce(json_agg(json_build_array(g.size, g.color, g.count)), '[]'::json)
    from (
      select ${offerSize(entry)} as size, ${offerColor(entry)} as color, count(*)::int as count
      from matched m cross join lateral unnest(m.offer_entries) as e
      group by 1, 2
    ) g
  )`;
  const result = await db.execute(sql`
    with matched as materialized (
      select products.id, categories.name as category_name, products.search_fabrics, products.offer_sizes,
        products.offer_colors, products.offer_pairs, products.offer_entries, products.offer_min_price_paise,
        products.offer_max_price_paise
      from products join categories on categories.id = products.category_id
      where ${base.where}
      limit ${MAX_FACET_PRODUCTS}
    )
    select ${keyFacet('size')} as size, ${keyFacet('color')} as color,
      ${spellings} as spellings,
      ${fabricFacet} as fabric,
      ${categoryFacet} as category, r.low, r.high
    from (
      select min(${ownPrice('min')}) as low, max(${ownPrice('max')}) as high
      from matched m where ${whereAll([inCategory, inFabric, hasOffer(priced)])}
    ) r
  `);
  const row = rowsOf<{
    size: [string, number][] | string;
    color: [string, number][] | string;
    spellings: PairCount[] | string;
    fabric: FacetValue[] | string;
    category: FacetValue[] | string;
    low: number | string | null;
    high: number | string | null;
  }>(result)[0]!;
  const spelt = commonSpellings(spellingCounts(parsed(row.spellings)));
  const list = (value: FacetValue[] | string): FacetValue[] =>
    parsed(value).map((entry) => ({ value: entry.value, count: Number(entry.count) }));
  return {
    size: spelledValues(parsed(row.size), spelt, 'size'),
    color: spelledValues(parsed(row.color), spelt, 'color'),
    fabric: list(row.fabric),
    category: list(row.category),
    price: {
      min: row.low === null ? null : paiseToRupees(Number(row.low)),
      max: row.high === null ? null : paiseToRupees(Number(row.high)),
    },
  };
}
