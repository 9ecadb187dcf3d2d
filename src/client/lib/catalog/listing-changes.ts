/**
 * Changes of the listing's URL state the way its controls make them (lib/catalog/listing-state.ts holds the
 * state itself): toggling a facet value or the category, the sub-category, the price range in **rupees**, the
 * order, the page, 'Clear all', and the chips of the chosen filters. Pure: each returns a new state; every
 * filter change goes back to page 1.
 */
import type { ProductSort } from '@shared/catalog/catalog-limits';
import { formatRupees } from '@shared/money';
import { capitaliseWords } from '@shared/text/capitalise-words';
import {
  EMPTY_LISTING,
  filterValues,
  MULTI_VALUE_FILTERS,
  type ListingState,
  type MultiValueFilter,
} from './listing-state';

/** A state changed by a filter: every filter change goes back to page 1. */
function refiltered(state: ListingState, changes: Partial<ListingState>): ListingState {
  const next: ListingState = { ...state, ...changes, page: 1 };
  for (const key of Object.keys(changes) as (keyof ListingState)[]) {
    if (next[key] === undefined) delete next[key];
  }
  return next;
}

/** Adds `value` to a multi-value filter, or removes it when already chosen (case-insensitively); page 1. */
export function toggleFilterValue(
  state: ListingState,
  filter: MultiValueFilter,
  value: string,
): ListingState {
  const chosen = state[filter];
  const present = chosen.some((item) => item.toLowerCase() === value.toLowerCase());
  return refiltered(state, {
    [filter]: present
      ? chosen.filter((item) => item.toLowerCase() !== value.toLowerCase())
      : filterValues([...chosen, value]),
  });
}

/**
 * Chooses a category by its name as the catalogue spells it ("Unstitched Fabrics"): the URL holds it
 * lower-cased as the header's links do (docs/product.md §2 "Main layout"); the sub-category, which belongs to the
 * previous category, is dropped. Choosing the current category again removes it. Page 1.
 */
export function toggleCategory(state: ListingState, category: string): ListingState {
  const same = state.category?.toLowerCase() === category.toLowerCase();
  return refiltered(state, {
    category: same ? undefined : category.toLowerCase(),
    parentCategory: undefined,
  });
}

/** Sets the sub-category (`parentCategory`), or removes it for '' (docs/product.md §2: choosing one resets the page). */
export function withParentCategory(state: ListingState, parentCategory: string): ListingState {
  return refiltered(state, { parentCategory: parentCategory.trim() || undefined });
}

/** Sets the price range in rupees (undefined ends leave that side open; a reversed range is swapped). */
export function withPriceRange(
  state: ListingState,
  minPrice: number | undefined,
  maxPrice: number | undefined,
): ListingState {
  const [low, high] =
    minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
      ? [maxPrice, minPrice]
      : [minPrice, maxPrice];
  return refiltered(state, { minPrice: low, maxPrice: high });
}

/** Sets the order (undefined: the default order); page 1. */
export function withSort(state: ListingState, sort: ProductSort | undefined): ListingState {
  return refiltered(state, { sort });
}

/** Goes to `page` keeping everything else. */
export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page: Math.max(1, Math.trunc(page)) };
}

/**
 * 'Clear all': drops every filter a chip shows (category, sub-category, size, colour, fabric, gender, price)
 * and keeps the search text, the featured flag and the order. Page 1.
 */
export function clearFilters(state: ListingState): ListingState {
  return {
    ...EMPTY_LISTING,
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    featured: state.featured,
  };
}

/** A chosen filter, shown as a removable chip. */
export type ListingChip = {
  /** Stable key: `${kind}:${value}`. */
  key: string;
  kind: 'category' | 'parentCategory' | MultiValueFilter | 'price';
  /** The facet's heading for screen readers ('Size', 'Colour', …). */
  group: string;
  /** The chip's text ('M', 'Maroon', 'Up to ₹3,000'). */
  label: string;
  /** The state without this filter. */
  without: ListingState;
};

const GROUP_NAMES: Record<ListingChip['kind'], string> = {
  category: 'Category',
  parentCategory: 'Sub-category',
  size: 'Size',
  color: 'Colour',
  fabric: 'Fabric',
  gender: 'Gender',
  price: 'Price',
};

/** The price chip's text: '₹1,000 – ₹3,000', 'From ₹1,000', 'Up to ₹3,000' (rupees, en-IN grouping). */
export function priceRangeLabel(minPrice: number | undefined, maxPrice: number | undefined): string {
  if (minPrice !== undefined && maxPrice !== undefined)
    return `${formatRupees(minPrice)} – ${formatRupees(maxPrice)}`;
  if (minPrice !== undefined) return `From ${formatRupees(minPrice)}`;
  return `Up to ${formatRupees(maxPrice ?? 0)}`;
}

/**
 * The chips of the chosen filters, in the order category, sub-category, size, colour, fabric, gender,
 * price; each knows the state without it.
 */
export function listingChips(state: ListingState): ListingChip[] {
  const chips: ListingChip[] = [];
  const add = (kind: ListingChip['kind'], value: string, label: string, without: ListingState) =>
    chips.push({ key: `${kind}:${value}`, kind, group: GROUP_NAMES[kind], label, without });
  if (state.category)
    add('category', state.category, capitaliseWords(state.category), toggleCategory(state, state.category));
  if (state.parentCategory)
    add('parentCategory', state.parentCategory, state.parentCategory, withParentCategory(state, ''));
  for (const filter of MULTI_VALUE_FILTERS) {
    for (const value of state[filter]) add(filter, value, value, toggleFilterValue(state, filter, value));
  }
  if (state.minPrice !== undefined || state.maxPrice !== undefined)
    add(
      'price',
      `${state.minPrice ?? ''}-${state.maxPrice ?? ''}`,
      priceRangeLabel(state.minPrice, state.maxPrice),
      withPriceRange(state, undefined, undefined),
    );
  return chips;
}
