/**
 * What of a delivered order may still come back (docs/returns.md "The shopper asks for a return or an
 * exchange"): when it was delivered, the store's return window, which products may be returned
 * (`isReturnable`: the product's own setting, else everything but fabric by the metre) and how much of each
 * line non-rejected returns already hold. The order answer (./order-after-delivery.ts) and the return request
 * (../returns/create-return.ts) count through here, so the page and the server always agree. Quantities are in
 * the line's unit (pieces or metres, up to 3 decimals). Every query is scoped to the store.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { isReturnable } from '@shared/returns/return-rules';
import type { ReturnSettings } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { orderEvents } from '../../db/schema/order-tables';
import { orderReturns, returnLines } from '../../db/schema/return-tables';
import { stores } from '../../db/schema/store-tables';
import { returnSettingsOf } from '../stores/return-settings';

/** `value` rounded to the 3 decimals a quantity keeps (metres), so 2.5 − 1.2 is 1.3 and not 1.2999…. */
export const roundQuantity = (value: number) => Math.round(value * 1000) / 1000;

/** The return settings of store `storeId` (the defaults when it set none or is unknown). */
export async function storeReturnSettings(db: Db, storeId: number): Promise<ReturnSettings> {
  const [row] = await db
    .select({ returnSettings: stores.returnSettings })
    .from(stores)
    .where(eq(stores.id, storeId));
  return returnSettingsOf(row?.returnSettings);
}

/**
 * When each of `orderIds` reached Delivered: the latest `order_events` row moving it to status 3, by order
 * id (orders never delivered are absent).
 */
export async function deliveredTimes(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, Date>> {
  const byOrder = new Map<string, Date>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderEvents.orderId,
      at: sql<Date>`max(${orderEvents.createdAt})`.mapWith(orderEvents.createdAt),
    })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.storeId, storeId),
        inArray(orderEvents.orderId, orderIds),
        eq(orderEvents.toStatus, ORDER_STATUS.delivered),
      ),
    )
    .groupBy(orderEvents.orderId);
  for (const row of rows) byOrder.set(row.orderId, row.at);
  return byOrder;
}

/**
 * How much of each order line of `orderIds` non-rejected returns hold (requested, approved, received or
 * closed), in the line's unit, by order line id (lines never asked back are absent).
 */
export async function heldByReturns(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<number, number>> {
  const byLine = new Map<number, number>();
  if (orderIds.length === 0) return byLine;
  const rows = await db
    .select({
      orderLineId: returnLines.orderLineId,
      quantity: sql<string>`sum(${returnLines.quantity})`,
    })
    .from(returnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, returnLines.returnId))
    .where(
      and(
        eq(orderReturns.storeId, storeId),
        inArray(orderReturns.orderId, orderIds),
        ne(orderReturns.status, 'rejected'),
      ),
    )
    .groupBy(returnLines.orderLineId);
  for (const row of rows) byLine.set(row.orderLineId, roundQuantity(Number(row.quantity)));
  return byLine;
}

/** Whether each of `productIds` of `storeId` may be returned ({@link isReturnable}), by product id. */
export async function returnableProducts(
  db: Db,
  storeId: number,
  productIds: string[],
): Promise<Map<string, boolean>> {
  const byProduct = new Map<string, boolean>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ id: products.id, unit: products.unit, returnable: products.returnable })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, [...new Set(productIds)])));
  for (const row of rows) byProduct.set(row.id, isReturnable(row));
  return byProduct;
}

/**
 * Whether an order line may be returned: its product's setting; a line whose product was deleted falls back
 * to the default of its unit (pieces yes, metres no).
 */
export function lineReturnable(
  line: { productId: string | null; unit: string },
  returnable: Map<string, boolean>,
): boolean {
  const known = line.productId === null ? undefined : returnable.get(line.productId);
  return known ?? isReturnable({ unit: line.unit, returnable: null });
}
