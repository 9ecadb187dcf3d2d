/**
 * The shopper's 'I have paid' from the UPI QR screen (docs/payments.md "I have paid"): recorded on their own
 * Pending order — when, and the 12-digit UTR they read in their UPI app, if any — with an `order_events` row
 * that keeps the status, so the owner sees it in the order's history. It never pays the order: only the UPI
 * provider's webhook or the owner's mark-paid does. Every query is scoped to the store and the shopper.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { normalizeOrderNumber } from '../orders/order-number';
import { findOrderByNumber, ORDER_NOT_FOUND } from '../orders/order-queries';
import { notPayableMessage } from './start-payment';

/** The `order_events` cause of a report: `customer: says paid by UPI, UTR 123456789012` (or `no UTR given`). */
export const paymentReportCause = (utr: string | null) =>
  `customer: says paid by UPI, ${utr ? `UTR ${utr}` : 'no UTR given'}`;

export type PaymentReportInput = {
  storeId: number;
  /** The signed-in shopper; only their own order is found. */
  userId: number;
  /** The order number as the client sent it (see `normalizeOrderNumber`). */
  orderId: string;
  /** 12 digits (checked by the route's schema), or null when the shopper gave none. */
  utr: string | null;
};

/**
 * Records that the shopper says they paid order `orderId` by UPI. A report with another UTR replaces the
 * earlier one (time and UTR) and adds a history event; the same report again changes nothing, so pressing
 * 'I have paid' twice leaves one event.
 * @returns the order as `GET /orders/{id}` shows it now, `paymentReported` set, still Pending.
 * @throws {NotFoundError} (`Order not found or access denied`) for an unknown number or someone else's order.
 * @throws {ConflictError} (`Order RS-… is already paid` / `… is cancelled and cannot be paid`) once the order
 *   no longer awaits payment.
 */
export async function reportPayment(db: Db, input: PaymentReportInput): Promise<Order> {
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const mine = and(
    eq(orders.storeId, input.storeId),
    eq(orders.orderNumber, orderNumber),
    eq(orders.userId, input.userId),
  );
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        reportedAt: orders.shopperPaidAt,
        reportedUtr: orders.shopperUtr,
      })
      .from(orders)
      .where(mine)
      .for('update');
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    if (row.status !== ORDER_STATUS.pending)
      throw new ConflictError(notPayableMessage(orderNumber, row.status));
    if (row.reportedAt !== null && row.reportedUtr === input.utr) return;
    await tx
      .update(orders)
      .set({ shopperPaidAt: sql`now()`, shopperUtr: input.utr, updatedAt: sql`now()` })
      .where(and(eq(orders.storeId, input.storeId), eq(orders.id, row.id)));
    await tx.insert(orderEvents).values({
      storeId: input.storeId,
      orderId: row.id,
      fromStatus: ORDER_STATUS.pending,
      toStatus: ORDER_STATUS.pending,
      cause: paymentReportCause(input.utr),
    });
  });
  const reported = await findOrderByNumber(db, input.storeId, orderNumber);
  if (!reported) throw new NotFoundError(ORDER_NOT_FOUND);
  return reported.order;
}
