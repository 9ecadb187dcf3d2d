/**
 * The admin's reviews (docs/reviews.md "Moderation"): TanStack query options over the admin API — one page of
 * reviews by status, the hold-for-approval setting — and the steps on a review (publish, hide with a reason,
 * reply), each of which reads the list again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminReviewListSchema,
  adminReviewSchema,
  reviewSettingsSchema,
  type adminReviewListQuerySchema,
  type ReviewSettings,
} from '@shared/reviews/review-schemas';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** Every admin read of reviews (invalidated together after a step). */
export const REVIEWS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'reviews'] as const;

/** The list's query: status (all when absent) and page. */
export type ReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

/** `GET /admin/reviews?status=&page=`: 20 a page, newest first. */
export const adminReviewsQuery = (query: ReviewListQuery) =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'list', query],
    queryFn: () => apiRequest('/admin/reviews', { query, schema: adminReviewListSchema }),
    placeholderData: (previous) => previous,
  });

/** `GET /admin/reviews/settings`: whether new reviews wait for approval. */
export const reviewSettingsQuery = () =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'settings'],
    queryFn: () => apiRequest('/admin/reviews/settings', { schema: reviewSettingsSchema }),
  });

/** A step on a review: `publish`, `hide` with `reason`, `reply` with `text` (empty removes the reply). */
export type ReviewStep =
  { action: 'publish' } | { action: 'hide'; reason: string } | { action: 'reply'; text: string };

const DONE: Record<ReviewStep['action'], string> = {
  publish: 'Review published',
  hide: 'Review hidden',
  reply: 'Reply saved',
};

/** Takes a step on review `id`; a toast says it is done or why not. */
export function useReviewStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: ReviewStep) => {
      const path = `/admin/reviews/${encodeURIComponent(id)}/${step.action}`;
      if (step.action === 'publish') return apiRequest(path, { method: 'POST', schema: adminReviewSchema });
      if (step.action === 'hide')
        return apiRequest(path, { method: 'POST', body: { reason: step.reason }, schema: adminReviewSchema });
      return apiRequest(path, { method: 'PUT', body: { text: step.text }, schema: adminReviewSchema });
    },
    onSuccess: async (_review, step) => {
      toast.success(DONE[step.action]);
      await client.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
    },
    onError: (error) => toast.error(errorText(error)),
  });
}

/** Saves the hold-for-approval setting (owner only). */
export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) =>
      apiRequest('/admin/reviews/settings', { method: 'PUT', body: settings, schema: reviewSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(reviewSettingsQuery().queryKey, saved);
      toast.success('Review setting saved');
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
