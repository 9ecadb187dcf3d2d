/**
 * The GST of one order line, all rules together: rate choice ({@link gstRateFor}), the inclusive split
 * ({@link splitInclusive}) and the heads by place of supply ({@link taxHeads}). The server stores the result
 * per line when an order is placed; the storefront only displays what the server stored.
 */
import { gstRateFor, type GstRateInput } from './gst-rate';
import { splitInclusive, taxHeads, type SupplyKind, type TaxHeads } from './tax-split';

/** A line's GST: the rate in percent and the amounts in paise (taxable + tax = the line total). */
export interface LineGst extends TaxHeads {
  ratePercent: number;
  taxableValuePaise: number;
  taxPaise: number;
}

/**
 * The GST of a line whose GST-inclusive total is `lineTotalPaise` (paise) for a registered store.
 * `kind` comes from {@link supplyKind}. For a store not registered under GST call {@link untaxedLine}.
 */
export function lineGst(rateInput: GstRateInput, lineTotalPaise: number, kind: SupplyKind): LineGst {
  const ratePercent = gstRateFor(rateInput);
  const split = splitInclusive(lineTotalPaise, ratePercent);
  return { ratePercent, ...split, ...taxHeads(split.taxPaise, ratePercent, kind) };
}

/** A line of a store not registered under GST: no tax, the whole line total is its value. */
export function untaxedLine(lineTotalPaise: number): LineGst {
  return {
    ratePercent: 0,
    taxableValuePaise: lineTotalPaise,
    taxPaise: 0,
    ...taxHeads(0, 0, 'inter-state'),
  };
}
