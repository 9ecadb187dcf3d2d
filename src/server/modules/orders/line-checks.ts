/**
 * Why wanted lines cannot be ordered, read from what the order's statement found (./place-order.ts): an
 * unknown product or variant, a product with variants ordered without choosing one (or with a size or colour
 * it is not sold in), the same variant (or product without variants) twice, or a quantity its unit of measure
 * does not allow (src/shared/catalog/unit-of-measure.ts: pieces are whole numbers 1–10; fabric is sold from
 * its minimum length in steps, e.g. 'Fabric is sold in steps of 0.5 m from 1 m').
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isAllowedQuantity, quantityRuleMessage } from '@shared/catalog/unit-of-measure';
import type { Db } from '../../db/database';
import { productVariants } from '../../db/schema/catalog-tables';
import {
  CHOOSE_COLOUR,
  CHOOSE_SIZE,
  LISTED_TWICE,
  lineField,
  NOT_AVAILABLE,
  type WantedLine,
} from './order-lines';
import type { PlacedLine } from './placed-rows';

/** The options a product's variants are sold in (lower case), to explain a variant that was not found. */
type ProductOptions = { sizes: Set<string>; colors: Set<string> };

async function optionsOf(
  tx: Db,
  storeId: number,
  productIds: string[],
): Promise<Map<string, ProductOptions>> {
  const byProduct = new Map<string, ProductOptions>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.productId, productIds)));
  for (const row of rows) {
    const options = byProduct.get(row.productId) ?? { sizes: new Set(), colors: new Set() };
    if (row.size) options.sizes.add(row.size.toLowerCase());
    if (row.color) options.colors.add(row.color.toLowerCase());
    byProduct.set(row.productId, options);
  }
  return byProduct;
}

/** The `fields` of a line of a product with variants whose variant was not found by size and colour. */
function variantProblems(line: WantedLine, options: ProductOptions | undefined): Record<string, string> {
  const sizes = options?.sizes ?? new Set<string>();
  const colors = options?.colors ?? new Set<string>();
  if (line.form === 'products') {
    return {
      [lineField(line, 'productId')]: sizes.size > 0 || colors.size === 0 ? CHOOSE_SIZE : CHOOSE_COLOUR,
    };
  }
  const problems: Record<string, string> = {};
  if (sizes.size > 0) {
    if (line.size === null) problems[lineField(line, 'size')] = CHOOSE_SIZE;
    else if (!sizes.has(line.size.toLowerCase())) problems[lineField(line, 'size')] = NOT_AVAILABLE;
  }
  if (colors.size > 0) {
    if (line.color === null) problems[lineField(line, 'color')] = CHOOSE_COLOUR;
    else if (!colors.has(line.color.toLowerCase())) problems[lineField(line, 'color')] = NOT_AVAILABLE;
  }
  // Every option it names exists, but not in this combination.
  if (Object.keys(problems).length === 0) problems[lineField(line, 'variantId')] = NOT_AVAILABLE;
  return problems;
}

/**
 * The `fields` refusing the lines of `wanted` that cannot be ordered as `placed` (the statement's rows, in
 * the same order) found them:
 * - `…productId: 'is not available'` for a product not in the store; `…variantId: 'is not available'` for a
 *   variant id that is not one of that product's, or a size and colour it is not sold in together;
 * - `lines.<i>.size: 'Please choose a size'` / `lines.<i>.color: 'Please choose a colour'` when the product
 *   has variants with sizes / colours and none was given (`…: 'is not available'` for one it does not have);
 *   the `products` form names the product: `products.<id>: 'Please choose a size'` (or colour);
 * - `…variantId` / `…productId: 'is listed more than once'` for a variant, or a product without variants,
 *   that an earlier line already orders;
 * - `…quantity` with the unit's rule for a quantity it does not allow.
 * Empty when every line can be ordered.
 */
export async function refusedLines(
  tx: Db,
  storeId: number,
  wanted: WantedLine[],
  placed: PlacedLine[],
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const unresolved: WantedLine[] = [];
  const ordered = new Set<string>();
  for (const [index, line] of wanted.entries()) {
    const found = placed[index];
    if (!found?.productId) {
      problems[lineField(line, 'productId')] = NOT_AVAILABLE;
    } else if (line.variantId !== null && found.variantId === null) {
      problems[lineField(line, 'variantId')] = NOT_AVAILABLE;
    } else if (found.hasVariants && found.variantId === null) {
      unresolved.push(line);
    } else {
      const identity = found.variantId ?? found.productId;
      const rule = { unit: found.unit, minQuantity: found.minQuantity, quantityStep: found.quantityStep };
      if (ordered.has(identity)) {
        problems[lineField(line, found.variantId ? 'variantId' : 'productId')] = LISTED_TWICE;
      } else if (!isAllowedQuantity(rule, line.quantity)) {
        problems[lineField(line, 'quantity')] = quantityRuleMessage(rule, line.quantity);
      }
      ordered.add(identity);
    }
  }
  if (unresolved.length > 0) {
    const options = await optionsOf(tx, storeId, [...new Set(unresolved.map((line) => line.productId))]);
    for (const line of unresolved)
      Object.assign(problems, variantProblems(line, options.get(line.productId)));
  }
  return problems;
}
