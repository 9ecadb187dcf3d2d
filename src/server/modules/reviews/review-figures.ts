/**
 * A product's published review figures (docs/reviews.md): count, rating total, the count per rating and per
 * fit. Read by the reviews page and rewritten onto the product row after every change that may alter them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ratingAverage } from '@shared/reviews/review-rules';
import type { FitCounts } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema/review-tables';
import { writeProductRating } from '../catalog/product-rating';

/** The published figures of one product. */
export type ReviewFigures = {
  count: number;
  total: number;
  average: number;
  distribution: { '1': number; '2': number; '3': number; '4': number; '5': number };
  fit: FitCounts;
};

/** Reads the published figures of product `productId` of store `storeId` (one grouped query). */
export async function reviewFigures(db: Db, storeId: number, productId: string): Promise<ReviewFigures> {
  const rows = await db
    .select({ rating: reviews.rating, fit: reviews.fit, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(
      and(eq(reviews.storeId, storeId), eq(reviews.productId, productId), eq(reviews.status, 'published')),
    )
    .groupBy(reviews.rating, reviews.fit);
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  const fit = { small: 0, true: 0, large: 0 };
  let count = 0;
  let total = 0;
  for (const row of rows) {
    const n = Number(row.count);
    count += n;
    total += n * row.rating;
    distribution[String(row.rating) as keyof typeof distribution] += n;
    if (row.fit) fit[row.fit] += n;
  }
  return { count, total, average: ratingAverage(total, count), distribution, fit };
}

/**
 * Recomputes product `productId`'s published figures and writes them onto the product row, announcing the
 * catalogue change, inside the caller's transaction `tx` (call `app.catalogChanged()` after the commit).
 */
export async function refreshProductRating(tx: Db, storeId: number, productId: string): Promise<void> {
  const figures = await reviewFigures(tx, storeId, productId);
  await writeProductRating(tx, storeId, productId, { count: figures.count, total: figures.total });
}
