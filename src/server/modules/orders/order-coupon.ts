/**
 * The coupon of an order being placed (docs/discounts.md): its use counted under the usage limit, and the
 * order stamped with the code, the coupon and the discount — each line's share taken off its line total (so
 * the lines' totals, their taxable values and the order's total all carry the discount) — in the order's
 * transaction. Money in paise.
 */
import { sql } from 'drizzle-orm';
import { COUPON_LIMIT_REACHED } from '@shared/discounts/coupon-messages';
import { applyCoupon, type CustomerUse } from '@shared/discounts/coupon-rules';
import type { Db } from '../../db/database';
import type { CouponRow } from '../../db/schema/coupon-tables';
import { ConflictError } from '../../errors';
import { claimCouponUse, couponTermsOf } from '../coupons/coupon-store';
import type { PlacedLine } from './placed-rows';

/**
 * Prices `coupon` on the order just placed (`orderId`, made at `createdAt`) — again, on the server, whatever the
 * client showed (docs/discounts.md) — and writes it onto the order ({@link applyOrderCoupon}). `customerUse`:
 * the customer's earlier uses, read before the order existed.
 * @returns each line's discount in paise (by position) and whether shipping is free.
 * @throws {ConflictError} with the coupon's refusal ('This code has expired', 'Add ₹501 more to use this code',
 *   …) under `couponCode`, or 'This code has reached its limit' when the usage limit was reached meanwhile.
 */
export async function couponOnOrder(
  tx: Db,
  storeId: number,
  order: { id: string; createdAt: Date },
  coupon: CouponRow,
  customerUse: CustomerUse | null,
  lines: readonly PlacedLine[],
): Promise<{ lineDiscountsPaise: number[]; freeShipping: boolean }> {
  const result = applyCoupon(
    couponTermsOf(coupon),
    lines.map((line) => ({
      productId: line.productId!,
      category: line.category,
      parentCategory: line.parentCategory,
      unitPricePaise: line.unitPricePaise!,
      regularPricePaise: line.regularPricePaise ?? line.unitPricePaise!,
      lineTotalPaise: line.lineTotalPaise!,
    })),
    order.createdAt,
    customerUse,
  );
  if ('refusal' in result) throw new ConflictError(result.refusal, { couponCode: result.refusal });
  await applyOrderCoupon(tx, storeId, order.id, coupon, result.lineDiscountsPaise);
  return { lineDiscountsPaise: result.lineDiscountsPaise, freeShipping: result.freeShipping };
}

/**
 * Counts the use of `coupon` and writes it onto order `orderId`: `coupon_code`, `coupon_id`, `discount_paise`
 * (the sum of `lineDiscountsPaise`), and each line's `discount_paise` with its `line_total_paise` lowered by it
 * (lines matched by position, `lineDiscountsPaise[i]` for position i). One statement after the claim.
 * @throws {ConflictError} 'This code has reached its limit' when the usage limit is reached meanwhile (the
 *   caller's transaction then rolls the whole order back).
 */
export async function applyOrderCoupon(
  tx: Db,
  storeId: number,
  orderId: string,
  coupon: CouponRow,
  lineDiscountsPaise: readonly number[],
): Promise<void> {
  if (!(await claimCouponUse(tx, storeId, coupon.id))) {
    throw new ConflictError(COUPON_LIMIT_REACHED, { couponCode: COUPON_LIMIT_REACHED });
  }
  const discountPaise = lineDiscountsPaise.reduce((sum, share) => sum + share, 0);
  await tx.execute(sql`
    WITH shares AS (
      SELECT (ordinality - 1)::integer AS position, share
      FROM unnest(${sql.param([...lineDiscountsPaise])}::bigint[]) WITH ORDINALITY AS shares(share, ordinality)
    ),
    lines AS (
      UPDATE order_lines AS l SET discount_paise = shares.share, line_total_paise = l.line_total_paise - shares.share
      FROM shares
      WHERE l.store_id = ${storeId} AND l.order_id = ${orderId} AND l.position = shares.position AND shares.share > 0
      RETURNING 1
    )
    UPDATE orders SET coupon_code = ${coupon.code}, coupon_id = ${coupon.id}, discount_paise = ${discountPaise},
      total_paise = subtotal_paise - ${discountPaise} + shipping_fee_paise + cod_fee_paise
    WHERE store_id = ${storeId} AND id = ${orderId} AND (SELECT count(*) FROM lines) >= 0`);
}
