/**
 * The rating a product's answers carry (docs/reviews.md): the count and rating total of its published
 * reviews, kept on the product row so the catalogue's cached answers read them without a join
 * (docs/decisions/034-reviews.md). The reviews module rewrites them in the transaction of each review change
 * and announces the catalogue change, so cached answers are dropped as after an admin product edit.
 */
import { and, eq } from 'drizzle-orm';
import { ratingAverage } from '@shared/reviews/review-rules';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { announceCatalogChange } from '../stores/catalog-version';

/** `rating: { average, count }` for `count` published reviews rating `total` together; nothing for none. */
export function ratingOf(count: number, total: number): { rating?: { average: number; count: number } } {
  return count > 0 ? { rating: { average: ratingAverage(total, count), count } } : {};
}

/**
 * Writes product `productId`'s published review figures (`count` reviews, ratings summing to `total`) and
 * announces the catalogue change, inside the caller's transaction `tx`. The caller clears its own server's
 * caches after the commit (`app.catalogChanged()`).
 */
export async function writeProductRating(
  tx: Db,
  storeId: number,
  productId: string,
  figures: { count: number; total: number },
): Promise<void> {
  await tx
    .update(products)
    .set({ ratingCount: figures.count, ratingTotal: figures.total })
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  await announceCatalogChange(tx, storeId);
}
