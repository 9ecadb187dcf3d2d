/**
 * Catalogue reads as TanStack `queryOptions()` (docs/product.md §7): the listing (with search, filters and facets) and the
 * parent-category lookup. Server products are mapped to the screen shape here (docs/product.md §3). One product is read
 * by lib/catalog/product-detail-query.ts, shared with the cards' Quick View.
 */
import { queryOptions } from '@tanstack/react-query';
import { EMPTY_LISTING, listingSearch, type ListingState } from '@client/lib/catalog/listing-state';
import { fetchListingPage, fetchProductPage } from '@client/lib/catalog/product-page';

/**
 * One page of the listing for a URL state (missing fields as in /products), with its facets. Keyed by the
 * state's canonical query string, so the same view read from two spellings of its address is one query.
 */
export const productListQueryOptions = (state: Partial<ListingState>) => {
  const full: ListingState = { ...EMPTY_LISTING, ...state };
  return queryOptions({
    queryKey: ['products', 'list', listingSearch(full)],
    queryFn: ({ signal }) => fetchListingPage(full, signal),
    staleTime: 60_000,
  });
};

/** Parent-category lookup limit (docs/product.md §9). */
export const PARENT_CATEGORY_LOOKUP_LIMIT = 100;

/** Distinct parent categories of a category: products of the category, limit 100 (docs/product.md §7). */
export const parentCategoriesQueryOptions = (category: string | undefined) =>
  queryOptions({
    queryKey: ['products', 'parentCategories', category ?? ''],
    queryFn: async ({ signal }) => {
      const page = await fetchProductPage({ category, limit: PARENT_CATEGORY_LOOKUP_LIMIT }, signal);
      const names = page.products
        .map((product) => product.parentCategory)
        .filter((name): name is string => !!name);
      return [...new Set(names)];
    },
    staleTime: 5 * 60_000,
  });
