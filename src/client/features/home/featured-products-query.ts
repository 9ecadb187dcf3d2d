/**
 * The home page's featured products (docs/product.md §7: `featured=true` and the first store category). A failure is
 * logged and gives an empty list (docs/product.md §8).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@shared/catalog/product-mapping';
import { fetchProductPage } from '@client/lib/catalog/product-page';

/** Featured default count (docs/product.md §9). */
export const FEATURED_DEFAULT_LIMIT = 4;

/** Featured products of the first store category, lower-cased (docs/product.md §7). */
export const featuredProductsQueryOptions = (category: string | undefined, limit = FEATURED_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['products', 'featured', category ?? '', limit],
    queryFn: async ({ signal }) => {
      try {
        const page = await fetchProductPage(
          { featured: true, limit, category: category?.toLowerCase() },
          signal,
        );
        return page.products;
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        console.error('Failed to load featured products', error);
        return [] as Product[];
      }
    },
    staleTime: 60_000,
  });
