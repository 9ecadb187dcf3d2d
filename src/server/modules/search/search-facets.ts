/**
 * Facets of a search (`facets=1`): size, colour, fabric and category values with product counts, and the price
 * range, among the products matching the text and the storefront's filters (a match set, search-matches.ts). Each
 * facet is counted with every other selection applied and its own left out (so a shopper can widen a choice).
 * Size and colour come from what can be bought now — the products' offers — so a sold-out size is not offered;
 * a size counts a product when one of its offers of that size also has a chosen colour and price. A value spelt
 * in several ways ('Maroon', 'maroon') is one value, shown in its most common spelling: among all the matches'
 * offers for size and colour, among the products counted for fabric. Every match is counted. Sizes are listed in
 * their natural order (S, M, L, XL: src/shared/catalog/size-order.ts), the other values most products first.
 */
import { paiseToRupees } from '@shared/money';
import { compareSizes } from '@shared/catalog/size-order';
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

/** The counted values (by index into `keys`) in their spellings. */
function spelledCounts(
  keys: string[],
  counts: Int32Array,
  spelled: Map<string, string>,
): Map<string, number> {
  const named = new Map<string, number>();
  keys.forEach((key, k) => {
    if (counts[k]! > 0) named.set(spelled.get(key) ?? key, counts[k]!);
  });
  return named;
}

/** Which products pass the category, the fabric and every offer selection: each tested once per question. */
type Passes = { category: Uint8Array; fabric: Uint8Array; offers: Uint8Array };

function passesOf(filter: MatchFilter): Passes {
  const { size } = filter.set;
  const passes = {
    category: new Uint8Array(size),
    fabric: new Uint8Array(size),
    offers: new Uint8Array(size),
  };
  for (let i = 0; i < size; i += 1) {
    passes.category[i] = categoryPasses(filter, i) ? 1 : 0;
    passes.fabric[i] = fabricPasses(filter, i) ? 1 : 0;
    passes.offers[i] = productOffers(filter, i, ALL_PARTS) ? 1 : 0;
  }
  return passes;
}

/**
 * Products counted per size (or colour) value: those of the chosen category and fabric with an offer of that
 * value that also has the other selections (colour or size, and price).
 */
function offerFacet(filter: MatchFilter, passes: Passes, kind: 'size' | 'color'): FacetValue[] {
  const { set } = filter;
  const others: OfferParts = { sizes: kind !== 'size', colors: kind !== 'color', price: true };
  const filtered = offerPartsChosen(filter, others);
  const spellingOf = kind === 'size' ? set.offerSize : set.offerColor;
  const keyOf = kind === 'size' ? set.sizeKey : set.colorKey;
  const keys = kind === 'size' ? set.sizeKeys : set.colorKeys;
  const counts = new Int32Array(keys.length);
  const countedFor = new Int32Array(keys.length).fill(-1);
  for (let i = 0; i < set.size; i += 1) {
    if (passes.category[i] === 0 || passes.fabric[i] === 0) continue;
    for (let j = set.offerStart[i]!; j < set.offerStart[i + 1]!; j += 1) {
      const k = keyOf[spellingOf[j]!]!;
      if (k < 0 || countedFor[k] === i) continue;
      if (filtered && !offerPasses(filter, j, others)) continue;
      countedFor[k] = i;
      counts[k]! += 1;
    }
  }
  return ranked(spelledCounts(keys, counts, spelledOffers(set)[kind]));
}

/** Products counted per fabric: those of the chosen category with something to buy of every selection. */
function fabricFacet(filter: MatchFilter, passes: Passes): FacetValue[] {
  const { set } = filter;
  const occurrences = new Float64Array(set.fabrics.length);
  const counts = new Int32Array(set.fabricKeys.length);
  const countedFor = new Int32Array(set.fabricKeys.length).fill(-1);
  for (let i = 0; i < set.size; i += 1) {
    if (passes.category[i] === 0 || passes.offers[i] === 0) continue;
    for (let j = set.fabricStart[i]!; j < set.fabricStart[i + 1]!; j += 1) {
      const spelling = set.fabric[j]!;
      occurrences[spelling]! += 1;
      const k = set.fabricKey[spelling]!;
      if (k < 0 || countedFor[k] === i) continue;
      countedFor[k] = i;
      counts[k]! += 1;
    }
  }
  return ranked(spelledCounts(set.fabricKeys, counts, commonSpellings(set.fabrics, occurrences)));
}

/** Products counted per category: those of the chosen fabric with something to buy of every selection. */
function categoryFacet(filter: MatchFilter, passes: Passes): FacetValue[] {
  const { set } = filter;
  const counts = new Int32Array(set.categories.length);
  for (let i = 0; i < set.size; i += 1) {
    if (passes.fabric[i] === 1 && passes.offers[i] === 1) counts[set.category[i]!]! += 1;
  }
  return ranked(spelledCounts(set.categories, counts, new Map()));
}

/**
 * The price range (paise) of what can be bought of the chosen sizes and colours among the products of the
 * chosen category and fabric; null when there is none.
 */
function priceRange(filter: MatchFilter, passes: Passes): { low: number; high: number } | null {
  const { set } = filter;
  const parts: OfferParts = { sizes: true, colors: true, price: false };
  const byOffer = offerPartsChosen(filter, parts);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < set.size; i += 1) {
    if (Number.isNaN(set.low[i]!) || passes.category[i] === 0 || passes.fabric[i] === 0) continue;
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
  const passes = passesOf(filter);
  const range = priceRange(filter, passes);
  return {
    size: offerFacet(filter, passes, 'size').sort((a, b) => compareSizes(a.value, b.value)),
    color: offerFacet(filter, passes, 'color'),
    fabric: fabricFacet(filter, passes),
    category: categoryFacet(filter, passes),
    price: {
      min: range === null ? null : paiseToRupees(range.low),
      max: range === null ? null : paiseToRupees(range.high),
    },
  };
}
