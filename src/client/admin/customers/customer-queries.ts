/** The admin's customer reads: TanStack query options over the admin API. */
import { queryOptions } from '@tanstack/react-query';
import {
  customerDetailSchema,
  customerListSchema,
  type CustomerListQuery,
} from '@shared/admin/customer-schemas';
import { adminRequest } from '../lib/admin-api';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

export const customersQuery = (query: Partial<CustomerListQuery>) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customers', query],
    queryFn: () => adminRequest('/customers', { query, schema: customerListSchema }),
    placeholderData: (previous) => previous,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customer', id],
    queryFn: () => adminRequest(`/customers/${encodeURIComponent(id)}`, { schema: customerDetailSchema }),
  });
