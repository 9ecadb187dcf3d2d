/**
 * Reviews as the answers carry them (src/shared/reviews/review-schemas.ts `reviewSchema`): the columns read
 * and the photos of a page of reviews loaded in one query, each with the `srcset` of the image pipeline.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Review } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { uploadedImages } from '../../db/schema/media-tables';
import { reviewPhotos, reviews } from '../../db/schema/review-tables';
import { productImage } from '../catalog/product-image';

/** The review columns an answer reads. */
export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  fit: reviews.fit,
  size: reviews.size,
  authorName: reviews.authorName,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

/** One review row as read with {@link reviewColumns}. */
export type ReviewRow = {
  id: string;
  rating: number;
  title: string;
  body: string;
  fit: Review['fit'];
  size: string | null;
  authorName: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** `rows` as answers, with their photos in the shopper's order (one query for all of them). */
export async function reviewViews<T extends ReviewRow>(
  db: Db,
  storeId: number,
  rows: T[],
): Promise<(Review & { row: T })[]> {
  const ids = rows.map((row) => row.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewPhotos.reviewId,
            url: uploadedImages.url,
            widths: uploadedImages.widths,
            width: uploadedImages.width,
            height: uploadedImages.height,
          })
          .from(reviewPhotos)
          .innerJoin(uploadedImages, eq(uploadedImages.id, reviewPhotos.imageId))
          .where(and(eq(reviewPhotos.storeId, storeId), inArray(reviewPhotos.reviewId, ids)))
          .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
  return rows.map((row) => ({
    row,
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    fit: row.fit,
    size: row.size,
    author: row.authorName,
    verifiedPurchase: true as const,
    photos: photos
      .filter((photo) => photo.reviewId === row.id)
      .map((photo) => productImage(photo.url, photo.widths, photo.width, photo.height)),
    reply: row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A view without its row (what the answers send). */
export function withoutRow<T extends { row: unknown }>(view: T): Omit<T, 'row'> {
  const { row: _row, ...rest } = view;
  return rest;
}
