/**
 * The shopper cancels their own order from My Orders (`POST /orders/{orderId}/cancel`): only an order of
 * theirs in this store, and only while it is Pending (unpaid). It goes through the state machine like every
 * other move, so its stock returns and the 'Cancelled' mail is written in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Order } from '@shared/orders/order-schemas';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { NotFoundError } from '../../errors';
import { transition } from './order-lifecycle';
import { normalizeOrderNumber } from './order-number';
import { findOrderByNumber, ORDER_NOT_FOUND } from './order-queries';

/** The `order_events` cause of a shopper's own cancellation. */
export const CUSTOMER_CANCEL_EVENT = 'customer: cancel';

export type CancelOwnOrderInput = {
  storeId: number;
  /** The signed-in shopper. */
  userId: number;
  /** The order number as the client sent it (see `normalizeOrderNumber`). */
  orderId: string;
  /** `MAIL_FROM`, the sender of the 'Cancelled' mail when the store has no company e-mail. */
  mailFrom: string | undefined;
};

/**
 * Cancels the shopper's Pending order with the cause {@link CANCELLATION_CAUSE.customer}, returning its stock.
 * @returns the order as `GET /orders/{id}` shows it now (status 4, `cancellationCause`).
 * @throws {NotFoundError} (`Order not found or access denied`) for an unknown number or someone else's order.
 * @throws {ConflictError} (`Cannot move order RS-… from Processing to Cancelled`) when it is not Pending.
 */
export async function cancelOwnOrder(db: Db, input: CancelOwnOrderInput): Promise<Order> {
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, input.storeId),
        eq(orders.orderNumber, orderNumber),
        eq(orders.userId, input.userId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  await transition(db, input.storeId, row.id, ORDER_STATUS.cancelled, CUSTOMER_CANCEL_EVENT, {
    cancellationCause: CANCELLATION_CAUSE.customer,
    onlyFrom: ORDER_STATUS.pending,
    mailFrom: input.mailFrom,
  });
  const cancelled = await findOrderByNumber(db, input.storeId, orderNumber);
  if (!cancelled) throw new NotFoundError(ORDER_NOT_FOUND);
  return cancelled.order;
}
