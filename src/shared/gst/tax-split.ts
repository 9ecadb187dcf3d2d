/**
 * GST inside a GST-inclusive price, per order line, in integer paise (the rule the server stores and the
 * invoice prints): taxable value = round(line total × 100 / (100 + rate)), tax = line total − taxable value.
 * Place of supply is the delivery state (IGST Act section 10(1)(a)): the store's own state → CGST + SGST, half
 * each; another state → IGST.
 */

/** The tax inside one line. All amounts in paise; `taxableValuePaise + taxPaise` equals the line total. */
export interface InclusiveSplit {
  taxableValuePaise: number;
  taxPaise: number;
}

/**
 * Splits a GST-inclusive line total (integer paise, ≥ 0) at `ratePercent` (≥ 0) into taxable value and tax.
 * The taxable value is rounded half up to the paisa with integer arithmetic.
 * `splitInclusive(105_000, 5)` → `{ taxableValuePaise: 100_000, taxPaise: 5_000 }`.
 * Throws a RangeError for a negative or fractional amount or a negative rate.
 */
export function splitInclusive(lineTotalPaise: number, ratePercent: number): InclusiveSplit {
  if (!Number.isSafeInteger(lineTotalPaise) || lineTotalPaise < 0) {
    throw new RangeError('a line total is a whole number of paise, 0 or more');
  }
  if (!(ratePercent >= 0)) throw new RangeError('a GST rate is 0 or more');
  // Rates may have a fraction (0.25 %): scale by 100 so the division stays in integers.
  const rateHundredths = Math.round(ratePercent * 100);
  const divisor = 10_000 + rateHundredths;
  const taxableValuePaise = Math.floor((2 * lineTotalPaise * 10_000 + divisor) / (2 * divisor));
  return { taxableValuePaise, taxPaise: lineTotalPaise - taxableValuePaise };
}

/** How a line's tax is levied: within the store's state (CGST + SGST) or across states (IGST). */
export type SupplyKind = 'intra-state' | 'inter-state';

/**
 * The supply kind from the store's GST state code and the place of supply's (the delivery state's) code,
 * both two digits. Same code → intra-state.
 */
export function supplyKind(storeStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return storeStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';
}

/** A line's tax by head, in paise. CGST + SGST + IGST = the line's tax. Rates in percent. */
export interface TaxHeads {
  cgstRate: number;
  cgstPaise: number;
  sgstRate: number;
  sgstPaise: number;
  igstRate: number;
  igstPaise: number;
}

/**
 * Splits a line's tax (paise) by head. Intra-state: CGST and SGST at half the rate each; CGST gets the lower
 * half of an odd paisa (floor), SGST the rest, so they add up to `taxPaise` exactly. Inter-state: all IGST.
 */
export function taxHeads(taxPaise: number, ratePercent: number, kind: SupplyKind): TaxHeads {
  if (kind === 'inter-state') {
    return {
      cgstRate: 0,
      cgstPaise: 0,
      sgstRate: 0,
      sgstPaise: 0,
      igstRate: ratePercent,
      igstPaise: taxPaise,
    };
  }
  const cgstPaise = Math.floor(taxPaise / 2);
  return {
    cgstRate: ratePercent / 2,
    cgstPaise,
    sgstRate: ratePercent / 2,
    sgstPaise: taxPaise - cgstPaise,
    igstRate: 0,
    igstPaise: 0,
  };
}
