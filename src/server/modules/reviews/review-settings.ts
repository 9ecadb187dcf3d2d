/**
 * The store's review setting (docs/reviews.md "Settings"): whether new and edited reviews wait for the shop's
 * approval. Default: off — a review is published at once. Changes are audited.
 */
import { eq, sql } from 'drizzle-orm';
import type { ReviewSettings } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { reviewSettings } from '../../db/schema/review-tables';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { announceCatalogChange } from '../stores/catalog-version';

/** The review setting of store `storeId` (the default when never set). */
export async function readReviewSettings(db: Db, storeId: number): Promise<ReviewSettings> {
  const [row] = await db
    .select({ holdForApproval: reviewSettings.holdForApproval })
    .from(reviewSettings)
    .where(eq(reviewSettings.storeId, storeId));
  return { holdForApproval: row?.holdForApproval ?? false };
}

/** Writes the review setting of store `storeId` with its audit entry; @returns the setting now. */
export async function saveReviewSettings(
  db: Db,
  storeId: number,
  actor: AuditActor,
  settings: ReviewSettings,
): Promise<ReviewSettings> {
  await db.transaction(async (tx) => {
    const before = await readReviewSettings(tx, storeId);
    await tx
      .insert(reviewSettings)
      .values({ storeId, holdForApproval: settings.holdForApproval })
      .onConflictDoUpdate({
        target: reviewSettings.storeId,
        set: { holdForApproval: settings.holdForApproval, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'review-settings',
      entityId: String(storeId),
      action: 'update',
      before,
      after: settings,
    });
    // Announced as a catalogue change, as every review write (the caller clears this server's caches).
    await announceCatalogChange(tx, storeId);
  });
  return readReviewSettings(db, storeId);
}
