/**
 * The promotions running in a store at an instant (docs/discounts.md "Automatic promotions"): not paused, started at or
 * before it and ending after it. One small indexed query; every price the store computes (lists, product
 * pages, search, the tax quote, orders) reads them for the request's instant, so a promotion applies from its
 * first second to its last on every server.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { promotions } from '../../db/schema/promotion-tables';
import type { ActivePromotion } from './promotion-price';

/** The promotions of `storeId` running at `now` (oldest first). */
export async function activePromotions(db: Db, storeId: number, now: Date): Promise<ActivePromotion[]> {
  const rows = await db
    .select({
      id: promotions.id,
      name: promotions.name,
      kind: promotions.kind,
      value: promotions.value,
      scope: promotions.scope,
      categoryIds: promotions.categoryIds,
      subCategories: promotions.subCategories,
      productIds: promotions.productIds,
      endsAt: promotions.endsAt,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.storeId, storeId),
        eq(promotions.paused, false),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(asc(promotions.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    scope: row.scope === 'categories' || row.scope === 'products' ? row.scope : 'all',
    subCategories: row.subCategories.map((name) => name.toLowerCase()),
    productIds: row.productIds.map((id) => id.toLowerCase()),
  }));
}
