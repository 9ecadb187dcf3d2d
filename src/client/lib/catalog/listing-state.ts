/**
 * The state of the products listing (/products), held entirely in its URL so a view can be shared, Back and
 * Forward replay it, and a server can render the same page from the address alone. Pure functions, no DOM:
 * parse a query string into a {@link ListingState}, write one back in a canonical order, change it the way the
 * filters do, and build the `GET /api/v1/products` query it stands for.
 *
 * Parameters: the spec's `category`, `parentCategory` (the sub-category), `page` and `featured`, plus search
 * and filters: `q`, `size`, `color`, `fabric`, `gender` (each may be repeated), `minPrice` / `maxPrice` in
 * **rupees** and `sort`.
 */
import { PRODUCT_LIST_DEFAULT_LIMIT } from '@shared/catalog/catalog-limits';
import { formatRupees } from '@shared/money';
import {
  MAX_FACET_VALUES,
  MAX_PRICE_FILTER_RUPEES,
  PRODUCT_SORTS,
  type ProductSort,
} from '@shared/catalog/product-schema';
import { capitaliseWords } from '@client/lib/capitalise-words';

/** The facets a shopper may pick several values of (repeated URL parameters). */
export const MULTI_VALUE_FILTERS = ['size', 'color', 'fabric', 'gender'] as const;
export type MultiValueFilter = (typeof MULTI_VALUE_FILTERS)[number];

/** Everything the listing shows, as read from its URL. Prices in **rupees**. */
export type ListingState = {
  /** Free search text (trimmed, at most 200 characters), or undefined. */
  q?: string;
  /** The `category` parameter as given (the header sends it lower-cased). */
  category?: string;
  /** The sub-category (`parentCategory`). */
  parentCategory?: string;
  /** The home page's 'Featured Items' (`featured=true`). */
  featured: boolean;
  size: string[];
  color: string[];
  fabric: string[];
  /** Genders asked for explicitly (`gender=`); the men/women categories imply theirs (spec §7). */
  gender: string[];
  minPrice?: number;
  maxPrice?: number;
  /** Undefined: relevance with a search text, else the catalogue's order. */
  sort?: ProductSort;
  /** 1-based page (spec §5: integer, default 1). */
  page: number;
};

/** Products page size (spec §9). */
export const LISTING_PAGE_SIZE = PRODUCT_LIST_DEFAULT_LIMIT;

/** The comma filter list the spec's client sends for the accessories category (spec §7). */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

const MAX_SEARCH_LENGTH = 200;
const MAX_FILTER_VALUE_LENGTH = 60;

/** The empty listing: /products. */
export const EMPTY_LISTING: ListingState = {
  featured: false,
  size: [],
  color: [],
  fabric: [],
  gender: [],
  page: 1,
};

/**
 * Parses the `page` query parameter as an integer, default 1 (spec §2 "Products page", §5 "Other").
 * Anything that is not a whole number of at least 1 (missing, empty, "abc", "0", "-2") gives 1;
 * a leading integer is read the way `parseInt` reads it ("3" → 3, "2.5" → 2).
 */
export function parsePageParam(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function text(value: string | null, max = 100): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

/** A price in rupees (0 to 1 crore, at most 2 decimals), else undefined. */
function price(value: string | null): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const rupees = Number(trimmed);
  return rupees <= MAX_PRICE_FILTER_RUPEES ? rupees : undefined;
}

/** Trimmed, non-empty values without repeats (compared case-insensitively, first spelling kept), at most 30. */
function values(list: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of list) {
    const value = raw.trim().slice(0, MAX_FILTER_VALUE_LENGTH);
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept.slice(0, MAX_FACET_VALUES);
}

/**
 * Reads a listing's query string (with or without '?'). Forgiving, as an address typed or shared by hand
 * may be: blank values are dropped, repeated values kept once, a malformed price or sort ignored, a minimum
 * above the maximum swapped with it, and `sort=relevance` without a search text dropped (the server refuses
 * it).
 */
export function parseListingState(search: string | URLSearchParams): ListingState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = text(params.get('q'), MAX_SEARCH_LENGTH);
  let minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const sortText = params.get('sort');
  const sort = PRODUCT_SORTS.find((name) => name === sortText && (name !== 'relevance' || q !== undefined));
  const state: ListingState = {
    featured: params.get('featured') === 'true',
    size: values(params.getAll('size')),
    color: values(params.getAll('color')),
    fabric: values(params.getAll('fabric')),
    gender: values(params.getAll('gender')),
    page: parsePageParam(params.get('page')),
  };
  const optional = {
    q,
    category: text(params.get('category')),
    parentCategory: text(params.get('parentCategory')),
    minPrice,
    maxPrice,
    sort,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(state, { [key]: value });
  }
  return state;
}

/**
 * The canonical query string of a state (without '?'; '' for the empty listing): `q`, `category`,
 * `parentCategory`, `featured`, the filters in the order size, color, fabric, gender (values in the order
 * chosen), `minPrice`, `maxPrice`, `sort`, and `page` when above 1 — or always with `explicitPage` (the
 * pagination names the page it goes to, page 1 too). `parseListingState` of the result gives the state back.
 */
export function listingSearch(state: ListingState, options: { explicitPage?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.parentCategory) params.set('parentCategory', state.parentCategory);
  if (state.featured) params.set('featured', 'true');
  for (const name of MULTI_VALUE_FILTERS) for (const value of state[name]) params.append(name, value);
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1 || options.explicitPage) params.set('page', String(state.page));
  return params.toString();
}

/** `/products` with the state's query string. */
export function listingHref(state: ListingState): string {
  const search = listingSearch(state);
  return search ? `/products?${search}` : '/products';
}

/** The results of a search for `q` (trimmed), with no filters: `/products?q=…`. */
export function searchHref(q: string): string {
  return listingHref({ ...EMPTY_LISTING, q: q.trim() || undefined });
}

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
      : values([...chosen, value]),
  });
}

/**
 * Chooses a category by its name as the catalogue spells it ("Unstitched Fabrics"): the URL holds it
 * lower-cased as the header's links do (spec §2 "Main layout"); the sub-category, which belongs to the
 * previous category, is dropped. Choosing the current category again removes it. Page 1.
 */
export function toggleCategory(state: ListingState, category: string): ListingState {
  const same = state.category?.toLowerCase() === category.toLowerCase();
  return refiltered(state, {
    category: same ? undefined : category.toLowerCase(),
    parentCategory: undefined,
  });
}

/** Sets the sub-category (`parentCategory`), or removes it for '' (spec §2: choosing one resets the page). */
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

/**
 * The list filters a listing category adds (spec §7): men → `gender=Men`, women → `gender=Women`,
 * accessories → the accessories `filter` list; any other category adds nothing.
 */
export function categoryFilters(category: string | undefined): { gender?: string; filter?: string } {
  switch (category?.toLowerCase()) {
    case 'men':
      return { gender: 'Men' };
    case 'women':
      return { gender: 'Women' };
    case 'accessories':
      return { filter: ACCESSORIES_FILTER };
    default:
      return {};
  }
}

/**
 * The `GET /api/v1/products` query string (without '?') for a state: `page`, `limit` 12, then the state's
 * parameters as the server reads them (spec §7 plus search). The men/women categories send their own gender
 * in place of any explicit one (the spec's client sends `gender` from the category); `facets=1` when asked.
 */
export function listingApiQuery(state: ListingState, options: { facets?: boolean } = {}): string {
  const params = new URLSearchParams({ page: String(state.page), limit: String(LISTING_PAGE_SIZE) });
  const implied = categoryFilters(state.category);
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.parentCategory) params.set('parentCategory', state.parentCategory);
  if (state.featured) params.set('featured', 'true');
  for (const gender of implied.gender ? [implied.gender] : state.gender) params.append('gender', gender);
  if (implied.filter) params.set('filter', implied.filter);
  for (const name of ['size', 'color', 'fabric'] as const)
    for (const value of state[name]) params.append(name, value);
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.sort) params.set('sort', state.sort);
  if (options.facets) params.set('facets', '1');
  return params.toString();
}

/** True when any filter a chip shows is chosen. */
export function hasFilters(state: ListingState): boolean {
  return listingChips(state).length > 0;
}
