/**
 * Order creation (docs/product.md §7 `POST /orders` → `{id}`, in its `{lines, shippingAddress}` form: one line per cart
 * line with its variant and quantity): sent with the bearer token and an `Idempotency-Key`, so a retried
 * submit of one checkout attempt returns the same order.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { taxQuoteSchema } from '@shared/gst/gst-schemas';
import {
  createdOrderSchema,
  type CreateOrderBody,
  type OrderLineRequest,
} from '@shared/orders/order-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';

export type CreateOrderRequest = { body: CreateOrderBody; idempotencyKey: string };

/**
 * Creates an order.
 * @returns the order number (`id`, e.g. `RS-7KQ29XD3`).
 * @throws {ApiError} 400 with `fields` (`shippingAddress.<field>`, `lines.<i>.<field>`), 409 'Not enough stock
 *   for <title>' or 'You have unpaid orders. Please pay or cancel one of them first.', 401 when the session
 *   expired, status 0 without a response.
 */
export async function createOrder({ body, idempotencyKey }: CreateOrderRequest): Promise<string> {
  const { id } = await apiRequest('/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: createdOrderSchema,
  });
  if (id === '') throw new Error('The order was created without an order number');
  return id;
}

/** `createOrder` as a mutation; a new order makes the cached order list stale. */
export function useCreateOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}

/**
 * `POST /gst/quote`: the GST inside the prices of the checkout's lines, computed by the server as it will store
 * it on the order (docs/gst.md), and how it is levied for `state` ('' while none is chosen); with a 6-digit
 * `postalCode` also the shipping charge (null: not delivered there) and the COD fee where it is offered
 * (docs/delivery.md). The order computes them again itself.
 */
export const taxQuoteQueryOptions = (lines: OrderLineRequest[], state: string, postalCode = '') =>
  queryOptions({
    queryKey: ['gst-quote', lines, state, /^[1-9][0-9]{5}$/.test(postalCode) ? postalCode : ''],
    queryFn: ({ signal }) =>
      apiRequest('/gst/quote', {
        method: 'POST',
        body: {
          lines,
          ...(state ? { state } : {}),
          ...(/^[1-9][0-9]{5}$/.test(postalCode) ? { postalCode } : {}),
        },
        signal,
        schema: taxQuoteSchema,
      }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
