/** The admin's returns queue: TanStack query options over the admin API, the return steps and RTO. */
import { queryOptions } from '@tanstack/react-query';
import { adminOrderDetailSchema } from '@shared/admin/admin-order-schemas';
import {
  adminOrderReturnsSchema,
  adminReturnListSchema,
  adminReturnSchema,
} from '@shared/returns/return-schemas';
import type { z } from 'zod';
import type { AdminReturnStep, adminReturnListQuerySchema } from '@shared/returns/return-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** Every read of returns (invalidated together after a step). */
export const RETURNS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'returns'] as const;

/** The queue's query: tab, page, page size. */
export type ReturnListQuery = z.output<typeof adminReturnListQuerySchema>;

/** `GET /admin/returns?status=…`: one page of a tab, with every tab's count. */
export const returnsQuery = (query: ReturnListQuery) =>
  queryOptions({
    queryKey: [...RETURNS_QUERY_KEY, 'list', query],
    queryFn: () => apiRequest('/admin/returns', { query, schema: adminReturnListSchema }),
    placeholderData: (previous) => previous,
  });

/** `GET /admin/returns/:returnId`: one return. */
export const returnQuery = (id: string) =>
  queryOptions({
    queryKey: [...RETURNS_QUERY_KEY, 'one', id],
    queryFn: () => apiRequest(`/admin/returns/${encodeURIComponent(id)}`, { schema: adminReturnSchema }),
  });

/** `GET /admin/orders/:orderNumber/returns`: the order's returns, oldest first. */
export const orderReturnsQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: [...RETURNS_QUERY_KEY, 'order', orderNumber],
    queryFn: () =>
      apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}/returns`, {
        schema: adminOrderReturnsSchema,
      }),
  });

/** Runs `step` on return `id`; answers the return as it is afterwards. */
export const runReturnStep = (id: string, step: AdminReturnStep, body: object) =>
  apiRequest(`/admin/returns/${encodeURIComponent(id)}/${step}`, {
    method: 'POST',
    body,
    schema: adminReturnSchema,
  });

/** `POST /admin/orders/:orderNumber/rto`: the parcel came back; answers the order as it is afterwards. */
export const markReturnedToOrigin = (orderNumber: string) =>
  apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}/rto`, {
    method: 'POST',
    body: {},
    schema: adminOrderDetailSchema,
  });
