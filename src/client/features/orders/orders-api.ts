/**
 * The signed-in user's order list as a TanStack `queryOptions()` (spec §7 `GET /orders`). It sends the bearer
 * token, so it lives under the session key and is dropped when the user signs in or out. One order by its
 * number is read through lib/orders/order-query.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { orderListSchema, type Order } from '@shared/orders/order-schemas';
import { apiRequest } from '@client/lib/api-client';
import { retryUnlessClientError } from '@client/lib/query-retry';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { toOrderView } from './order-view';

/** `GET /orders`: the signed-in user's orders, newest first, as shown (spec §3 "Order as shown"). */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest('/orders', { signal, schema: orderListSchema }),
    select: (orders: Order[]) => orders.map((order) => toOrderView(order)),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
