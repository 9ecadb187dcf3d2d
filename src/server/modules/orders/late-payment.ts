/**
 * Money that arrives for a Cancelled order (docs/payments.md "Late payments"). The payment itself is always
 * recorded by the payment path; here the order answers it, in the payment's transaction:
 *
 * - an order cancelled because its payment window closed ('payment not received in time') takes its stock
 *   again, all or nothing (./order-stock-return.ts); when every line is held again it moves Cancelled →
 *   Processing — the only move back out of Cancelled, allowed for this cause only — with the event
 *   `reinstated: paid after the window (…)` and the customer's 'Payment received' mail;
 * - otherwise (stock gone, or cancelled by the customer or the shop) it stays Cancelled, `refund_due` is set,
 *   the event `paid after cancellation — refund due (…)` is recorded, and both the customer and the shop are
 *   told by e-mail — the shop at its company e-mail, else at `MAIL_FROM` — naming the order, the amount and
 *   the payment reference, so no money is ever kept silently.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName, plainMailText } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { queueLifecycleMessages } from './lifecycle-messages';
import { enqueueLifecycleMail, refundDueMessage, type LatePayment } from './lifecycle-mail';
import { shopNameOf, shopSender } from '../mail/shop-sender';
import { lineText, readMailOrder, rupeesOf, type MailOrder } from './order-mail-lines';
import { reserveOrderStockAgain } from './order-stock-return';

/** The first line of the shop's refund mail for a payment made in test mode. */
export const TEST_REFUND_NOTICE =
  'TEST PAYMENT: paid in test mode (sandbox gateway or demo UPI ID). No money moved; nothing to refund.';

/** The event cause prefix of an order that came back to Processing. */
export const REINSTATED_CAUSE = 'reinstated: paid after the window';
/** The event cause prefix of a payment kept for a refund. */
export const REFUND_DUE_CAUSE = 'paid after cancellation — refund due';

export type LatePaymentInput = {
  storeId: number;
  /** The order's uuid; the caller holds its row lock and has seen it Cancelled. */
  orderId: string;
  /** The payment's own cause, e.g. `payment: UPI webhook UTR 412345678901`, added to the event. */
  cause: string;
  payment: LatePayment;
  /** `MAIL_FROM`: the sender without a company e-mail, and the shop's address for the refund mail. */
  mailFrom: string | undefined;
};

/**
 * Brings back order `orderId` when it was cancelled because its payment window closed and every line's
 * stock can be held again: Cancelled → Processing (conditional on that status and cause), the cancellation
 * cause cleared, the event recorded and the customer's 'Payment received' mail written.
 * @returns `reinstated` when the order is Processing now; otherwise nothing changed: `not-expired` (not
 *   Cancelled, or cancelled for another cause) or `stock-gone` (a line's stock is short or its product gone).
 */
export async function reinstateLatePayment(
  tx: Db,
  input: LatePaymentInput,
): Promise<'reinstated' | 'not-expired' | 'stock-gone'> {
  const { storeId, orderId } = input;
  const [current] = await tx
    .select({ status: orders.status, cancellationCause: orders.cancellationCause })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for('update');
  if (
    current?.status !== ORDER_STATUS.cancelled ||
    current.cancellationCause !== CANCELLATION_CAUSE.paymentWindow
  ) {
    return 'not-expired';
  }
  if (!(await reserveOrderStockAgain(tx, storeId, orderId))) return 'stock-gone';
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.processing, cancellationCause: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.id, orderId),
        eq(orders.status, ORDER_STATUS.cancelled),
        eq(orders.cancellationCause, CANCELLATION_CAUSE.paymentWindow),
      ),
    )
    .returning({ id: orders.id });
  if (moved.length === 0) throw new Error(`order ${orderId} changed under its row lock`);
  await tx.insert(orderEvents).values({
    storeId,
    orderId,
    fromStatus: ORDER_STATUS.cancelled,
    toStatus: ORDER_STATUS.processing,
    cause: `${REINSTATED_CAUSE} (${input.cause})`,
  });
  await enqueueLifecycleMail(tx, storeId, orderId, ORDER_STATUS.processing, input.mailFrom);
  await queueLifecycleMessages(tx, storeId, orderId, ORDER_STATUS.processing);
  return 'reinstated';
}

/**
 * The shop's mail about a payment it must refund: to `to`, naming the order, the amount, how it was paid
 * and why the order stays cancelled; TEST-marked for a payment made in test mode.
 */
export function shopRefundDueMessage(
  order: MailOrder,
  payment: LatePayment,
  to: string,
  mailFrom: string | undefined,
): OutgoingMessage {
  const cause = order.cancellationCause ?? CANCELLATION_CAUSE.shop;
  const why =
    cause === CANCELLATION_CAUSE.paymentWindow
      ? `Order ${order.orderNumber} was cancelled (${cause}) and its items are no longer in stock, so it stays Cancelled.`
      : `Order ${order.orderNumber} was cancelled (${cause}) before this payment arrived, so it stays Cancelled.`;
  const lines = [
    ...(payment.testMode ? [TEST_REFUND_NOTICE, ''] : []),
    why,
    `Refund ${rupeesOf(payment.amountPaise)} to the customer the way they paid.`,
    '',
    `Paid:      ${rupeesOf(payment.amountPaise)} via ${payment.description}${payment.testMode ? ' — TEST' : ''}`,
    `Customer:  ${plainMailName(order.fullName)}, ${order.email}`,
    `Ship to:   ${plainMailText(`${order.city}, ${order.state} ${order.postalCode}`)}`,
    'Items:',
    ...order.lines.map((line) => `- ${lineText(line)}`),
    '',
    `Full order: npm run orders -- show ${order.orderNumber}`,
    '',
    shopNameOf(order.store),
    '',
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Refund due: order ${escapeHtml(order.orderNumber)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
${payment.testMode ? `<p style="background:#b91c1c;color:#fff;font-weight:bold;padding:8px">${escapeHtml(TEST_REFUND_NOTICE)}</p>\n` : ''}<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.slice(payment.testMode ? 2 : 0).join('\n'))}</pre>
</body></html>
`;
  return {
    from: shopSender(order.store, mailFrom),
    to,
    subject: `${payment.testMode ? '[TEST] ' : ''}Refund due: order ${order.orderNumber} paid ${rupeesOf(payment.amountPaise)} after cancellation`,
    text: lines.join('\n'),
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}

/**
 * Keeps a payment for a refund: the Cancelled order `orderId` gets `refund_due`, the event
 * `paid after cancellation — refund due (…)`, and mails to the customer ('Refund due for order …') and to the
 * shop (its company e-mail, else `mailFrom`; none when neither is set).
 */
export async function recordRefundDue(tx: Db, input: LatePaymentInput): Promise<void> {
  const { storeId, orderId } = input;
  await tx
    .update(orders)
    .set({ refundDue: true, updatedAt: sql`now()` })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  await tx.insert(orderEvents).values({
    storeId,
    orderId,
    fromStatus: ORDER_STATUS.cancelled,
    toStatus: ORDER_STATUS.cancelled,
    cause: `${REFUND_DUE_CAUSE} (${input.cause})`,
  });
  const order = await readMailOrder(tx, storeId, orderId);
  if (!order) return;
  await enqueueMail(tx, storeId, refundDueMessage(order, input.payment, input.mailFrom));
  const shopAddress = order.store.companyEmail ?? input.mailFrom;
  if (shopAddress) {
    await enqueueMail(tx, storeId, shopRefundDueMessage(order, input.payment, shopAddress, input.mailFrom));
  }
}
