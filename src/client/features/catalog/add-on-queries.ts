/**
 * The storefront's reads for add-ons (docs/add-ons.md): TanStack query options over the API, shared by the
 * product page's add-on picker and its measurement choice.
 */
import { queryOptions } from '@tanstack/react-query';
import { productAddOnsSchema } from '@shared/add-ons/add-on-schemas';
import { measurementProfileListSchema } from '@shared/add-ons/measurement-profile-schemas';
import { apiRequest } from '@client/lib/api-client';

/** `GET /products/:id/add-ons`: the add-ons product `productId` offers, prices in rupees (GST included). */
export const productAddOnsQuery = (productId: string) =>
  queryOptions({
    queryKey: ['product-add-ons', productId],
    queryFn: () =>
      apiRequest(`/products/${encodeURIComponent(productId)}/add-ons`, { schema: productAddOnsSchema }),
  });

/** `GET /account/measurements`: the signed-in shopper's measurement profiles (needs a session). */
export const measurementProfilesQuery = () =>
  queryOptions({
    queryKey: ['account', 'measurements'],
    queryFn: () => apiRequest('/account/measurements', { schema: measurementProfileListSchema }),
  });
