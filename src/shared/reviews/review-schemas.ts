/**
 * The reviews contract (docs/reviews.md): the shopper's review as written and as every answer carries it, a
 * product's reviews page with its figures, the shopper's own review, and the shop's moderation. Times are ISO
 * 8601; ratings whole numbers 1–5, averages to one decimal.
 */
import { z } from 'zod';
import { productImageSchema } from '../catalog/product-schema';
import { formatIndianNumber } from '../money';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../orders/shipping-address-schema';
import {
  MAX_HIDE_REASON,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  MIN_REVIEW_TEXT,
  REVIEW_FITS,
  REVIEW_SORTS,
  REVIEW_STATUSES,
} from './review-rules';

export type { ReviewFit, ReviewSort, ReviewStatus } from './review-rules';

/** Markup is refused: a review is plain text, shown as typed. */
const MARKUP = /<\s*[a-zA-Z/!?]/;
export const PLAIN_TEXT_MESSAGE = 'must be plain text, without HTML';

/** Trimmed plain text of `min`–`max` characters: no control characters but line breaks, no markup. */
const plainText = (min: number, max: number, tooShort: string) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(min, tooShort)
    .max(max, `must be at most ${formatIndianNumber(max)} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE)
    .refine((value) => !MARKUP.test(value), PLAIN_TEXT_MESSAGE);

/**
 * `POST /api/v1/products/{id}/reviews` and `PUT /api/v1/products/{id}/reviews/mine` body: `rating` 1–5, `title`
 * (1–120 characters), `text` (20–2,000 characters), `fit` (clothing only; null or absent: not given).
 */
export const reviewBodySchema = z.object({
  rating: z
    .number({ message: 'must be a whole number from 1 to 5' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a whole number from 1 to 5')
    .max(5, 'must be a whole number from 1 to 5'),
  title: plainText(1, MAX_REVIEW_TITLE, 'Please give your review a title'),
  text: plainText(MIN_REVIEW_TEXT, MAX_REVIEW_TEXT, `must be at least ${MIN_REVIEW_TEXT} characters`),
  fit: z.enum(REVIEW_FITS, { message: 'must be small, true or large' }).nullable().optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** One review as the storefront shows it: `size` from the shopper's order, `reply` the shop's answer. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  fit: z.enum(REVIEW_FITS).nullable(),
  size: z.string().nullable(),
  author: z.string(),
  /** Always true: only shoppers with a Delivered line of the product may write one. */
  verifiedPurchase: z.literal(true),
  photos: z.array(productImageSchema),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Counts of published reviews per rating, keys '1' … '5'. */
export const ratingDistributionSchema = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});

/** Counts of the fits published reviews gave. */
export const fitCountsSchema = z.object({
  small: z.number().int(),
  true: z.number().int(),
  large: z.number().int(),
});
export type FitCounts = z.infer<typeof fitCountsSchema>;

/**
 * `GET /api/v1/products/{id}/reviews` answer: one page of published reviews (`data`), how many there are
 * (`total`), their average rating (one decimal, 0 without reviews), the count per rating and per fit.
 */
export const reviewListSchema = z.object({
  data: z.array(reviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  average: z.number(),
  distribution: ratingDistributionSchema,
  fit: fitCountsSchema,
});
export type ReviewList = z.infer<typeof reviewListSchema>;

const pageText = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value),
  z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number from 1')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a whole number from 1'))
    .optional()
    .transform((page) => page ?? 1),
);

/** `GET /api/v1/products/{id}/reviews` query: `page` from 1 (default 1), `sort` (default newest). */
export const reviewListQuerySchema = z.object({
  page: pageText,
  sort: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(REVIEW_SORTS, { message: `must be one of ${REVIEW_SORTS.join(', ')}` })
      .optional()
      .transform((sort) => sort ?? 'newest'),
  ),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** The product of a review route (any text: an unknown or malformed id is 404 'Product not found'). */
export const reviewProductParamsSchema = z.object({ id: z.string() });

/**
 * `GET /api/v1/products/{id}/reviews/mine` answer: whether the signed-in shopper may review the product (a
 * Delivered line of it), the size of that line, and their review (null: none yet) with its `status`.
 */
export const myReviewSchema = z.object({
  eligible: z.boolean(),
  size: z.string().nullable(),
  clothing: z.boolean(),
  review: reviewSchema.extend({ status: z.enum(REVIEW_STATUSES) }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** `GET /api/v1/reviews/unsubscribe` query: the token of a review request mail's link. */
export const reviewUnsubscribeQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'is not a valid unsubscribe link'),
});

/** One review in the admin's list: the storefront shape plus the product, the shopper, status and reason. */
export const adminReviewSchema = reviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  hiddenReason: z.string().nullable(),
  productId: z.string(),
  productTitle: z.string(),
  /** The reviewer's e-mail address; null for an account made by phone without one. */
  email: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** `GET /api/v1/admin/reviews` query: `status` (all when absent), `page` from 1; 20 a page, newest first. */
export const adminReviewListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(REVIEW_STATUSES, { message: `must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
  ),
  page: pageText,
});

/** `GET /api/v1/admin/reviews` answer. */
export const adminReviewListSchema = z.object({
  data: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** `/api/v1/admin/reviews/{reviewId}/…` path. */
export const adminReviewParamsSchema = z.object({ reviewId: z.uuid('must be a review id') });

/** `POST /api/v1/admin/reviews/{reviewId}/hide` body: the reason, kept with the review (1–300 characters). */
export const hideReviewBodySchema = z.object({
  reason: plainText(1, MAX_HIDE_REASON, 'Please give a reason'),
});

/** `PUT /api/v1/admin/reviews/{reviewId}/reply` body: the shop's reply (empty text removes it). */
export const replyReviewBodySchema = z.object({
  text: z
    .string({ message: 'is required' })
    .trim()
    .max(MAX_REVIEW_REPLY, `must be at most ${formatIndianNumber(MAX_REVIEW_REPLY)} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE)
    .refine((value) => !MARKUP.test(value), PLAIN_TEXT_MESSAGE),
});

/** The store's review setting (`GET` / `PUT /api/v1/admin/reviews/settings`). */
export const reviewSettingsSchema = z.object({ holdForApproval: z.boolean() });
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
