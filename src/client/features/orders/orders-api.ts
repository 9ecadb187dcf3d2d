/**
 * The signed-in user's order list as a TanStack `queryOptions()` (spec §7 `GET /orders`). It sends the bearer
 * token, so it lives under the session key and is dropped when the user signs in or out. One order by its
 * number is read through lib/orders/order-query.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema, type Order } from '@shared/orders/order-schemas';
import { apiRequest, retryUnlessClientError } from '@client/lib/api-client';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { toOrderView } from './order-view';

/** `GET /orders` answers the shared order schema's list, bare or wrapped in `data`; both read the same. */
export const orderListAnswerSchema = z.union([
  z.array(orderSchema),
  z.object({ data: z.array(orderSchema) }).transform((answer) => answer.data),
]);

/** `GET /orders`: the signed-in user's orders, newest first, as shown (spec §3 "Order as shown"). */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest('/orders', { signal, schema: orderListAnswerSchema }),
    select: (orders: Order[]) => orders.map((order) => toOrderView(order)),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
