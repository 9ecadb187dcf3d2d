/**
 * A kept cart's lines checked against the catalogue and shown as the storefront's cart shows them
 * (docs/messages.md "Forgotten carts"): each line's product on sale in the store, its size one of the
 * product's (required for a product with sizes), its quantity one the product is sold in (pieces from 1, or
 * metres from the product's shortest length in its steps: src/shared/catalog/quantity-rules.ts). Prices in
 * rupees from the product page's answer (the promotion's or sale price when lower); the order is priced again
 * at checkout.
 */
import { cartTexts, type CartLine, type CartLineInput } from '@shared/carts/cart-schemas';
import { isAllowedQuantity, maxQuantity, type QuantityRule } from '@shared/catalog/quantity-rules';
import type { ProductDetail } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import type { StoredCartLine } from '../../db/schema/stock-alert-tables';
import { ValidationError } from '../../errors';
import { getProduct } from '../catalog/product-detail';

/** The problem of one line, or null when it may be kept. */
function lineProblem(product: ProductDetail | null, line: CartLineInput): [string, string] | null {
  if (!product) return ['productId', cartTexts.productNotFound];
  const variantId = line.variantId?.toLowerCase() ?? null;
  if (product.variants.length > 0 && variantId === null) return ['variantId', cartTexts.chooseVariant];
  if (variantId !== null && !product.variants.some((variant) => variant.id === variantId)) {
    return ['variantId', cartTexts.variantNotFound];
  }
  const rule: QuantityRule = {
    unit: product.unit,
    minQuantity: product.minQuantity,
    quantityStep: product.quantityStep,
  };
  if (!isAllowedQuantity(rule, line.quantity)) return ['quantity', cartTexts.badQuantity];
  return null;
}

/** The products of `ids` as the product page shows them at `now`, by id (absent: not on sale). */
async function productsOf(db: Db, storeId: number, ids: Iterable<string>, now: Date) {
  const found = new Map<string, ProductDetail>();
  for (const id of new Set(ids)) {
    const product = await getProduct(db, storeId, id, now);
    if (product) found.set(id, product);
  }
  return found;
}

/**
 * The lines of `input` to keep, lower-cased, with a repeated product and size joined into one line.
 * @param strict true: a line that cannot be kept is a 400 naming it (`lines.2.variantId`); false: it is dropped
 *   (a merge at sign-in keeps what it can).
 * @throws {ValidationError} 400 in strict mode, naming each bad line's field.
 */
export async function checkedLines(
  db: Db,
  storeId: number,
  input: readonly CartLineInput[],
  options: { strict: boolean; now: Date },
): Promise<StoredCartLine[]> {
  const normalised = input.map((line) => ({
    ...line,
    productId: line.productId.toLowerCase(),
    variantId: line.variantId?.toLowerCase() ?? null,
  }));
  const found = await productsOf(
    db,
    storeId,
    normalised.map((line) => line.productId),
    options.now,
  );
  const fields: Record<string, string> = {};
  const kept: StoredCartLine[] = [];
  normalised.forEach((line, index) => {
    const problem = lineProblem(found.get(line.productId) ?? null, line);
    if (problem) {
      fields[`lines.${index}.${problem[0]}`] = problem[1];
      return;
    }
    const same = kept.find(
      (other) => other.productId === line.productId && other.variantId === line.variantId,
    );
    // A repeated product and size: one line of both quantities, up to the line's maximum.
    const product = found.get(line.productId)!;
    const most = maxQuantity({ unit: product.unit, minQuantity: product.minQuantity, quantityStep: 1 });
    if (same) same.quantity = Math.min(most, Math.round((same.quantity + line.quantity) * 1000) / 1000);
    else kept.push({ productId: line.productId, variantId: line.variantId, quantity: line.quantity });
  });
  if (options.strict && Object.keys(fields).length > 0) throw new ValidationError(fields);
  return kept;
}

/** `lines` as the storefront shows them; lines no longer on sale (or whose size is gone) are left out. */
export async function shownLines(
  db: Db,
  storeId: number,
  lines: readonly StoredCartLine[],
  now: Date,
): Promise<CartLine[]> {
  const found = await productsOf(
    db,
    storeId,
    lines.map((line) => line.productId),
    now,
  );
  const shown: CartLine[] = [];
  for (const line of lines) {
    const product = found.get(line.productId);
    if (!product || lineProblem(product, line)) continue;
    const variant = product.variants.find((candidate) => candidate.id === line.variantId);
    const price = variant
      ? (variant.discountedPrice ?? variant.price)
      : (product.discountedPrice ?? product.regularPrice);
    shown.push({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      name: product.title,
      image: variant?.imgUrl ?? product.imgUrl ?? '',
      price,
      selectedSize: variant?.size ?? null,
      selectedColor: variant?.color ?? null,
      unit: product.unit,
      minQuantity: product.minQuantity,
      quantityStep: product.quantityStep,
    });
  }
  return shown;
}
