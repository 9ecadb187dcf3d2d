/**
 * The shop's reviews (docs/admin.md "Reviews", docs/reviews.md "Moderation"): the list by status, and the
 * steps on one review — publish (a held or hidden review is shown), hide (with the reason kept), reply (the
 * shop's public answer; empty removes it). Each step is audited in its transaction, and the product's rating
 * figures are rewritten when what is published changes (the caller clears the catalogue caches after).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReviewStatus } from '@shared/reviews/review-rules';
import type { AdminReview, AdminReviewList } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { reviews } from '../../db/schema/review-tables';
import { users } from '../../db/schema/user-tables';
import { NotFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { announceCatalogChange } from '../stores/catalog-version';
import { refreshProductRating } from './review-figures';
import { reviewColumns, reviewViews, withoutRow } from './review-view';

/** 404 for a review that is not the store's. */
export const REVIEW_NOT_FOUND = 'Review not found';
/** Reviews a page of the admin's list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** Who acts, in which store. */
export type ReviewStepContext = { storeId: number; actor: AuditActor };

const adminColumns = {
  ...reviewColumns,
  status: reviews.status,
  hiddenReason: reviews.hiddenReason,
  productId: reviews.productId,
  productTitle: products.title,
  email: users.email,
};

/** Reads the admin's view of reviews matching `where` (store-scoped by the caller). */
async function adminViews(db: Db, storeId: number, where: ReturnType<typeof and>, page = 1) {
  const rows = await db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  const views = await reviewViews(db, storeId, rows);
  return views.map((view): AdminReview => ({
    ...withoutRow(view),
    status: view.row.status,
    hiddenReason: view.row.hiddenReason,
    productId: view.row.productId,
    productTitle: view.row.productTitle,
    email: view.row.email,
  }));
}

/** Page `page` of the store's reviews, newest first, of `status` (all when absent). */
export async function listAdminReviews(
  db: Db,
  storeId: number,
  query: { status?: ReviewStatus; page: number },
): Promise<AdminReviewList> {
  const where = and(
    eq(reviews.storeId, storeId),
    query.status ? eq(reviews.status, query.status) : undefined,
  );
  const [data, [total]] = await Promise.all([
    adminViews(db, storeId, where, query.page),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { data, total: total?.total ?? 0, page: query.page, limit: ADMIN_REVIEWS_PAGE_SIZE };
}

/** The store's review `reviewId` as the admin sees it. @throws {NotFoundError} {@link REVIEW_NOT_FOUND}. */
export async function adminReview(db: Db, storeId: number, reviewId: string): Promise<AdminReview> {
  const [found] = await adminViews(db, storeId, and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)));
  if (!found) throw new NotFoundError(REVIEW_NOT_FOUND);
  return found;
}

/** What a step sets: a new status (with its reason) or the reply. */
type ReviewChange =
  { action: 'publish' } | { action: 'hide'; reason: string } | { action: 'reply'; text: string };

/**
 * Applies `change` to review `reviewId` of the store, audited; @returns the review after it and whether the
 * product's published figures (and so the catalogue's answers) changed.
 * @throws {NotFoundError} {@link REVIEW_NOT_FOUND}.
 */
export async function changeReview(
  db: Db,
  context: ReviewStepContext,
  reviewId: string,
  change: ReviewChange,
): Promise<{ review: AdminReview; ratingChanged: boolean }> {
  const { storeId, actor } = context;
  const ratingChanged = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        productId: reviews.productId,
        status: reviews.status,
        hiddenReason: reviews.hiddenReason,
        reply: reviews.reply,
      })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.id, reviewId)))
      .for('update');
    if (!found) throw new NotFoundError(REVIEW_NOT_FOUND);
    const before = { status: found.status, hiddenReason: found.hiddenReason, reply: found.reply };
    const after =
      change.action === 'publish'
        ? { status: 'published' as const, hiddenReason: null, reply: found.reply }
        : change.action === 'hide'
          ? { status: 'hidden' as const, hiddenReason: change.reason, reply: found.reply }
          : { status: found.status, hiddenReason: found.hiddenReason, reply: change.text || null };
    await tx
      .update(reviews)
      .set({
        ...after,
        ...(change.action === 'reply' ? { repliedAt: change.text ? sql`now()` : null } : {}),
      })
      .where(eq(reviews.id, reviewId));
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'review',
      entityId: reviewId,
      action: change.action,
      before,
      after,
    });
    const changed = (before.status === 'published') !== (after.status === 'published');
    // Either way the change is announced: the product's cached first page of reviews is dropped everywhere.
    if (changed) await refreshProductRating(tx, storeId, found.productId);
    else await announceCatalogChange(tx, storeId);
    return changed;
  });
  return { review: await adminReview(db, storeId, reviewId), ratingChanged };
}
