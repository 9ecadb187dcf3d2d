/**
 * One product for its page and for the cards' Quick View (docs/product.md §7 `GET /products/{id}`), as a TanStack
 * `queryOptions()`: the server's product with its variants and selling rule, mapped to the page's shape. The
 * response schema, and zod with it, load with the first request: a server-rendered product page arrives with
 * its product, so its JavaScript does not evaluate the contract until the shopper asks for more.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, parseAnswer } from '@client/lib/api-client';
import { toProductDetailView } from './product-variants';

/** One product with its variants and selling rule, or `null` when the server answers 404. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: async ({ signal }) => {
      try {
        const [answer, { productDetailSchema }] = await Promise.all([
          apiRequest(`/products/${encodeURIComponent(id)}`, { signal }),
          import('@shared/catalog/product-schema'),
        ]);
        return toProductDetailView(parseAnswer(productDetailSchema, answer, 'GET /products/{id}'));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
