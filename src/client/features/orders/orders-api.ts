/**
 * Order reads as TanStack `queryOptions()` (spec §7 `GET /orders`, `GET /orders/{orderId}?contactInfo=…`).
 * Both send the bearer token when there is one, so they live under the session key and are dropped when
 * the user signs in or out.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { toOrderView, type ServerOrder } from './order-view';

/** The signed-in user's orders (kept equal to checkout-api's invalidation key). */
export const ORDERS_QUERY_KEY = ['session', 'orders'] as const;

/** A 4xx answer will not change on a retry; anything else is retried once. */
const retryUnlessClientError = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;

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

export type TrackLookup = { orderId: string; contactInfo: string };

/**
 * `GET /orders/{orderId}?contactInfo=…`: one order for anyone holding its number and its e-mail or phone.
 * @throws {ApiError} 404 'Order not found or access denied', 429 when rate-limited.
 */
export const trackOrderQueryOptions = ({ orderId, contactInfo }: TrackLookup) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'track', orderId, contactInfo],
    queryFn: ({ signal }) =>
      apiRequest<ServerOrder>(`/orders/${encodeURIComponent(orderId)}`, { query: { contactInfo }, signal }),
    retry: false,
    staleTime: 0,
  });
