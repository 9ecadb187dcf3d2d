/**
 * A product's published reviews, one page at a time (`GET /products/{id}/reviews`, docs/reviews.md "Reading
 * reviews"): newest first, highest or lowest rating first, or those with photos first (each then newest
 * first), {@link REVIEWS_PAGE_SIZE} a page, with the product's figures: total, average, the count per rating
 * and per fit. Held and hidden reviews are never listed.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE, type ReviewSort } from '@shared/reviews/review-rules';
import type { ReviewList, ReviewListQuery } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/review-tables';
import { reviewedProduct } from './review-eligibility';
import { reviewFigures } from './review-figures';
import { reviewColumns, reviewViews, withoutRow } from './review-view';

/** The ORDER BY of each sort (ties: newest first, then by id so pages never overlap). */
const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
  photos: [sql`(${reviews.photoCount} > 0) DESC`, desc(reviews.createdAt), asc(reviews.id)],
};

/**
 * Page `query.page` of product `productId`'s published reviews in `query.sort` order, with its figures.
 * @throws {NotFoundError} 'Product not found' (unknown, another store's, archived).
 */
export async function listReviews(
  db: Db,
  storeId: number,
  productId: string,
  query: ReviewListQuery,
): Promise<ReviewList> {
  const product = await reviewedProduct(db, storeId, productId);
  const [figures, rows] = await Promise.all([
    reviewFigures(db, storeId, product.id),
    db
      .select(reviewColumns)
      .from(reviews)
      .where(
        and(eq(reviews.storeId, storeId), eq(reviews.productId, product.id), eq(reviews.status, 'published')),
      )
      .orderBy(...ORDERS[query.sort])
      .limit(REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  const views = await reviewViews(db, storeId, rows);
  return {
    data: views.map(withoutRow),
    total: figures.count,
    page: query.page,
    limit: REVIEWS_PAGE_SIZE,
    average: figures.average,
    distribution: figures.distribution,
    fit: figures.fit,
  };
}
