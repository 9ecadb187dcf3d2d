/**
 * The rules of reviews both sides apply (docs/reviews.md): the fits, sorts and statuses, the limits, the
 * refusal texts the server answers and the storefront shows, and the words of a fit summary.
 */

/** How a garment fits, as the reviewer says: runs small, true to size, runs large. */
export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** The orders of a product's reviews: newest first, highest or lowest rating first, those with photos first. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** `published` (shown), `pending` (held for the shop's approval), `hidden` (by the shop, with a reason). */
export const REVIEW_STATUSES = ['published', 'pending', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Reviews per page of `GET /products/{id}/reviews`. */
export const REVIEWS_PAGE_SIZE = 10;
/** Photos a review may carry. */
export const MAX_REVIEW_PHOTOS = 3;
/** The length of a review's text, in characters. */
export const MIN_REVIEW_TEXT = 20;
export const MAX_REVIEW_TEXT = 2_000;
/** The length of a review's title, and of the shop's reply and hiding reason, in characters. */
export const MAX_REVIEW_TITLE = 120;
export const MAX_REVIEW_REPLY = 1_000;
export const MAX_HIDE_REASON = 300;

/** 403 for a shopper without a Delivered line of the product (and for a guest who is signed in nowhere). */
export const REVIEW_NOT_ELIGIBLE = 'Only shoppers who received this item can review it';
/** 409 for a second review of the same product by the same shopper. */
export const REVIEW_EXISTS = 'You have already reviewed this item';
/** 400 (field `fit`) for a fit on a product that is not clothing (fabric sold by the metre). */
export const FIT_NOT_CLOTHING = 'fit is given only for clothing';

/** The label of a fit: 'Runs small', 'True to size', 'Runs large'. */
export const FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

/**
 * The fit summary of counts `fit`: the most given answer and how many of all gave it — 'Fits true to size
 * (8 of 11)', 'Runs small (3 of 4)' — or null when no reviewer gave a fit. A tie goes to true to size, then
 * small.
 */
export function fitSummary(fit: Record<ReviewFit, number>): string | null {
  const total = fit.small + fit.true + fit.large;
  if (total === 0) return null;
  const top = (['true', 'small', 'large'] as const).reduce((best, key) =>
    fit[key] > fit[best] ? key : best,
  );
  const words = top === 'true' ? 'Fits true to size' : FIT_LABELS[top];
  return `${words} (${fit[top]} of ${total})`;
}

/** The average of `total` over `count` ratings, to one decimal (4.26 → 4.3); 0 without ratings. */
export function ratingAverage(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total / count) * 10) / 10;
}
