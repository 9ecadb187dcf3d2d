/**
 * Units of measure: a product is sold by the piece (whole numbers, docs/product.md §4: at least 1) or by length in
 * metres (unstitched fabric: from a minimum length in fixed steps, e.g. 1 m, 1.5 m, 2 m …). One set of rules
 * for the catalogue importer, the order check on the server, the product page's stepper and the cart.
 * Quantities are JS numbers in the product's unit; they are compared in thousandths so 0.1 + 0.2 style
 * rounding never refuses a valid length.
 */

export {
  DEFAULT_METRE_MIN_QUANTITY,
  DEFAULT_METRE_QUANTITY_STEP,
  isAllowedQuantity,
  lineTotalPaise,
  MAX_METRES_PER_LINE,
  MAX_PIECES_PER_LINE,
  maxQuantity,
  PIECE_RULE,
  UNITS_OF_MEASURE,
  type QuantityRule,
  type UnitOfMeasure,
} from './quantity-rules';
import {
  MAX_METRES_PER_LINE,
  MAX_PIECES_PER_LINE,
  maxQuantity,
  thousandths,
  type QuantityRule,
  type UnitOfMeasure,
} from './quantity-rules';

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

/** The next allowed quantity above (`direction` 1) or below (-1) `quantity`, kept within the rule's range. */
export function stepQuantity(rule: QuantityRule, quantity: number, direction: 1 | -1): number {
  const next = (thousandths(quantity) + direction * thousandths(rule.quantityStep)) / 1000;
  return Math.min(maxQuantity(rule), Math.max(rule.minQuantity, next));
}

/** '2.5 m' for metres, '2' for pieces. */
export function formatQuantity(quantity: number, unit: UnitOfMeasure): string {
  return unit === 'm' ? `${formatQuantityNumber(quantity)} m` : formatQuantityNumber(quantity);
}

/** The price suffix of a unit: ' / metre' for metres, '' for pieces (e.g. '₹450 / metre'). */
export function perUnitSuffix(unit: UnitOfMeasure): string {
  return unit === 'm' ? ' / metre' : '';
}
