/**
 * Units of measure: a product is sold by the piece (whole numbers, spec §4: at least 1) or by length in
 * metres (unstitched fabric: from a minimum length in fixed steps, e.g. 1 m, 1.5 m, 2 m …). One set of rules
 * for the catalogue importer, the order check on the server, the product page's stepper and the cart.
 * Quantities are JS numbers in the product's unit; they are compared in thousandths so 0.1 + 0.2 style
 * rounding never refuses a valid length.
 */

/** `piece` (default) or `m` (metres). */
export const UNITS_OF_MEASURE = ['piece', 'm'] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];

/** The selling rule of one product: its unit, the smallest quantity and the step (both in that unit). */
export type QuantityRule = { unit: UnitOfMeasure; minQuantity: number; quantityStep: number };

/** Pieces: from 1 in steps of 1. */
export const PIECE_RULE: QuantityRule = { unit: 'piece', minQuantity: 1, quantityStep: 1 };
/** Fabric defaults when the catalogue file gives none: from 1 m in steps of 0.5 m. */
export const DEFAULT_METRE_MIN_QUANTITY = 1;
export const DEFAULT_METRE_QUANTITY_STEP = 0.5;

/** Most pieces of one order line (spec §7: quantity 1–10). */
export const MAX_PIECES_PER_LINE = 10;
/** Most metres of one order line. */
export const MAX_METRES_PER_LINE = 100;

/** The largest quantity of one line under `rule`, in its unit. */
export function maxQuantity(rule: QuantityRule): number {
  return rule.unit === 'm' ? MAX_METRES_PER_LINE : MAX_PIECES_PER_LINE;
}

const thousandths = (value: number) => Math.round(value * 1000);

/** Formats a quantity without trailing zeros: 2 → '2', 2.5 → '2.5', 1.25 → '1.25'. */
export function formatQuantityNumber(quantity: number): string {
  return String(thousandths(quantity) / 1000);
}

/**
 * The message refusing a quantity that breaks `rule`: for metres 'Fabric is sold in steps of 0.5 m from 1 m'
 * (also above the largest length: '… up to 100 m'), for pieces 'quantity must be a whole number from 1 to 10'.
 */
export function quantityRuleMessage(rule: QuantityRule, quantity?: number): string {
  if (rule.unit === 'm') {
    const base = `Fabric is sold in steps of ${formatQuantityNumber(rule.quantityStep)} m from ${formatQuantityNumber(rule.minQuantity)} m`;
    return quantity !== undefined && quantity > MAX_METRES_PER_LINE
      ? `${base} up to ${MAX_METRES_PER_LINE} m`
      : base;
  }
  return `quantity must be a whole number from 1 to ${MAX_PIECES_PER_LINE}`;
}

/**
 * True when `quantity` may be ordered under `rule`: a finite number from the minimum to the line maximum that
 * is the minimum plus a whole number of steps (pieces: whole numbers 1–10).
 */
export function isAllowedQuantity(rule: QuantityRule, quantity: number): boolean {
  if (!Number.isFinite(quantity)) return false;
  const q = thousandths(quantity);
  if (Math.abs(q - quantity * 1000) > 1e-6) return false;
  const min = thousandths(rule.minQuantity);
  const step = thousandths(rule.quantityStep);
  if (q < min || q > thousandths(maxQuantity(rule)) || step <= 0) return false;
  return (q - min) % step === 0;
}

/** The next allowed quantity above (`direction` 1) or below (-1) `quantity`, kept within the rule's range. */
export function stepQuantity(rule: QuantityRule, quantity: number, direction: 1 | -1): number {
  const next = (thousandths(quantity) + direction * thousandths(rule.quantityStep)) / 1000;
  return Math.min(maxQuantity(rule), Math.max(rule.minQuantity, next));
}

/**
 * Line total in paise: round(unit price in paise × quantity) to whole paise (half away from zero), e.g.
 * ₹450/m × 2.5 m = 112500 paise. The database computes the same with `round(numeric)`.
 */
export function lineTotalPaise(unitPricePaise: number, quantity: number): number {
  return Math.round((unitPricePaise * thousandths(quantity)) / 1000);
}

/** '2.5 m' for metres, '2' for pieces. */
export function formatQuantity(quantity: number, unit: UnitOfMeasure): string {
  return unit === 'm' ? `${formatQuantityNumber(quantity)} m` : formatQuantityNumber(quantity);
}

/** The price suffix of a unit: ' / metre' for metres, '' for pieces (e.g. '₹450 / metre'). */
export function perUnitSuffix(unit: UnitOfMeasure): string {
  return unit === 'm' ? ' / metre' : '';
}
