/**
 * Coupons as the checkout reads and counts them (docs/discounts.md): the coupon of a code in a store, the
 * signed-in customer's earlier uses and orders, and the usage count — raised in the order's transaction by one
 * conditional update (never past the usage limit, whatever runs at the same time) and given back when an
 * unpaid order is cancelled. Every statement is scoped to the store. Money in paise. A count raised or given
 * back is announced to the checkout quote's cache (../stores/quote-change.ts), which keeps the counts.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { CouponTerms, CustomerUse } from '@shared/discounts/coupon-rules';
import { COUPON_CODE_PATTERN } from '@shared/discounts/coupon-schemas';
import { rowsOf, type Db } from '../../db/database';
import { coupons, type CouponRow } from '../../db/schema/coupon-tables';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { announceQuoteChange } from '../stores/quote-change';

/** The rules' view of a stored coupon (names and product ids already in lower case). */
export function couponTermsOf(row: CouponRow): CouponTerms {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minSubtotalPaise: row.minSubtotalPaise,
    maxDiscountPaise: row.maxDiscountPaise,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    timesUsed: row.timesUsed,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    scope: row.scope,
    categories: row.categories,
    productIds: row.productIds,
    excludeSaleItems: row.excludeSaleItems,
    paused: row.paused,
  };
}

/**
 * A scalar subquery giving the coupon of `code` (any letter case) in `storeId` as one JSON object with the
 * row's property names (read it back with {@link couponRowOfJson}), or SQL NULL when there is none or the text
 * cannot be a code. For a caller that reads the coupon in the same statement as other things (the checkout
 * quote), so it costs no round trip of its own.
 */
export function couponByCodeJsonSql(storeId: number, code: string): SQL {
  const trimmed = code.trim();
  if (!COUPON_CODE_PATTERN.test(trimmed)) return sql`NULL::json`;
  const fields = sql.join(
    Object.entries(getTableColumns(coupons)).map(
      ([key, column]) => sql`${key}::text, c.${sql.identifier(column.name)}`,
    ),
    sql`, `,
  );
  return sql`(SELECT json_build_object(${fields}) FROM coupons AS c
    WHERE c.store_id = ${storeId} AND upper(c.code) = ${trimmed.toUpperCase()} LIMIT 1)`;
}

/** The coupon row of a {@link couponByCodeJsonSql} answer (its times back as `Date`s), or null for none. */
export function couponRowOfJson(json: unknown): CouponRow | null {
  if (json === null || json === undefined) return null;
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  for (const [key, column] of Object.entries(getTableColumns(coupons))) {
    if (column.columnType === 'PgTimestamp' && typeof row[key] === 'string') row[key] = new Date(row[key]);
  }
  return row as CouponRow;
}

/**
 * The coupon of `code` (any letter case) in `storeId`, or null when there is none or the text cannot be a code.
 */
export async function findCouponByCode(db: Db, storeId: number, code: string): Promise<CouponRow | null> {
  const trimmed = code.trim();
  if (!COUPON_CODE_PATTERN.test(trimmed)) return null;
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`${coupons.storeId} = ${storeId} AND upper(${coupons.code}) = ${trimmed.toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * The customer's orders in `storeId` that count against the coupon (placed with it and not given back), and
 * their orders that are not Cancelled (what a first-order coupon counts).
 */
export async function customerUseOf(
  db: Db,
  storeId: number,
  userId: number,
  couponId: number,
): Promise<CustomerUse> {
  const [row] = rowsOf<{ uses: number; placed: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE coupon_id = ${couponId} AND coupon_released_at IS NULL)::integer AS uses,
        count(*) FILTER (WHERE status <> ${ORDER_STATUS.cancelled})::integer AS placed
      FROM orders WHERE store_id = ${storeId} AND user_id = ${userId}`),
  );
  return { usesOfCoupon: row?.uses ?? 0, placedOrders: row?.placed ?? 0 };
}

/**
 * Counts one use of coupon `couponId`, only while it is under its usage limit. On PostgreSQL a concurrent
 * claim waits for the row lock and then re-checks the limit on the committed count, so the limit holds
 * under any concurrency; on PGlite transactions run one at a time. Call it inside the order's transaction.
 * @returns whether the use was counted (false: the limit is reached).
 */
export async function claimCouponUse(tx: Db, storeId: number, couponId: number): Promise<boolean> {
  const claimed = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      sql`${coupons.storeId} = ${storeId} AND ${coupons.id} = ${couponId}
        AND (${coupons.usageLimit} IS NULL OR ${coupons.timesUsed} < ${coupons.usageLimit})`,
    )
    .returning({ id: coupons.id });
  if (claimed.length === 0) return false;
  await announceQuoteChange(tx, storeId);
  return true;
}

/**
 * Gives back the coupon use of order `orderId` (call it in the transaction that cancels an unpaid order): marks
 * the order's use released and lowers the coupon's count, once — an order already released, or without a
 * coupon, changes nothing.
 * @returns whether a use was given back.
 */
export async function releaseCouponUse(tx: Db, storeId: number, orderId: string): Promise<boolean> {
  const released = rowsOf<{ coupon_id: number }>(
    await tx.execute(sql`
      WITH released AS (
        UPDATE orders SET coupon_released_at = now()
        WHERE store_id = ${storeId} AND id = ${orderId} AND coupon_id IS NOT NULL AND coupon_released_at IS NULL
        RETURNING coupon_id
      )
      UPDATE coupons SET times_used = greatest(coupons.times_used - 1, 0)
      FROM released WHERE coupons.store_id = ${storeId} AND coupons.id = released.coupon_id
      RETURNING coupons.id AS coupon_id`),
  );
  if (released.length === 0) return false;
  await announceQuoteChange(tx, storeId);
  return true;
}
