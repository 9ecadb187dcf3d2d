/**
 * One product for its page and for the cards' Quick View (spec §7 `GET /products/{id}`), as a TanStack
 * `queryOptions()`: the server's product with its variants and selling rule, mapped to the page's shape.
 */
import { queryOptions } from '@tanstack/react-query';
import { productDetailSchema } from '@shared/catalog/product-schema';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { toProductDetailView } from './product-variants';

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
