/**
 * The admin's promotion reads and writes (docs/discounts.md "Automatic promotions", "Owner"): the list as a TanStack
 * `queryOptions()` and the calls of `/api/v1/admin/promotions`, through the one API client.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  adminPromotionListSchema,
  adminPromotionSchema,
  type PromotionValues,
} from '@shared/discounts/promotion-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../../lib/admin-session';

/** The store's promotions with their status now. */
export const promotionsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'promotions'],
    queryFn: ({ signal }) => apiRequest('/admin/promotions', { signal, schema: adminPromotionListSchema }),
  });

/** Creates a promotion (`id` null) or saves promotion `id`. */
export const savePromotion = (id: number | null, body: PromotionValues) =>
  apiRequest(id === null ? '/admin/promotions' : `/admin/promotions/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: adminPromotionSchema,
  });

/** Pauses, resumes or duplicates promotion `id`. */
export const promotionAction = (id: number, action: 'pause' | 'resume' | 'duplicate') =>
  apiRequest(`/admin/promotions/${id}/${action}`, { method: 'POST', body: {}, schema: adminPromotionSchema });
