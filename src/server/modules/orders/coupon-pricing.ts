/**
 * A coupon on priced lines, for the checkout quote (./checkout-quote.ts) and the order (./create-order.ts):
 * the coupon of the code, whether it can be used by this customer on these lines and what it takes off each
 * line (src/shared/discounts/coupon-rules.ts), and the lines as GST sees them once discounted — the taxable
 * value is the line less its discount, and the apparel rate is decided on the discounted price per piece (CGST
 * Act s. 15(3)(a); docs/discounts.md "Tax"). Money in paise.
 */
import {
  applyCoupon,
  type AppliedCoupon,
  type CouponLine,
  type CustomerUse,
} from '@shared/discounts/coupon-rules';
import { COUPON_NOT_VALID } from '@shared/discounts/coupon-messages';
import type { Db } from '../../db/database';
import type { CouponRow } from '../../db/schema/coupon-tables';
import { couponTermsOf, customerUseOf, findCouponByCode } from '../coupons/coupon-store';
import type { TaxedLineInput } from '../gst/order-tax';

/** A coupon that applies, with its row (to count the use and stamp the order). */
export type CouponVerdict =
  { coupon: CouponRow; applied: AppliedCoupon } | { coupon: CouponRow | null; refusal: string };

/**
 * The verdict of `code` on `lines` at `now`: 'This code is not valid' for an unknown code (or one that cannot
 * be a code), else {@link applyCoupon}'s. The customer's earlier uses and orders are checked when `userId` is
 * given (`customer` read here unless passed).
 */
export async function couponVerdict(
  db: Db,
  storeId: number,
  code: string,
  lines: readonly CouponLine[],
  userId: number | null,
  now: Date,
): Promise<CouponVerdict> {
  return couponVerdictOf(db, storeId, await findCouponByCode(db, storeId, code), lines, userId, now);
}

/**
 * {@link couponVerdict} for a coupon already read (`coupon`; null when the code names none): 'This code is not
 * valid', or {@link applyCoupon}'s verdict, with the customer's earlier uses read when `userId` is given.
 */
export async function couponVerdictOf(
  db: Db,
  storeId: number,
  coupon: CouponRow | null,
  lines: readonly CouponLine[],
  userId: number | null,
  now: Date,
): Promise<CouponVerdict> {
  if (!coupon) return { coupon: null, refusal: COUPON_NOT_VALID };
  const customer: CustomerUse | null =
    userId === null ? null : await customerUseOf(db, storeId, userId, coupon.id);
  const result = applyCoupon(couponTermsOf(coupon), lines, now, customer);
  return 'refusal' in result ? { coupon, refusal: result.refusal } : { coupon, applied: result };
}

/**
 * The GST inputs of `lines` less their discounts (same order, paise): line total − discount, and the price per
 * piece or metre (line total − discount) ÷ quantity, which decides the apparel slab.
 */
export function discountedTaxInputs(
  lines: readonly (TaxedLineInput & { quantity: number })[],
  lineDiscountsPaise: readonly number[] | null,
): TaxedLineInput[] {
  return lines.map(({ quantity, ...line }, index) => {
    const discount = lineDiscountsPaise?.[index] ?? 0;
    if (discount === 0) return line;
    const lineTotalPaise = line.lineTotalPaise - discount;
    return { ...line, lineTotalPaise, unitPricePaise: lineTotalPaise / quantity };
  });
}
