/**
 * What happened to an order, as the shopper's answers carry it: its status history (`orderSchema.history`:
 * when it was placed and each status it reached since, oldest first, from the `order_events` rows the order
 * state machine writes with every change; events that keep the status are left out) and how it was paid (`orderSchema.paidBy`: the provider of its
 * succeeded payment — UPI or the card/net-banking gateway). Causes and payment references stay with the owner.
 */
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Order, OrderHistoryEntry } from '@shared/orders/order-schemas';
import type { Db } from '../../db/database';
import { orderEvents } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';

/** An order's history and the way it was paid (null: not paid online). */
export type OrderActivity = { history: OrderHistoryEntry[]; paidBy: Order['paidBy'] };

/** How a succeeded payment of `provider` is named to the shopper. */
const paidByOf = (provider: string): NonNullable<Order['paidBy']> => (provider === 'upi' ? 'upi' : 'gateway');

/**
 * The activity of each of `orderIds` (order uuids of `storeId`), by order id: `{ status, at }` steps with the
 * status code reached and the ISO time, and the paying provider. Orders without events are absent.
 */
export async function activityOfOrders(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, OrderActivity>> {
  const byOrder = new Map<string, OrderActivity>();
  if (orderIds.length === 0) return byOrder;
  const activity = (orderId: string) => {
    let found = byOrder.get(orderId);
    if (!found) byOrder.set(orderId, (found = { history: [], paidBy: null }));
    return found;
  };
  const events = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.storeId, storeId),
        inArray(orderEvents.orderId, orderIds),
        // Only status changes: events that keep the status (the shopper's 'I have paid') are the owner's.
        or(isNull(orderEvents.fromStatus), ne(orderEvents.fromStatus, orderEvents.toStatus)),
      ),
    )
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.createdAt), asc(orderEvents.id));
  for (const row of events)
    activity(row.orderId).history.push({ status: row.status, at: row.at.toISOString() });
  const paid = await db
    .select({ orderId: payments.orderId, provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        inArray(payments.orderId, orderIds),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(payments.createdAt));
  for (const row of paid) if (row.provider !== 'cod') activity(row.orderId).paidBy ??= paidByOf(row.provider);
  return byOrder;
}
