/**
 * The state of the products listing (/products), held entirely in its URL so a view can be shared, Back and
 * Forward replay it, and a server can render the same page from the address alone. Pure functions, no DOM:
 * parse a query string into a {@link ListingState}, write one back in a canonical order, and build the
 * `GET /api/v1/products` query it stands for (changing a state the way the filters do: listing-changes.ts).
 *
 * Parameters: the storefront's `category`, `parentCategory` (the sub-category), `page` and `featured`, plus search
 * and filters: `q`, `size`, `color`, `fabric`, `gender` (each may be repeated), `minPrice` / `maxPrice` in
 * **rupees** and `sort`.
 */
import {
  PRODUCT_LIST_DEFAULT_LIMIT,
  MAX_FACET_VALUES,
  MAX_PRICE_FILTER_RUPEES,
  PRODUCT_SORTS,
  type ProductSort,
} from '@shared/catalog/catalog-limits';

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
  /** Genders asked for explicitly (`gender=`); the men/women categories imply theirs (docs/product.md §7). */
  gender: string[];
  minPrice?: number;
  maxPrice?: number;
  /** Undefined: relevance with a search text, else the catalogue's order. */
  sort?: ProductSort;
  /** 1-based page (docs/product.md §5: integer, default 1). */
  page: number;
};

/** Products page size (docs/product.md §9). */
export const LISTING_PAGE_SIZE = PRODUCT_LIST_DEFAULT_LIMIT;

/** The comma filter list the storefront's client sends for the accessories category (docs/product.md §7). */
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
 * Parses the `page` query parameter as an integer, default 1 (docs/product.md §2 "Products page", §5 "Other").
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

/**
 * A filter's values as kept in the state: trimmed (at most 60 characters), non-empty, without repeats (compared
 * case-insensitively, the first spelling kept), at most 30 (the server's limits).
 */
export function filterValues(list: string[]): string[] {
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
    size: filterValues(params.getAll('size')),
    color: filterValues(params.getAll('color')),
    fabric: filterValues(params.getAll('fabric')),
    gender: filterValues(params.getAll('gender')),
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

/**
 * The list filters a listing category adds (docs/product.md §7): men → `gender=Men`, women → `gender=Women`,
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
 * parameters as the server reads them (docs/product.md §7 plus search). The men/women categories send their own gender
 * in place of any explicit one (the storefront's client sends `gender` from the category); `facets=1` when asked.
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
