/**
 * The delivery estimate as dates and the cash-on-delivery line of the product page's PIN check
 * (docs/delivery.md "Where shoppers see it"). Dates are calendar days in India time (Asia/Kolkata, UTC+5:30
 * all year, no daylight saving), counted from the day the shopper checks; every day counts (the carriers'
 * holidays are not known to the shop). Names are written out here rather than by `Intl`, whose en-IN month
 * names differ between ICU versions ('Sep' / 'Sept').
 */
import { formatRupees } from '../money';

/** India's offset from UTC, minutes (Asia/Kolkata has no daylight saving). */
export const INDIA_UTC_OFFSET_MINUTES = 330;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The calendar date `days` days after `now`'s date in India, as `YYYY-MM-DD`.
 * `indiaDatePlusDays(new Date('2026-11-30T20:00:00Z'), 3)` → `'2026-12-04'` (it is already 1 Dec in India).
 */
export function indiaDatePlusDays(now: Date, days: number): string {
  const india = new Date(now.getTime() + INDIA_UTC_OFFSET_MINUTES * 60_000);
  const date = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` date as the shop writes it (en-IN short weekday, day, short month): `'Tue, 3 Dec'`. */
export function shortDeliveryDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * The estimate line: 'Get it by Tue, 3 Dec', the LATEST day of the zone's range (the shop promises the end of
 * its range; one date is easier to read than two on a phone).
 */
export function deliveryByText(latestDate: string): string {
  return `Get it by ${shortDeliveryDate(latestDate)}`;
}

/** Whether cash on delivery can pay for the checked PIN code: offered, outside the COD area, over the cap, or off. */
export type CodAvailability = 'available' | 'outside-area' | 'over-cap' | 'not-offered';

export const COD_AVAILABLE_TEXT = 'Cash on delivery available';
export const COD_NOT_AVAILABLE_FOR_PIN_TEXT = 'Cash on delivery not available for this PIN code';

/**
 * The cash-on-delivery line under the estimate, or null when the shop offers no COD at all (nothing to say):
 * 'Cash on delivery available', 'Cash on delivery not available for this PIN code', or, when the product alone
 * is over the shop's cap (rupees), 'Cash on delivery available for orders up to ₹5,000'.
 */
export function codAvailabilityText(cod: CodAvailability, maxOrderValueRupees: number | null): string | null {
  if (cod === 'available') return COD_AVAILABLE_TEXT;
  if (cod === 'outside-area') return COD_NOT_AVAILABLE_FOR_PIN_TEXT;
  if (cod === 'over-cap' && maxOrderValueRupees !== null) {
    return `Cash on delivery available for orders up to ${formatRupees(maxOrderValueRupees)}`;
  }
  return null;
}
