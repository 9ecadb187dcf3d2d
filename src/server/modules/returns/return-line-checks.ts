/**
 * The checks of each line of a return request (docs/returns.md "The shopper asks for a return or an
 * exchange"): the order line exists, its product may be returned, the quantity is at most what was delivered
 * less what non-rejected returns already hold, and an exchange names an available variant of the same product
 * at the same price. Each refusal names its place in the body (`lines.0.quantity`) with the exact text the
 * shopper reads. Quantities in the line's unit (pieces or metres); prices in paise.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { variantSellingPricePaise } from '@shared/catalog/variant-price';
import {
  EXCHANGE_UNAVAILABLE_MESSAGE,
  NOT_RETURNABLE_MESSAGE,
  returnAtMostMessage,
} from '@shared/returns/return-rules';
import type { CreateReturnBody, ReturnSettings } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import type { orderLines } from '../../db/schema/order-tables';
import { lineReturnable, roundQuantity } from '../orders/order-returnability';

/** 400 for a `lineId` that is not a line of the order. */
export const UNKNOWN_LINE_MESSAGE = 'This item is not part of the order';
/** 400 for a part of a piece. */
export const WHOLE_PIECES_MESSAGE = 'Please return whole pieces';

type OrderLineRow = typeof orderLines.$inferSelect;

/** A checked line, ready to be written: the order line, how much, why, and the exchange variant. */
export type CheckedLine = {
  orderLine: OrderLineRow;
  quantity: number;
  reason: string;
  exchange: { variantId: string; size: string | null; color: string | null } | null;
  /** round(unit price × quantity) for a refund, 0 for an exchange. */
  refundPaise: number;
};

/** What the checks need to know of the order and the store. */
export type LineCheckContext = {
  storeId: number;
  lines: OrderLineRow[];
  /** Per order line id, how much non-rejected returns hold. */
  held: Map<number, number>;
  /** Per product id, whether it may be returned. */
  returnable: Map<string, boolean>;
  settings: ReturnSettings;
};

/** The candidate exchange variants of `variantIds` in `storeId` with their product's prices and state. */
async function variantsOf(db: Db, storeId: number, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, Awaited<ReturnType<typeof readVariants>>[number]>();
  const rows = await readVariants(db, storeId, variantIds);
  return new Map(rows.map((row) => [row.id, row]));
}

function readVariants(db: Db, storeId: number, variantIds: string[]) {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      regularPricePaise: productVariants.regularPricePaise,
      discountedPricePaise: productVariants.discountedPricePaise,
      productRegularPricePaise: products.regularPricePaise,
      productDiscountedPricePaise: products.discountedPricePaise,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.storeId, storeId),
        inArray(productVariants.id, variantIds),
        isNull(products.archivedAt),
      ),
    );
}

type VariantRow = Awaited<ReturnType<typeof readVariants>>[number];

/** The price (paise) a variant sells at now. */
const sellingPrice = (row: VariantRow) =>
  variantSellingPricePaise(
    {
      regularPricePaise: row.productRegularPricePaise,
      discountedPricePaise: row.productDiscountedPricePaise,
    },
    { regularPricePaise: row.regularPricePaise, discountedPricePaise: row.discountedPricePaise },
  );

/**
 * Checks every line of `body` against the order. "The same price": the exchange variant sells now at the
 * price the ordered variant sells at now (a sale that ended for every size does not block an exchange); when
 * the ordered variant is gone, at the unit price paid.
 * @returns the checked lines in the body's order, and `fields` with every refusal (empty when all pass).
 */
export async function checkReturnLines(
  db: Db,
  context: LineCheckContext,
  body: CreateReturnBody,
): Promise<{ lines: CheckedLine[]; fields: Record<string, string> }> {
  const byId = new Map(context.lines.map((line) => [String(line.id), line]));
  const wanted = body.lines.flatMap((line) => (line.exchangeVariantId ? [line.exchangeVariantId] : []));
  const ordered = context.lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const variants = await variantsOf(db, context.storeId, [...new Set([...wanted, ...ordered])]);
  const fields: Record<string, string> = {};
  const checked: CheckedLine[] = [];
  body.lines.forEach((requested, index) => {
    const place = `lines.${index}`;
    const orderLine = byId.get(requested.lineId);
    if (!orderLine) {
      fields[`${place}.lineId`] = UNKNOWN_LINE_MESSAGE;
      return;
    }
    const unit = orderLine.unit === 'm' ? 'm' : 'piece';
    if (!lineReturnable(orderLine, context.returnable)) {
      fields[`${place}.lineId`] = NOT_RETURNABLE_MESSAGE;
      return;
    }
    if (unit === 'piece' && !Number.isInteger(requested.quantity)) {
      fields[`${place}.quantity`] = WHOLE_PIECES_MESSAGE;
      return;
    }
    const left = Math.max(0, roundQuantity(orderLine.quantity - (context.held.get(orderLine.id) ?? 0)));
    if (roundQuantity(requested.quantity) > left) {
      fields[`${place}.quantity`] = returnAtMostMessage(left, unit);
      return;
    }
    let exchange: CheckedLine['exchange'] = null;
    if (requested.exchangeVariantId) {
      const variant = variants.get(requested.exchangeVariantId);
      const original = orderLine.variantId ? variants.get(orderLine.variantId) : undefined;
      const price = original ? sellingPrice(original) : orderLine.unitPricePaise;
      const available =
        context.settings.exchanges &&
        variant !== undefined &&
        variant.productId === orderLine.productId &&
        sellingPrice(variant) === price &&
        (variant.stock === null || variant.stock >= requested.quantity);
      if (!available) {
        fields[`${place}.exchangeVariantId`] = EXCHANGE_UNAVAILABLE_MESSAGE;
        return;
      }
      exchange = { variantId: variant.id, size: variant.size, color: variant.color };
    }
    checked.push({
      orderLine,
      quantity: roundQuantity(requested.quantity),
      reason: requested.reason,
      exchange,
      refundPaise: exchange ? 0 : Math.round(orderLine.unitPricePaise * requested.quantity),
    });
  });
  return { lines: checked, fields };
}
