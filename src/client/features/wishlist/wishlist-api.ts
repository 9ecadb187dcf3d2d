/**
 * The saved products' card data: one `GET /products/{id}` per saved id (the catalogue's cached answer), as a
 * TanStack `queryOptions()`, mapped to the card's shape. A product that is unknown or no longer on sale
 * answers 404 and reads as `null`.
 */
import { queryOptions } from '@tanstack/react-query';
import { productDetailSchema } from '@shared/catalog/product-schema';
import { toProduct } from '@shared/catalog/product-mapping';
import { ApiError, apiRequest } from '@client/lib/api-client';

/** One saved product as a product card shows it, or `null` when the store no longer sells it. */
export const wishlistProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'wishlist-card', id],
    queryFn: async ({ signal }) => {
      try {
        return toProduct(
          await apiRequest(`/products/${encodeURIComponent(id)}`, { signal, schema: productDetailSchema }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
