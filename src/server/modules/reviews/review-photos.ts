/**
 * Photos of a review (`POST /products/{id}/reviews/mine/photos`, docs/reviews.md "Photos"): one picture per
 * request, at most {@link MAX_REVIEW_PHOTOS} per review, only by its author. Each goes through the admin's
 * image pipeline (../media/image-pipeline.ts: checked by content, re-encoded as WebP, metadata such as GPS
 * dropped), its files are written, then one transaction — with the review row locked, so two uploads at once
 * cannot pass the limit — records it in `uploaded_images` and `review_photos`. When that transaction fails the
 * files it wrote are removed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MAX_REVIEW_PHOTOS } from '@shared/reviews/review-rules';
import type { Db } from '../../db/database';
import { reviewPhotos, reviews } from '../../db/schema/review-tables';
import { BadRequestError, NotFoundError } from '../../errors';
import type { UploadedFile } from '../media/image-pipeline';
import type { MediaStorage } from '../media/media-storage';
import { saveOnePhoto } from '../media/save-uploads';
import { announceCatalogChange } from '../stores/catalog-version';
import { reviewedProduct } from './review-eligibility';
import { NO_REVIEW_YET, type Reviewer } from './review-writes';

/** 400 past the limit. */
export const TOO_MANY_REVIEW_PHOTOS = `You can add at most ${MAX_REVIEW_PHOTOS} photos to a review`;

/**
 * The shopper's review of `productId`, checked to take one more photo; locked when `lock`.
 * @throws {NotFoundError} {@link NO_REVIEW_YET}. @throws {BadRequestError} past the limit.
 */
async function photoReviewOf(
  db: Db,
  reviewer: Reviewer,
  productId: string,
  lock = false,
): Promise<{ id: string; photos: number }> {
  const query = db
    .select({ id: reviews.id, photos: reviews.photoCount })
    .from(reviews)
    .where(
      and(
        eq(reviews.storeId, reviewer.storeId),
        eq(reviews.productId, productId),
        eq(reviews.userId, reviewer.userId),
      ),
    );
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw new NotFoundError(NO_REVIEW_YET);
  if (found.photos >= MAX_REVIEW_PHOTOS) throw new BadRequestError(TOO_MANY_REVIEW_PHOTOS);
  return found;
}

/**
 * Adds the one file `readFiles` reads to the shopper's review of product `productId`, its files written to
 * `storage`. The checks run before the picture is decoded and again under the lock.
 * @throws {NotFoundError} 'Product not found', {@link NO_REVIEW_YET}. @throws {BadRequestError} no file or
 *   more than one ('Upload one photo at a time': ../media/save-uploads.ts); the pipeline's refusal
 *   (`photo.jpg is not a JPEG, PNG or WebP image`, …); past the limit.
 */
export async function addReviewPhoto(
  db: Db,
  storage: MediaStorage,
  reviewer: Reviewer,
  productId: string,
  readFiles: () => Promise<UploadedFile[]>,
): Promise<void> {
  const { storeId } = reviewer;
  const product = await reviewedProduct(db, storeId, productId);
  await photoReviewOf(db, reviewer, product.id);
  await saveOnePhoto(db, storage, storeId, readFiles, async (tx, imageId) => {
    const found = await photoReviewOf(tx, reviewer, product.id, true);
    await tx.insert(reviewPhotos).values({ storeId, reviewId: found.id, imageId, position: found.photos });
    await tx
      .update(reviews)
      .set({ photoCount: sql`${reviews.photoCount} + 1`, updatedAt: sql`now()` })
      .where(eq(reviews.id, found.id));
    // The product's cached first page of reviews is dropped everywhere (the caller clears this server's).
    await announceCatalogChange(tx, storeId);
  });
}
