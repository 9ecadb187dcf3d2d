/**
 * `GET /delivery/check` (docs/delivery.md): whether the shop delivers to a PIN code, the shipping charge for a
 * subtotal (rupees) and the estimate in days; disabled until the PIN code has 6 digits.
 */
import { queryOptions } from '@tanstack/react-query';
import { deliveryCheckSchema } from '@shared/delivery/delivery-schemas';
import { apiRequest } from '@client/lib/api-client';

export const deliveryCheckQueryOptions = (postalCode: string, subtotal: number) =>
  queryOptions({
    queryKey: ['delivery-check', postalCode, subtotal],
    queryFn: ({ signal }) =>
      apiRequest('/delivery/check', {
        signal,
        schema: deliveryCheckSchema,
        query: { postalCode, subtotal },
      }),
    enabled: /^[1-9][0-9]{5}$/.test(postalCode),
    staleTime: 60_000,
  });
