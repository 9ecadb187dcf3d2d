/**
 * `GET /delivery/check` (docs/delivery.md): whether the shop delivers to a PIN code, the shipping charge for a
 * subtotal (rupees) and the estimate in days, with the longest lead time of the chosen add-ons' codes
 * (`addOns`, docs/add-ons.md); disabled until the PIN code has 6 digits. The response schema loads with the
 * first check (the product page's first load carries no zod).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@client/lib/api-client';

export const deliveryCheckQueryOptions = (postalCode: string, subtotal: number, addOns: string[] = []) =>
  queryOptions({
    queryKey: ['delivery-check', postalCode, subtotal, addOns.join(',')],
    queryFn: async ({ signal }) => {
      const query = { postalCode, subtotal, ...(addOns.length > 0 ? { addOns: addOns.join(',') } : {}) };
      const [answer, { deliveryCheckSchema }] = await Promise.all([
        apiRequest('/delivery/check', { signal, query }),
        import('@shared/delivery/delivery-schemas'),
      ]);
      return parseAnswer(deliveryCheckSchema, answer, 'GET /delivery/check');
    },
    enabled: /^[1-9][0-9]{5}$/.test(postalCode),
    staleTime: 60_000,
  });
