/**
 * A shopper writes and edits their review (docs/reviews.md "Writing a review"): only with a Delivered line of
 * the product (403 otherwise), once per product (409 for a second), a fit only for clothing. The review is
 * published at once, or held for approval when the store asks so; the product's rating figures are rewritten
 * in the same transaction when a published review changes, and every write announces a catalogue change (the
 * caller clears the catalogue caches after the commit).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  FIT_NOT_CLOTHING,
  REVIEW_EXISTS,
  REVIEW_NOT_ELIGIBLE,
  type ReviewStatus,
} from '@shared/reviews/review-rules';
import type { MyReview, Review, ReviewBody } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/review-tables';
import { users } from '../../db/schema/user-tables';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { deliveredLineOf, reviewedProduct, type ReviewedProduct } from './review-eligibility';
import { announceCatalogChange } from '../stores/catalog-version';
import { refreshProductRating } from './review-figures';
import { readReviewSettings } from './review-settings';
import { reviewColumns, reviewViews, withoutRow } from './review-view';

/** 404 for an edit by a shopper who has not reviewed the product. */
export const NO_REVIEW_YET = 'You have not reviewed this item yet';

/** Who writes: the store and the signed-in shopper. */
export type Reviewer = { storeId: number; userId: number };

/** What a write changed: the review as answered and whether the catalogue's answers changed with it. */
export type ReviewWrite = { review: Review; ratingChanged: boolean };

/** 'Asha V.': the first name and the last name's initial. */
function authorNameOf(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return [firstName.trim() || 'Shopper', initial ? `${initial}.` : ''].filter(Boolean).join(' ');
}

/** @throws {ValidationError} `fit` on a product that is not clothing. */
function checkFit(product: ReviewedProduct, body: ReviewBody): void {
  if (body.fit && !product.clothing) throw new ValidationError({ fit: FIT_NOT_CLOTHING });
}

/** The review `id` as answered. @throws {NotFoundError} when it is gone. */
async function reviewOf(db: Db, storeId: number, id: string): Promise<Review> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(and(eq(reviews.storeId, storeId), eq(reviews.id, id)));
  const [view] = await reviewViews(db, storeId, rows);
  if (!view) throw new NotFoundError(NO_REVIEW_YET);
  return withoutRow(view);
}

/**
 * Writes the shopper's review of product `productId` from `body` (size from their latest Delivered line).
 * @throws {NotFoundError} 'Product not found'. @throws {ForbiddenError} {@link REVIEW_NOT_ELIGIBLE}.
 * @throws {ConflictError} {@link REVIEW_EXISTS}. @throws {ValidationError} a fit on a product not clothing.
 */
export async function createReview(
  db: Db,
  reviewer: Reviewer,
  productId: string,
  body: ReviewBody,
): Promise<ReviewWrite> {
  const { storeId, userId } = reviewer;
  const product = await reviewedProduct(db, storeId, productId);
  const line = await deliveredLineOf(db, storeId, userId, product.id);
  if (!line) throw new ForbiddenError(REVIEW_NOT_ELIGIBLE);
  checkFit(product, body);
  const { holdForApproval } = await readReviewSettings(db, storeId);
  const status: ReviewStatus = holdForApproval ? 'pending' : 'published';
  const id = await db.transaction(async (tx) => {
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
    const [created] = await tx
      .insert(reviews)
      .values({
        storeId,
        productId: product.id,
        userId,
        orderId: line.orderId,
        rating: body.rating,
        title: body.title,
        body: body.text,
        fit: body.fit ?? null,
        size: line.size,
        authorName: authorNameOf(author?.firstName ?? '', author?.lastName ?? ''),
        status,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!created) throw new ConflictError(REVIEW_EXISTS);
    // Either way the change is announced: the product's cached first page of reviews is dropped everywhere.
    if (status === 'published') await refreshProductRating(tx, storeId, product.id);
    else await announceCatalogChange(tx, storeId);
    return created.id;
  });
  return { review: await reviewOf(db, storeId, id), ratingChanged: status === 'published' };
}

/**
 * Rewrites the shopper's own review of product `productId` from `body`. With approval on, a published review
 * goes back to pending; a hidden one stays hidden.
 * @throws {NotFoundError} 'Product not found', {@link NO_REVIEW_YET}. @throws {ValidationError} as
 *   {@link createReview}.
 */
export async function updateReview(
  db: Db,
  reviewer: Reviewer,
  productId: string,
  body: ReviewBody,
): Promise<ReviewWrite> {
  const { storeId, userId } = reviewer;
  const product = await reviewedProduct(db, storeId, productId);
  checkFit(product, body);
  const { holdForApproval } = await readReviewSettings(db, storeId);
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: reviews.id, status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.productId, product.id), eq(reviews.userId, userId)))
      .for('update');
    if (!found) throw new NotFoundError(NO_REVIEW_YET);
    const status: ReviewStatus = found.status === 'published' && holdForApproval ? 'pending' : found.status;
    await tx
      .update(reviews)
      .set({
        rating: body.rating,
        title: body.title,
        body: body.text,
        fit: body.fit ?? null,
        status,
        updatedAt: sql`now()`,
      })
      .where(eq(reviews.id, found.id));
    const ratingChanged = found.status === 'published' || status === 'published';
    if (ratingChanged) await refreshProductRating(tx, storeId, product.id);
    else await announceCatalogChange(tx, storeId);
    return { id: found.id, ratingChanged };
  });
  return { review: await reviewOf(db, storeId, result.id), ratingChanged: result.ratingChanged };
}

/**
 * Whether the shopper may review product `productId`, the size of their latest Delivered line, whether a fit
 * may be given, and their review with its status (null: none yet).
 * @throws {NotFoundError} 'Product not found'.
 */
export async function myReview(db: Db, reviewer: Reviewer, productId: string): Promise<MyReview> {
  const { storeId, userId } = reviewer;
  const product = await reviewedProduct(db, storeId, productId);
  const [line, rows] = await Promise.all([
    deliveredLineOf(db, storeId, userId, product.id),
    db
      .select({ ...reviewColumns, status: reviews.status })
      .from(reviews)
      .where(
        and(eq(reviews.storeId, storeId), eq(reviews.productId, product.id), eq(reviews.userId, userId)),
      ),
  ]);
  const [view] = await reviewViews(db, storeId, rows);
  return {
    eligible: line !== null,
    size: line?.size ?? null,
    clothing: product.clothing,
    review: view ? { ...withoutRow(view), status: view.row.status } : null,
  };
}
