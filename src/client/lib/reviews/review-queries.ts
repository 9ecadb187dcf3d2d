/**
 * The storefront's reads of reviews (docs/reviews.md "Reading reviews"), as TanStack query options: one page of
 * a product's published reviews with its figures, and the signed-in shopper's own review and whether they may
 * write one. The shopper's read lives under the session key, so signing out drops it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ReviewSort } from '@shared/reviews/review-rules';
import { myReviewSchema, reviewListSchema } from '@shared/reviews/review-schemas';
import { apiRequest } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';

/** Every read of a product's published reviews (invalidated after the shopper writes one). */
export const reviewsKey = (productId: string) => ['reviews', productId] as const;
/** The shopper's own review of a product. */
export const myReviewKey = (productId: string) => [...SESSION_QUERY_KEY, 'reviews', productId] as const;

/** `GET /products/{id}/reviews?page=&sort=`: 10 published reviews a page, with average and counts. */
export const reviewsQueryOptions = (productId: string, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: [...reviewsKey(productId), sort, page],
    queryFn: () =>
      apiRequest(`/products/${encodeURIComponent(productId)}/reviews`, {
        query: { page, sort },
        schema: reviewListSchema,
      }),
  });

/** `GET /products/{id}/reviews/mine`: whether the shopper may review, their size and their review. */
export const myReviewQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: myReviewKey(productId),
    queryFn: () =>
      apiRequest(`/products/${encodeURIComponent(productId)}/reviews/mine`, { schema: myReviewSchema }),
  });
