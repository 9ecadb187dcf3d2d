/**
 * One order by its number (docs/product.md §7 `GET /orders/{orderId}?contactInfo=…`), read by order tracking and by the
 * payment page (the amount due, and the QR screen's wait for the payment). It sends the bearer token when there
 * is one, so it lives under the session key and is dropped when the user signs in or out.
 */
import { queryOptions } from '@tanstack/react-query';
import { orderSchema } from '@shared/orders/order-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';

/** The order number and the order's e-mail or phone ('' for the signed-in owner's own order). */
export type TrackLookup = { orderId: string; contactInfo: string };

/**
 * `GET /orders/{orderId}?contactInfo=…`: one order for anyone holding its number and its e-mail or phone.
 * @throws {ApiError} 404 'Order not found or access denied', 429 when rate-limited.
 */
export const trackOrderQueryOptions = ({ orderId, contactInfo }: TrackLookup) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'track', orderId, contactInfo],
    queryFn: ({ signal }) =>
      apiRequest(`/orders/${encodeURIComponent(orderId)}`, {
        query: { contactInfo },
        signal,
        schema: orderSchema,
      }),
    retry: false,
    staleTime: 0,
  });
