/** The admin's webhook endpoints (docs/webhooks.md): TanStack query options over `/admin/webhooks`. */
import { queryOptions } from '@tanstack/react-query';
import { webhookDeliveryListSchema, webhookEndpointListSchema } from '@shared/webhooks/webhook-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** Every read of the Webhooks screen (invalidated together after a change). */
export const WEBHOOKS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'webhooks'] as const;

/** `GET /admin/webhooks`: the endpoints, without secrets. */
export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'endpoints'],
    queryFn: () => apiRequest('/admin/webhooks', { schema: webhookEndpointListSchema }),
  });

/** `GET /admin/webhooks/:id/deliveries`: the latest deliveries with every answer; refreshed every 5 s while open. */
export const webhookDeliveriesQuery = (endpointId: number) =>
  queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'deliveries', endpointId],
    queryFn: () =>
      apiRequest(`/admin/webhooks/${endpointId}/deliveries`, { schema: webhookDeliveryListSchema }),
    refetchInterval: 5000,
  });
