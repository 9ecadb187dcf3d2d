/**
 * Whether a coupon can be used on a cart, and how much it takes off (docs/discounts.md "Coupons"). Pure rules
 * shared by the checkout quote and the order (the server runs both; nothing here reads a database). Money in
 * paise; moments as `Date`.
 *
 * A line is **on sale** exactly when the unit price it is charged before any coupon is below its regular price
 * (the variant's regular price, else the product's): a coupon that excludes sale items leaves such lines out.
 * The minimum subtotal is counted on the lines the coupon applies to.
 */
import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_FIRST_ORDER_ONLY,
  COUPON_LIMIT_REACHED,
  COUPON_NOT_FOR_THESE_ITEMS,
  COUPON_NOT_VALID,
  couponShortfallText,
  couponStartsText,
} from './coupon-messages';
import type { CouponKind, CouponScope, CouponStatus } from './coupon-schemas';
import { splitDiscount } from './discount-split';

/** A coupon as the rules need it. `value`: whole percent for `percent`, paise for `fixed`, 0 otherwise. */
export type CouponTerms = {
  code: string;
  description: string;
  kind: CouponKind;
  value: number;
  minSubtotalPaise: number | null;
  maxDiscountPaise: number | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  /** Uses counted so far (orders placed with it and not given back). */
  timesUsed: number;
  perCustomerLimit: number;
  firstOrderOnly: boolean;
  scope: CouponScope;
  /** Category or sub-category names, lower case. */
  categories: readonly string[];
  /** Product ids, lower case. */
  productIds: readonly string[];
  excludeSaleItems: boolean;
  paused: boolean;
};

/** A priced line of the cart: what it is charged before any coupon (paise) and what it is. */
export type CouponLine = {
  productId: string;
  category: string | null;
  parentCategory: string | null;
  /** Unit price charged before any coupon, and the regular price (variant's, else product's), paise. */
  unitPricePaise: number;
  regularPricePaise: number;
  /** round(unit price × quantity), paise. */
  lineTotalPaise: number;
};

/** The signed-in customer's past orders in this store: their uses of this coupon and their orders. */
export type CustomerUse = { usesOfCoupon: number; placedOrders: number };

/** The coupon's status at `now`: paused, scheduled (not started), expired (ended) or active. */
export function couponStatus(
  terms: Pick<CouponTerms, 'paused' | 'startsAt' | 'endsAt'>,
  now: Date,
): CouponStatus {
  if (terms.paused) return 'paused';
  if (now < terms.startsAt) return 'scheduled';
  if (terms.endsAt !== null && now >= terms.endsAt) return 'expired';
  return 'active';
}

/** Whether `line` is on sale: charged below its regular price (see the module comment). */
export function isOnSale(line: Pick<CouponLine, 'unitPricePaise' | 'regularPricePaise'>): boolean {
  return line.unitPricePaise < line.regularPricePaise;
}

/** Whether the coupon applies to `line`: its scope, and not a sale line when those are excluded. */
export function couponAppliesTo(terms: CouponTerms, line: CouponLine): boolean {
  if (terms.excludeSaleItems && isOnSale(line)) return false;
  if (terms.scope === 'products') return terms.productIds.includes(line.productId.toLowerCase());
  if (terms.scope === 'categories') {
    return [line.category, line.parentCategory].some(
      (name) => name !== null && terms.categories.includes(name.trim().toLowerCase()),
    );
  }
  return true;
}

/** A coupon applied: the discount of each line (same order as the cart, paise) and whether shipping is free. */
export type AppliedCoupon = { lineDiscountsPaise: number[]; discountPaise: number; freeShipping: boolean };

/**
 * The coupon on `lines` at `now`, or the message why it cannot be used, checked in this order: paused →
 * 'This code is not valid'; not started → 'This code starts on 1 Nov 2026'; ended → 'This code has expired';
 * usage limit reached → 'This code has reached its limit'; `customer` given and their uses reach the
 * per-customer limit → 'You have already used this code'; first order only and they have placed one → 'This
 * code is for your first order'; no line it applies to → 'This code does not apply to the items in your
 * cart'; those lines below the minimum → 'Add ₹501 more to use this code'.
 * Discount: percent → round(eligible value × percent ÷ 100), capped at the maximum discount; fixed → the
 * value, at most the eligible value; free shipping → none on the lines (the caller zeroes the shipping). The
 * discount is shared over the eligible lines by {@link splitDiscount}.
 */
export function applyCoupon(
  terms: CouponTerms,
  lines: readonly CouponLine[],
  now: Date,
  customer: CustomerUse | null,
): AppliedCoupon | { refusal: string } {
  const status = couponStatus(terms, now);
  if (status === 'paused') return { refusal: COUPON_NOT_VALID };
  if (status === 'scheduled') return { refusal: couponStartsText(terms.startsAt) };
  if (status === 'expired') return { refusal: COUPON_EXPIRED };
  if (terms.usageLimit !== null && terms.timesUsed >= terms.usageLimit)
    return { refusal: COUPON_LIMIT_REACHED };
  if (customer && customer.usesOfCoupon >= terms.perCustomerLimit) return { refusal: COUPON_ALREADY_USED };
  if (customer && terms.firstOrderOnly && customer.placedOrders > 0)
    return { refusal: COUPON_FIRST_ORDER_ONLY };
  const eligible = lines.map((line) => couponAppliesTo(terms, line));
  const values = lines.map((line, index) => (eligible[index] ? line.lineTotalPaise : 0));
  const eligiblePaise = values.reduce((sum, value) => sum + value, 0);
  if (eligiblePaise === 0) return { refusal: COUPON_NOT_FOR_THESE_ITEMS };
  if (terms.minSubtotalPaise !== null && eligiblePaise < terms.minSubtotalPaise) {
    return { refusal: couponShortfallText(terms.minSubtotalPaise - eligiblePaise) };
  }
  let discountPaise = 0;
  if (terms.kind === 'percent') {
    discountPaise = Math.round((eligiblePaise * terms.value) / 100);
    if (terms.maxDiscountPaise !== null) discountPaise = Math.min(discountPaise, terms.maxDiscountPaise);
  } else if (terms.kind === 'fixed') {
    discountPaise = Math.min(terms.value, eligiblePaise);
  }
  return {
    lineDiscountsPaise: splitDiscount(discountPaise, values),
    discountPaise,
    freeShipping: terms.kind === 'free_shipping',
  };
}
