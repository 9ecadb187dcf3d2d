/**
 * The signed-in user's orders (docs/product.md §7 `GET /orders`) as a TanStack `queryOptions()`, and the shopper's
 * cancelling of a Pending order (`POST /orders/{orderId}/cancel`). Both send the bearer token, so they live
 * under the session key and are dropped when the user signs in or out. One order by its number is read through
 * lib/orders/order-query.ts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { orderListSchema, orderSchema, type Order } from '@shared/orders/order-schemas';
import { apiRequest } from '@client/lib/api-client';
import { retryUnlessClientError } from '@client/lib/query-retry';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { toOrderView } from './order-view';

/** `GET /orders`: the signed-in user's orders, newest first, as shown (docs/product.md §3 "Order as shown"). */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest('/orders', { signal, schema: orderListSchema }),
    select: (orders: Order[]) => orders.map((order) => toOrderView(order)),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });

/**
 * Cancels the signed-in shopper's own Pending order; its stock is released.
 * @returns the cancelled order.
 * @throws {ApiError} 409 `{error}` when it is no longer Pending (paid or already cancelled), 404 when it is not
 *   the shopper's, 401 when the session expired, status 0 without a response.
 */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', schema: orderSchema });
}

/** `cancelOrder` as a mutation; afterwards, cancelled or refused, the cached orders are read again. */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
