/**
 * The unsubscribe link of a review request mail (`GET /reviews/unsubscribe?token=…`, docs/reviews.md): the
 * token names the request, and so the shopper, who then gets no more review request mails from the store.
 * Following it twice is harmless; a mail scanner that follows it only stops review requests.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reviewMailOptOuts, reviewRequests } from '../../db/schema/review-tables';
import { NotFoundError } from '../../errors';

/** 404 for a token no request of the store carries. */
export const UNSUBSCRIBE_LINK_UNKNOWN = 'This unsubscribe link is not valid';

/**
 * Records that the shopper of the request with `token` in store `storeId` wants no more review requests.
 * @throws {NotFoundError} {@link UNSUBSCRIBE_LINK_UNKNOWN}.
 */
export async function unsubscribeFromReviewRequests(db: Db, storeId: number, token: string): Promise<void> {
  const [request] = await db
    .select({ userId: reviewRequests.userId })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.storeId, storeId), eq(reviewRequests.token, token)));
  if (!request) throw new NotFoundError(UNSUBSCRIBE_LINK_UNKNOWN);
  await db.insert(reviewMailOptOuts).values({ storeId, userId: request.userId }).onConflictDoNothing();
}
