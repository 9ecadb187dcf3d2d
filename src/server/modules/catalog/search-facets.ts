/**
 * Facets of a search (`facets=1`): size, colour, fabric and category values with product counts, and the price
 * range, among the products matching the text and the spec's filters (a match set, search-matches.ts). Each
 * facet is counted with every other selection applied and its own left out (so a shopper can widen a choice).
 * Size and colour come from what can be bought now — the products' offers — so a sold-out size is not offered;
 * a size counts a product when one of its offers of that size also has a chosen colour and price. A value spelt
 * in several ways ('Maroon', 'maroon') is one value, shown in its most common spelling: among all the matches'
 * offers for size and colour, among the products counted for fabric. Every match is counted.
 */
import { paiseToRupees } from '@shared/money';
import type { FacetValue, ProductFacets } from '@shared/catalog/product-schema';
import {
  categoryPasses,
  fabricPasses,
  offerPartsChosen,
  offerPasses,
  productOffers,
  ALL_PARTS,
  type MatchFilter,
  type OfferParts,
} from './search-filters';
import type { MatchSet } from './search-matches';

/** Values listed per facet at most (most products first). */
const MAX_FACET_VALUES = 50;

/** Sorting rank of a spelling among equally common ones: mixed case ('Maroon') first, then by code point. */
const spellingRank = (spelling: string) =>
  `${spelling === spelling.toUpperCase() || spelling === spelling.toLowerCase() ? '1' : '0'}${spelling}`;

/** For each lower-case value, its most common spelling given how often each spelling (by index) occurs. */
function commonSpellings(spellings: string[], occurrences: Float64Array): Map<string, string> {
  const best = new Map<string, { spelling: string; count: number; rank: string }>();
  spellings.forEach((spelling, index) => {
    const count = occurrences[index]!;
    if (spelling === '' || count === 0) return;
    const key = spelling.toLowerCase();
    const rank = spellingRank(spelling);
    const current = best.get(key);
    if (!current || count > current.count || (count === current.count && rank < current.rank)) {
      best.set(key, { spelling, count, rank });
    }
  });
  return new Map([...best].map(([key, entry]) => [key, entry.spelling]));
}

/** Values by count (most first), then by value in code point order; at most {@link MAX_FACET_VALUES}. */
function ranked(counts: Map<string, number>): FacetValue[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, MAX_FACET_VALUES);
}

/** Adds one to `key`'s count. */
const increment = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** How often each size and colour spelling occurs among all the offers of `set` (kept on the set). */
const offerSpellings = new WeakMap<MatchSet, { size: Map<string, string>; color: Map<string, string> }>();
function spelledOffers(set: MatchSet) {
  const kept = offerSpellings.get(set);
  if (kept) return kept;
  const sizes = new Float64Array(set.sizes.length);
  const colors = new Float64Array(set.colors.length);
  for (let j = 0; j < set.offerSize.length; j += 1) {
    sizes[set.offerSize[j]!]! += 1;
    colors[set.offerColor[j]!]! += 1;
  }
  const spelled = { size: commonSpellings(set.sizes, sizes), color: commonSpellings(set.colors, colors) };
  offerSpellings.set(set, spelled);
  return spelled;
}

/**
 * Products counted per size (or colour) value: those of the chosen category and fabric with an offer of that
 * value that also has the other selections (colour or size, and price).
 */
function offerFacet(filter: MatchFilter, kind: 'size' | 'color'): FacetValue[] {
  const { set } = filter;
  const others: OfferParts = { sizes: kind !== 'size', colors: kind !== 'color', price: true };
  const filtered = offerPartsChosen(filter, others);
  const values = kind === 'size' ? set.offerSize : set.offerColor;
  const spellings = kind === 'size' ? set.sizes : set.colors;
  const spelled = spelledOffers(set)[kind];
  const counts = new Map<string, number>();
  const seen = new Int32Array(spellings.length).fill(-1);
  const seenKeys = new Set<string>();
  for (let i = 0; i < set.size; i += 1) {
    if (!categoryPasses(filter, i) || !fabricPasses(filter, i)) continue;
    seenKeys.clear();
    for (let j = set.offerStart[i]!; j < set.offerStart[i + 1]!; j += 1) {
      const spelling = values[j]!;
      if (seen[spelling] === i || spellings[spelling] === '') continue;
      if (filtered && !offerPasses(filter, j, others)) continue;
      seen[spelling] = i;
      const key = spellings[spelling]!.toLowerCase();
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      increment(counts, spelled.get(key) ?? key);
    }
  }
  return ranked(counts);
}

/** Products counted per fabric: those of the chosen category with something to buy of every selection. */
function fabricFacet(filter: MatchFilter): FacetValue[] {
  const { set } = filter;
  const occurrences = new Float64Array(set.fabrics.length);
  const counts = new Map<string, number>();
  const keys = new Set<string>();
  for (let i = 0; i < set.size; i += 1) {
    if (!categoryPasses(filter, i) || !productOffers(filter, i, ALL_PARTS)) continue;
    keys.clear();
    for (let j = set.fabricStart[i]!; j < set.fabricStart[i + 1]!; j += 1) {
      occurrences[set.fabric[j]!]! += 1;
      keys.add(set.fabrics[set.fabric[j]!]!.toLowerCase());
    }
    for (const key of keys) increment(counts, key);
  }
  const spelled = commonSpellings(set.fabrics, occurrences);
  return ranked(new Map([...counts].map(([key, count]) => [spelled.get(key) ?? key, count])));
}

/** Products counted per category: those of the chosen fabric with something to buy of every selection. */
function categoryFacet(filter: MatchFilter): FacetValue[] {
  const { set } = filter;
  const counts = new Map<string, number>();
  for (let i = 0; i < set.size; i += 1) {
    if (fabricPasses(filter, i) && productOffers(filter, i, ALL_PARTS)) {
      increment(counts, set.categories[set.category[i]!]!);
    }
  }
  return ranked(counts);
}

/**
 * The price range (paise) of what can be bought of the chosen sizes and colours among the products of the
 * chosen category and fabric; null when there is none.
 */
function priceRange(filter: MatchFilter): { low: number; high: number } | null {
  const { set } = filter;
  const parts: OfferParts = { sizes: true, colors: true, price: false };
  const byOffer = offerPartsChosen(filter, parts);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < set.size; i += 1) {
    if (Number.isNaN(set.low[i]!) || !categoryPasses(filter, i) || !fabricPasses(filter, i)) continue;
    if (!byOffer) {
      low = Math.min(low, set.low[i]!);
      high = Math.max(high, set.high[i]!);
      continue;
    }
    for (let j = set.offerStart[i]!; j < set.offerStart[i + 1]!; j += 1) {
      if (!offerPasses(filter, j, parts)) continue;
      low = Math.min(low, set.offerPrice[j]!);
      high = Math.max(high, set.offerPrice[j]!);
    }
  }
  return low === Number.POSITIVE_INFINITY ? null : { low, high };
}

/** The facets of the matches of `filter.set` under `filter`'s selections (counts of products; price in rupees). */
export function matchFacets(filter: MatchFilter): ProductFacets {
  const range = priceRange(filter);
  return {
    size: offerFacet(filter, 'size'),
    color: offerFacet(filter, 'color'),
    fabric: fabricFacet(filter),
    category: categoryFacet(filter),
    price: {
      min: range === null ? null : paiseToRupees(range.low),
      max: range === null ? null : paiseToRupees(range.high),
    },
  };
}
