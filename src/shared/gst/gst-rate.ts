/**
 * Which GST rate applies to an order line of a clothing or fabric shop.
 *
 * - A product (or its category's default in the store settings) may set its rate: that rate applies.
 * - Woven fabrics sold by the metre: 5 %.
 * - Apparel and made-ups sold by the piece: 5 % when the sale value per piece is at most ₹2,500, else 18 %
 *   (Notification 9/2025-Central Tax (Rate), in force from 22 September 2025). The slab is decided on the
 *   discounted price per piece without tax at 5 %: price ÷ 1.05 ≤ ₹2,500 → 5 %, i.e. at most ₹2,625
 *   GST-inclusive per piece.
 */

/** The GST rates (percent) a product may carry: nil, the two slabs of clothing, the special and the demerit rate. */
export const GST_RATES = [0, 3, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** The slab threshold of apparel and made-ups: ₹2,500 per piece without tax, in paise. */
export const APPAREL_SLAB_THRESHOLD_PAISE = 250_000;

/** What decides a line's rate: the unit price actually charged (GST-inclusive, paise) and the unit. */
export interface GstRateInput {
  /** The price per piece or per metre the shopper pays, GST included, after any discount, in paise. */
  unitPricePaise: number;
  /** `piece` (apparel and made-ups) or `m` (woven fabric by the metre). */
  unit: 'piece' | 'm';
  /** The product's own rate, or its category's default rate, when one is set; it overrides the rules. */
  overrideRate?: number | null;
}

/**
 * The GST rate in percent of one order line (see the module comment for the rule and its source).
 * `gstRateFor({ unitPricePaise: 262_500, unit: 'piece' })` → 5; `262_501` → 18.
 */
export function gstRateFor(input: GstRateInput): number {
  if (input.overrideRate !== undefined && input.overrideRate !== null) return input.overrideRate;
  if (input.unit === 'm') return 5;
  // price ÷ 1.05 ≤ 2,500 rupees  ⇔  price × 100 ≤ 250,000 paise × 105, in integers so no rounding decides it.
  return input.unitPricePaise * 100 <= APPAREL_SLAB_THRESHOLD_PAISE * 105 ? 5 : 18;
}
