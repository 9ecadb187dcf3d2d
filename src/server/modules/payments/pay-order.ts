/**
 * Paying an order: the one step every confirmed payment takes (gateway callback, UPI webhook, the owner's
 * `mark-paid`), inside the transaction that records the payment. A Pending order moves to Processing through
 * the state machine (the customer's 'Payment received' mail with it); a Cancelled order answers a late
 * payment (../orders/late-payment.ts: back to Processing when its payment window had closed and its stock is
 * still there, else a refund is due); a payment the shop did not enter itself is announced to the shop.
 */
import { and, eq } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { recordRefundDue, reinstateLatePayment } from '../orders/late-payment';
import { illegalTransitionMessage, transitionInTransaction } from '../orders/order-lifecycle';
import { ORDER_NOT_FOUND } from '../orders/order-queries';
import { enqueuePaidOrderNotice, type PaidVia } from './paid-order-mail';
import { enqueueOrderEvent } from '../webhooks/webhook-events';

export type PayOrderInput = {
  storeId: number;
  /** The order's uuid. */
  orderId: string;
  /** The `order_events` cause, e.g. `payment: UPI webhook UTR 412345678901`. */
  cause: string;
  /** What was paid (paise): the order's total, checked by the caller. */
  amountPaise: number;
  /** How it was paid, for the mails (e.g. `UPI, UTR 412345678901`). */
  via: PaidVia;
  /** Announce the payment to the shop (not for the owner's own `mark-paid`). */
  notifyShop: boolean;
  /** `MAIL_FROM`, for the mails of the payment. */
  mailFrom: string | undefined;
};

/**
 * What a recorded payment did to its order: `paid` (Pending → Processing), `reinstated` (Cancelled after its
 * payment window → Processing), `refund-due` (stays Cancelled, the shop owes a refund) or `not-payable` (it
 * was already paid: nothing moved).
 */
export type PaymentSettlement = 'paid' | 'reinstated' | 'refund-due' | 'not-payable';

/**
 * Moves the Pending order to Processing and, when asked, writes the shop's paid-order notice; call it in the
 * transaction of the payment row.
 * @throws {ConflictError} when the order is not Pending (nothing changes: the caller's transaction rolls back).
 */
export async function payOrderInTransaction(tx: Db, input: PayOrderInput): Promise<void> {
  await transitionInTransaction(tx, input.storeId, input.orderId, ORDER_STATUS.processing, input.cause, {
    onlyFrom: ORDER_STATUS.pending,
    mailFrom: input.mailFrom,
  });
  await enqueueOrderEvent(tx, input.storeId, 'order.paid', input.orderId);
  if (input.notifyShop) {
    await enqueuePaidOrderNotice(tx, input.storeId, input.orderId, input.via, input.mailFrom);
  }
}

/**
 * Answers a payment recorded in this transaction for order `orderId`, whatever the order's status: pays a
 * Pending order; for a Cancelled one, brings it back when its payment window had closed and every line's
 * stock can be held again (with the shop's notice when `notifyShop`), otherwise keeps the money for a refund
 * (`refund_due`, the customer's and the shop's mails) — or, with `refuseRefund` (the owner's own `mark-paid`,
 * who is told at once), refuses instead. An order already paid is left as it is.
 * @throws {NotFoundError} for an unknown order.
 * @throws {ConflictError} with `refuseRefund`, for a Cancelled order that cannot come back (nothing changes).
 */
export async function settleOrderPayment(
  tx: Db,
  input: PayOrderInput & { refuseRefund?: boolean },
): Promise<PaymentSettlement> {
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.storeId, input.storeId), eq(orders.id, input.orderId)))
    .for('update');
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.status === ORDER_STATUS.pending) {
    await payOrderInTransaction(tx, input);
    return 'paid';
  }
  if (order.status !== ORDER_STATUS.cancelled) return 'not-payable';

  const late = {
    storeId: input.storeId,
    orderId: input.orderId,
    cause: input.cause,
    payment: { amountPaise: input.amountPaise, ...input.via },
    mailFrom: input.mailFrom,
  };
  const reinstated = await reinstateLatePayment(tx, late);
  if (reinstated === 'reinstated') {
    await enqueueOrderEvent(tx, input.storeId, 'order.paid', input.orderId);
    if (input.notifyShop) {
      await enqueuePaidOrderNotice(tx, input.storeId, input.orderId, input.via, input.mailFrom);
    }
    return 'reinstated';
  }
  if (input.refuseRefund) {
    throw new ConflictError(
      reinstated === 'stock-gone'
        ? `Order ${order.orderNumber} was cancelled (${CANCELLATION_CAUSE.paymentWindow}) and its items are no longer in stock: refund this payment instead`
        : illegalTransitionMessage(order.orderNumber, ORDER_STATUS.cancelled, ORDER_STATUS.processing),
    );
  }
  await recordRefundDue(tx, late);
  return 'refund-due';
}
