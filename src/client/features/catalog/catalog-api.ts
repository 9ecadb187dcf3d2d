/**
 * Catalogue reads as TanStack `queryOptions()` (spec §7): product lists, one product, the parent-category
 * lookup and the featured list. Server products are mapped to the screen shape here (spec §3).
 */
import { queryOptions } from '@tanstack/react-query';
import { productDetailSchema, type ProductListParams } from '@shared/catalog/product-schema';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { fetchProductPage } from '@client/lib/catalog/product-page';
import { toProductDetailView } from './product-variants';

/** The comma filter list the spec's client sends for the accessories category (spec §7). */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

/**
 * The list filters for a listing category (spec §7): men/women add `gender`, accessories adds `filter`.
 */
export function categoryFilters(category: string | undefined): Pick<ProductListParams, 'gender' | 'filter'> {
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

/** One page of the listing (page and limit default to 1 and 12). */
export const productListQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => fetchProductPage(params, signal),
    staleTime: 60_000,
  });

/** One product with its variants and selling rule, or `null` when the server answers 404. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: async ({ signal }) => {
      try {
        const product = await apiRequest(`/products/${encodeURIComponent(id)}`, {
          signal,
          schema: productDetailSchema,
        });
        return toProductDetailView(product);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** Parent-category lookup limit (spec §9). */
export const PARENT_CATEGORY_LOOKUP_LIMIT = 100;

/** Distinct parent categories of a category: products of the category, limit 100 (spec §7). */
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
