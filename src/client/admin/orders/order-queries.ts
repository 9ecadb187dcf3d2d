/** The admin's order reads and steps: TanStack query options and mutation functions over the admin API. */
import { queryOptions } from '@tanstack/react-query';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  type AdminOrderAction,
  type AdminOrderListQuery,
} from '@shared/admin/admin-order-schemas';
import { adminRequest } from '../lib/admin-api';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

export type OrderFilters = Partial<Omit<AdminOrderListQuery, 'page' | 'limit'>> & { page?: number };

export const adminOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'orders', filters],
    queryFn: () => adminRequest('/orders', { query: filters, schema: adminOrderListSchema }),
    placeholderData: (previous) => previous,
  });

export const adminOrderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber],
    queryFn: () =>
      adminRequest(`/orders/${encodeURIComponent(orderNumber)}`, { schema: adminOrderDetailSchema }),
  });

/** Runs an order step; answers the order as it is afterwards. */
export function runOrderStep(orderNumber: string, action: AdminOrderAction, body: object) {
  return adminRequest(`/orders/${encodeURIComponent(orderNumber)}/${action}`, {
    method: 'POST',
    body,
    schema: adminOrderDetailSchema,
  });
}
