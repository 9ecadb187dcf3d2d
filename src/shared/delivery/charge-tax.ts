/**
 * GST on an order's charges (shipping, the cash-on-delivery fee). Delivering the goods and collecting cash are
 * part of one composite supply whose principal supply is the goods: the charges are taxed at the rate of the
 * principal supply (CGST Act section 2(30) and section 8(a)). Resham takes the order line of highest value
 * (its GST-inclusive total) as the principal supply; on a tie the higher rate. The charges are GST-inclusive
 * like prices, so the same split applies (./../gst/tax-split.ts). Amounts in paise, rates in percent.
 */
import { splitInclusive, taxHeads, type SupplyKind } from '../gst/tax-split';
import type { LineGst } from '../gst/line-gst';

/** The kinds of charges an order may carry, with their labels on the invoice, e-mails and order pages. */
export const ORDER_CHARGE_LABELS = {
  shipping: 'Shipping',
  cod: 'Cash on delivery fee',
} as const;
export type OrderChargeKind = keyof typeof ORDER_CHARGE_LABELS;

/**
 * Their services accounting codes (SAC) on the invoice and in the GSTR-1 HSN summary: 9965 (goods transport
 * services) for shipping, 9971 (financial and related services) for the fee of collecting cash.
 */
export const ORDER_CHARGE_SAC: Record<OrderChargeKind, string> = { shipping: '9965', cod: '9971' };

/** An order line as far as the principal supply is concerned: its GST-inclusive total (paise) and rate (%). */
export type RatedLine = { lineTotalPaise: number; ratePercent: number };

/**
 * The GST rate of the principal supply: the rate of the line with the highest total; on equal totals the
 * higher rate. 0 without lines. `principalRate([{ lineTotalPaise: 280_000, ratePercent: 18 },
 * { lineTotalPaise: 90_000, ratePercent: 5 }])` → 18.
 */
export function principalRate(lines: readonly RatedLine[]): number {
  let best: RatedLine | null = null;
  for (const line of lines) {
    if (
      best === null ||
      line.lineTotalPaise > best.lineTotalPaise ||
      (line.lineTotalPaise === best.lineTotalPaise && line.ratePercent > best.ratePercent)
    ) {
      best = line;
    }
  }
  return best?.ratePercent ?? 0;
}

/**
 * The GST inside a charge of `amountPaise` (GST-inclusive, ≥ 0) at `ratePercent` (the principal supply's):
 * taxable value + tax = amount, CGST + SGST or IGST by `kind`.
 * @throws {RangeError} for a negative or fractional amount (as {@link splitInclusive}).
 */
export function chargeGst(amountPaise: number, ratePercent: number, kind: SupplyKind): LineGst {
  const split = splitInclusive(amountPaise, ratePercent);
  return { ratePercent, ...split, ...taxHeads(split.taxPaise, ratePercent, kind) };
}
