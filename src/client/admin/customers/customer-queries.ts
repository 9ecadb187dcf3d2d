/** The admin's customer reads: TanStack query options over the admin API. */
import { queryOptions } from '@tanstack/react-query';
import {
  customerDetailSchema,
  customerListSchema,
  type CustomerListQuery,
} from '@shared/admin/customer-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** `GET /admin/customers` with the list's filters (as read from the address by the shared query schema). */
export const customersQuery = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customers', query],
    queryFn: () => apiRequest('/admin/customers', { query, schema: customerListSchema }),
    placeholderData: (previous) => previous,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customer', id],
    queryFn: () => apiRequest(`/admin/customers/${encodeURIComponent(id)}`, { schema: customerDetailSchema }),
  });
