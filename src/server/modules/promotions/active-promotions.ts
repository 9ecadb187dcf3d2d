/**
 * The promotions running in a store at an instant (docs/discounts.md "Automatic promotions"): not paused, started at or
 * before it and ending after it. One small indexed query; every price the store computes (lists, product
 * pages, search, the tax quote, orders) reads them for the request's instant, so a promotion applies from its
 * first second to its last on every server.
 */
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { promotions } from '../../db/schema/promotion-tables';
import type { ActivePromotion } from './promotion-price';

/** A promotion row as read, before its names and ids are put in lower case. */
type PromotionRow = Omit<ActivePromotion, 'kind' | 'scope'> & { kind: string; scope: string };

/** The rules' view of a promotion row: kind and scope checked, sub-category names and product ids lower-case. */
const activePromotionOf = (row: PromotionRow): ActivePromotion => ({
  ...row,
  kind: row.kind === 'fixed' ? 'fixed' : 'percent',
  scope: row.scope === 'categories' || row.scope === 'products' ? row.scope : 'all',
  subCategories: row.subCategories.map((name) => name.toLowerCase()),
  productIds: row.productIds.map((id) => id.toLowerCase()),
});

/** A promotion with its whole window: running from `startsAt` (inclusive) until `endsAt` (exclusive). */
export type ScheduledPromotion = ActivePromotion & { startsAt: Date };

/**
 * A scalar subquery giving the promotions of `storeId` that are not paused and have not ended at `now` — the
 * running ones and those still to start — with their windows, as one JSON array, oldest first (read it back
 * with {@link scheduledPromotionsOfJson}). For a caller that keeps them and picks the running ones for each
 * instant with {@link runningAt} (the checkout quote's cache), reading them in the same statement as other
 * things.
 */
export function scheduledPromotionsJsonSql(storeId: number, now: Date): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'kind', kind, 'value', value,
      'scope', scope, 'categoryIds', category_ids, 'subCategories', sub_categories, 'productIds', product_ids,
      'startsAt', starts_at, 'endsAt', ends_at) ORDER BY id), '[]'::json)
    FROM promotions WHERE store_id = ${storeId} AND NOT paused AND ends_at > ${now.toISOString()}::timestamptz)`;
}

/** The promotions of a {@link scheduledPromotionsJsonSql} answer. */
export function scheduledPromotionsOfJson(json: unknown): ScheduledPromotion[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as (PromotionRow & {
    startsAt: string;
    endsAt: string;
  })[];
  return rows.map((row) => ({
    ...activePromotionOf({ ...row, value: Number(row.value), endsAt: new Date(row.endsAt) }),
    startsAt: new Date(row.startsAt),
  }));
}

/**
 * The promotions of `promotions` running at `now` (started at or before it, ending after it), in their order:
 * what {@link activePromotions} reads from the database at `now`, when `promotions` holds every promotion not
 * paused and not ended before `now`.
 */
export function runningAt(promotions: readonly ScheduledPromotion[], now: Date): ActivePromotion[] {
  const at = now.getTime();
  return promotions.filter(
    (promotion) => promotion.startsAt.getTime() <= at && at < promotion.endsAt.getTime(),
  );
}

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
  return rows.map(activePromotionOf);
}
