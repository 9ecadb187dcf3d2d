/**
 * How a catalogue product is sold (docs/catalog-format.md "Selling by the metre"), for the catalogue file and the
 * admin's product editor alike: its `unit`
 * (`piece`, the default, or `m`), `minQuantity` and `quantityStep` in that unit, and the stock figures the unit
 * allows (whole pieces; metres to 3 decimals). The selling rules themselves live in
 * src/shared/catalog/unit-of-measure.ts, shared with the order check and the storefront.
 */
import { z } from 'zod';
import {
  DEFAULT_METRE_MIN_QUANTITY,
  DEFAULT_METRE_QUANTITY_STEP,
  MAX_METRES_PER_LINE,
  PIECE_RULE,
  UNITS_OF_MEASURE,
  type QuantityRule,
  type UnitOfMeasure,
} from './unit-of-measure';

/** Absent for null, undefined and blank text, so an optional field reads them alike. */
const nullToAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** `piece` (default when absent, null or blank) or `m`. */
export const unitField = z.preprocess(
  nullToAbsent,
  z.enum(UNITS_OF_MEASURE, { message: 'must be piece or m' }).default('piece'),
);

/** `minQuantity` / `quantityStep`: a number in the product's unit, or absent for the unit's default. */
export const quantityField = z.preprocess(nullToAbsent, z.number({ message: 'must be a number' }).optional());

/** The fields of a product that {@link checkQuantityRules} reads. */
export type SoldByFields = {
  unit: UnitOfMeasure;
  minQuantity?: number | undefined;
  quantityStep?: number | undefined;
  stock?: number | null | undefined;
  variants: { stock?: number | null | undefined }[];
};

/**
 * The selling rule of a product of the file: pieces from 1 in steps of 1; metres from `minQuantity`
 * (default 1 m) in steps of `quantityStep` (default 0.5 m).
 */
export function quantityRuleOf(
  product: Pick<SoldByFields, 'unit' | 'minQuantity' | 'quantityStep'>,
): QuantityRule {
  if (product.unit !== 'm') return PIECE_RULE;
  return {
    unit: 'm',
    minQuantity: product.minQuantity ?? DEFAULT_METRE_MIN_QUANTITY,
    quantityStep: product.quantityStep ?? DEFAULT_METRE_QUANTITY_STEP,
  };
}

/** True when `value` has at most 3 decimals (a whole number of thousandths). */
export function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * The problems of a product's selling rule and stock figures:
 * - pieces: `minQuantity` and `quantityStep` may only be 1 ('must be 1 for a product sold by the piece'); stock
 *   is a whole number ('must be a whole number');
 * - metres: `minQuantity` and `quantityStep` above 0, at most 3 decimals, at most 100 m; stock to at most
 *   3 decimals ('must have at most 3 decimals').
 * Paths are relative to the product (`['variants', 2, 'stock']`).
 */
export function quantityRuleProblems(product: SoldByFields): Issue[] {
  const issues: Issue[] = [];
  for (const field of ['minQuantity', 'quantityStep'] as const) {
    const value = product[field];
    if (value === undefined) continue;
    if (product.unit === 'piece') {
      if (value !== 1) issues.push({ path: [field], message: 'must be 1 for a product sold by the piece' });
      continue;
    }
    if (!(value > 0)) issues.push({ path: [field], message: 'must be above 0' });
    else if (!hasAtMostThreeDecimals(value))
      issues.push({ path: [field], message: 'must have at most 3 decimals' });
    else if (value > MAX_METRES_PER_LINE) {
      issues.push({ path: [field], message: `must be at most ${MAX_METRES_PER_LINE} m` });
    }
  }
  const stockProblem = (stock: number | null | undefined): string | undefined => {
    if (stock == null) return undefined;
    if (product.unit === 'piece') return Number.isInteger(stock) ? undefined : 'must be a whole number';
    return hasAtMostThreeDecimals(stock) ? undefined : 'must have at most 3 decimals';
  };
  const own = stockProblem(product.stock);
  if (own) issues.push({ path: ['stock'], message: own });
  product.variants.forEach((variant, index) => {
    const problem = stockProblem(variant.stock);
    if (problem) issues.push({ path: ['variants', index, 'stock'], message: problem });
  });
  return issues;
}
