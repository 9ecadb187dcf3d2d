/**
 * The rules of the units of measure that carry no text: units, selling rules, limits, the allowed-quantity check
 * and the line total. Kept apart from unit-of-measure.ts (which re-exports all of it, with the formatting and
 * messages) so the cart on the storefront's first load carries only these.
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

/** Most pieces of one order line (docs/product.md §7: quantity 1–10). */
export const MAX_PIECES_PER_LINE = 10;
/** Most metres of one order line. */
export const MAX_METRES_PER_LINE = 100;

/** The largest quantity of one line under `rule`, in its unit. */
export function maxQuantity(rule: QuantityRule): number {
  return rule.unit === 'm' ? MAX_METRES_PER_LINE : MAX_PIECES_PER_LINE;
}

/** A quantity in thousandths of its unit, as a whole number: 2.5 → 2500. */
export const thousandths = (value: number) => Math.round(value * 1000);

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

/**
 * Line total in paise: round(unit price in paise × quantity) to whole paise (half away from zero), e.g.
 * ₹450/m × 2.5 m = 112500 paise. The database computes the same with `round(numeric)`.
 */
export function lineTotalPaise(unitPricePaise: number, quantity: number): number {
  return Math.round((unitPricePaise * thousandths(quantity)) / 1000);
}
