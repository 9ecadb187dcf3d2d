/**
 * The selections of a search list and which matching products they keep
 * (docs/decisions/012-search-in-postgresql.md). Category and fabric test the product; size, colour and price
 * test what can be bought now: the product's offers (search-matches.ts), one of which must be of a chosen size,
 * of a chosen colour and priced — the price the shopper pays, paise — within the range. Values compare
 * case-insensitively.
 */
import { rupeesToPaise } from '@shared/money';
import type { ProductListQuery } from '@shared/catalog/product-schema';
import type { MatchSet } from './search-matches';

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

/** Which offer selections a test applies (a facet leaves its own out). */
export type OfferParts = { sizes: boolean; colors: boolean; price: boolean };
export const ALL_PARTS: OfferParts = { sizes: true, colors: true, price: true };

/**
 * A selection against one match set: for each spelling of the set, whether it is chosen (`null`: nothing
 * chosen of that kind).
 */
export type MatchFilter = {
  readonly set: MatchSet;
  readonly categoryOk: Uint8Array | null;
  readonly fabricOk: Uint8Array | null;
  readonly sizeOk: Uint8Array | null;
  readonly colorOk: Uint8Array | null;
  readonly minPaise: number;
  readonly maxPaise: number;
  readonly priced: boolean;
};

/** Marks the spellings in `list` whose lower case is in `chosen`; null when nothing is chosen. */
function chosenSpellings(list: string[], chosen: string[]): Uint8Array | null {
  if (chosen.length === 0) return null;
  const wanted = new Set(chosen);
  return Uint8Array.from(list, (value) => (value !== '' && wanted.has(value.toLowerCase()) ? 1 : 0));
}

/** `selection` compiled against `set`. */
export function matchFilter(set: MatchSet, selection: SearchSelection): MatchFilter {
  return {
    set,
    categoryOk: chosenSpellings(set.categories, selection.category === undefined ? [] : [selection.category]),
    fabricOk: chosenSpellings(set.fabrics, selection.fabrics),
    sizeOk: chosenSpellings(set.sizes, selection.sizes),
    colorOk: chosenSpellings(set.colors, selection.colors),
    minPaise: selection.minPricePaise ?? Number.NEGATIVE_INFINITY,
    maxPaise: selection.maxPricePaise ?? Number.POSITIVE_INFINITY,
    priced: selection.minPricePaise !== undefined || selection.maxPricePaise !== undefined,
  };
}

/** Product `i` is of the chosen category (or none is chosen). */
export function categoryPasses(filter: MatchFilter, i: number): boolean {
  return filter.categoryOk === null || filter.categoryOk[filter.set.category[i]!] === 1;
}

/** Product `i` has one of the chosen fabrics (or none is chosen). */
export function fabricPasses(filter: MatchFilter, i: number): boolean {
  const { fabricOk, set } = filter;
  if (fabricOk === null) return true;
  for (let j = set.fabricStart[i]!; j < set.fabricStart[i + 1]!; j += 1) {
    if (fabricOk[set.fabric[j]!] === 1) return true;
  }
  return false;
}

/** Offer `j` is of a chosen size, colour and price (only the `parts` asked for). */
export function offerPasses(filter: MatchFilter, j: number, parts: OfferParts): boolean {
  const { set, sizeOk, colorOk } = filter;
  if (parts.sizes && sizeOk !== null && sizeOk[set.offerSize[j]!] !== 1) return false;
  if (parts.colors && colorOk !== null && colorOk[set.offerColor[j]!] !== 1) return false;
  if (parts.price && filter.priced) {
    const price = set.offerPrice[j]!;
    if (price < filter.minPaise || price > filter.maxPaise) return false;
  }
  return true;
}

/** True when any of the `parts` has a selection. */
export function offerPartsChosen(filter: MatchFilter, parts: OfferParts): boolean {
  return (
    (parts.sizes && filter.sizeOk !== null) ||
    (parts.colors && filter.colorOk !== null) ||
    (parts.price && filter.priced)
  );
}

/**
 * Product `i` has something to buy of the chosen sizes, colours and price (only the `parts` asked for): one
 * offer with all of them. True when none of them is chosen, whatever the product's stock.
 */
export function productOffers(filter: MatchFilter, i: number, parts: OfferParts): boolean {
  if (!offerPartsChosen(filter, parts)) return true;
  const { offerStart } = filter.set;
  for (let j = offerStart[i]!; j < offerStart[i + 1]!; j += 1) {
    if (offerPasses(filter, j, parts)) return true;
  }
  return false;
}

/** Product `i` passes every selection: it is listed. */
export function productListed(filter: MatchFilter, i: number): boolean {
  return categoryPasses(filter, i) && fabricPasses(filter, i) && productOffers(filter, i, ALL_PARTS);
}
