/**
 * What a shopper reads when a coupon cannot be used (docs/discounts.md "Coupons"). The same texts come back as
 * `couponError` from `POST /checkout/quote` and as the 409 `error` of `POST /orders`. Dates are India time
 * (Asia/Kolkata, UTC+5:30, no daylight saving) and money uses the one money format ({@link formatRupees}).
 */
import { INDIA_UTC_OFFSET_MINUTES } from '../delivery/delivery-dates';
import { formatRupees } from '../money';

export const COUPON_NOT_VALID = 'This code is not valid';
export const COUPON_EXPIRED = 'This code has expired';
export const COUPON_ALREADY_USED = 'You have already used this code';
export const COUPON_FIRST_ORDER_ONLY = 'This code is for your first order';
export const COUPON_NOT_FOR_THESE_ITEMS = 'This code does not apply to the items in your cart';
export const COUPON_LIMIT_REACHED = 'This code has reached its limit';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment as its calendar day in India: `1 Nov 2026` (day without a leading zero, short month, year). */
export function indiaDayText(at: Date): string {
  const india = new Date(at.getTime() + INDIA_UTC_OFFSET_MINUTES * 60_000);
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}

/** 'This code starts on 1 Nov 2026': the coupon's start (a moment) as its day in India. */
export function couponStartsText(startsAt: Date): string {
  return `This code starts on ${indiaDayText(startsAt)}`;
}

/** 'Add ₹501 more to use this code': what the eligible subtotal lacks of the minimum, in paise. */
export function couponShortfallText(shortPaise: number): string {
  return `Add ${formatRupees(shortPaise / 100)} more to use this code`;
}
