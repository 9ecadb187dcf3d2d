/** The admin's order reads and steps: TanStack query options and mutation functions over the admin API. */
import { queryOptions } from '@tanstack/react-query';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  type AdminOrderAction,
  type AdminOrderListQuery,
} from '@shared/admin/admin-order-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** `GET /admin/orders` with the list's filters (as read from the address by the shared query schema). */
export const adminOrdersQuery = (filters: AdminOrderListQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'orders', filters],
    queryFn: () => apiRequest('/admin/orders', { query: filters, schema: adminOrderListSchema }),
    placeholderData: (previous) => previous,
  });

export const adminOrderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber],
    queryFn: () =>
      apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}`, { schema: adminOrderDetailSchema }),
  });

/** Runs an order step; answers the order as it is afterwards. */
export function runOrderStep(orderNumber: string, action: AdminOrderAction, body: object) {
  return apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}/${action}`, {
    method: 'POST',
    body,
    schema: adminOrderDetailSchema,
  });
}
