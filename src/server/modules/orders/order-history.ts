/**
 * An order's status history as the shopper's answers carry it (`orderSchema.history`): when it was placed and
 * each status it reached since, oldest first, from the `order_events` rows the order state machine writes in
 * the same transaction as every change. Causes (who or what moved it) stay with the owner.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderHistoryEntry } from '@shared/orders/order-schemas';
import type { Db } from '../../db/database';
import { orderEvents } from '../../db/schema/order-tables';

/**
 * The history of each of `orderIds` (order uuids of `storeId`), by order id: `{ status, at }` with the status
 * code reached and the ISO time. Orders without events are absent from the map.
 */
export async function historyOfOrders(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, OrderHistoryEntry[]>> {
  const byOrder = new Map<string, OrderHistoryEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.storeId, storeId), inArray(orderEvents.orderId, orderIds)))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.createdAt), asc(orderEvents.id));
  for (const row of rows) {
    const entry = { status: row.status, at: row.at.toISOString() };
    const list = byOrder.get(row.orderId);
    if (list) list.push(entry);
    else byOrder.set(row.orderId, [entry]);
  }
  return byOrder;
}
