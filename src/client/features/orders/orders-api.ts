/**
 * Order reads as TanStack `queryOptions()` (spec §7 `GET /orders`, `GET /orders/{orderId}?contactInfo=…`).
 * Both send the bearer token when there is one, so they live under the session key and are dropped when
 * the user signs in or out.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, retryUnlessClientError } from '@client/lib/api-client';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { toOrderView, type ServerOrder } from './order-view';

/** The order list from a bare array or a `data`-wrapped one; anything else is an empty list. */
export function unwrapOrderList(body: unknown): ServerOrder[] {
  if (Array.isArray(body)) return body as ServerOrder[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as ServerOrder[]) : [];
}

/** `GET /orders`: the signed-in user's orders, newest first, as shown (spec §3 "Order as shown"). */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: async ({ signal }) => unwrapOrderList(await apiRequest<unknown>('/orders', { signal })),
    select: (orders: ServerOrder[]) => orders.map((order) => toOrderView(order)),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
