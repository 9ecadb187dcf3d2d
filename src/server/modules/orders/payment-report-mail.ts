/**
 * 'Payment not found for order RS-… – Shop': the mail a shopper gets when the shop rejects their 'I have paid'
 * (docs/payments.md "I have paid"); the order stays Pending with a new payment window. Written to the mail
 * outbox in the transaction that rejects the report, in the same layout as the lifecycle mails
 * (./lifecycle-mail.ts).
 */
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf } from '../mail/shop-sender';
import { customerMessage, trackingHint } from './lifecycle-mail';
import { readMailOrder, rupeesOf, type MailOrder } from './order-mail-lines';

/** The shop's rejection of the shopper's 'I have paid' (docs/payments.md "I have paid"). */
export type PaymentReportRejection = {
  /** The UTR the shopper had given, null: none. */
  utr: string | null;
  /** Why, in the owner's words; null: not given. */
  reason: string | null;
  /** The end of the restarted payment window. */
  payBy: Date;
};

/** `28 Nov 2026, 11:40 am` in India time (the shop's time for every shopper mail and the order history). */
export const indiaTime = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(at);

/**
 * 'Payment not found for order RS-… – Shop': the shop checked its bank account and did not find the payment
 * the shopper reported; with the owner's reason when given, and until when the order is held for a new
 * payment.
 */
export function paymentReportRejectedMessage(
  order: MailOrder,
  rejection: PaymentReportRejection,
  mailFrom: string | undefined,
): OutgoingMessage {
  const utr = rejection.utr ? ` (UTR ${rejection.utr})` : '';
  return customerMessage(
    order,
    {
      subject: `Payment not found for order ${order.orderNumber} – ${shopNameOf(order.store)}`,
      before: [
        `You told us you had paid for order ${order.orderNumber} by UPI${utr}, but the shop could not find this payment in its account.`,
        ...(rejection.reason ? [`The shop says: ${rejection.reason}`] : []),
        `Your order is held for you until ${indiaTime(rejection.payBy)} (India time). Please pay ${rupeesOf(order.totalPaise)} on the order's payment page (My Orders, Pay Now) before then, or reply to this e-mail if the money has left your account.`,
      ],
      after: [trackingHint(order.orderNumber)],
    },
    mailFrom,
  );
}

/**
 * Writes the 'Payment not found' mail of order `orderId` into the outbox, in the transaction that rejects
 * the report. @returns false when the order was not found.
 */
export async function enqueuePaymentReportRejectedMail(
  tx: Db,
  storeId: number,
  orderId: string,
  rejection: PaymentReportRejection,
  mailFrom: string | undefined,
): Promise<boolean> {
  const order = await readMailOrder(tx, storeId, orderId);
  if (!order) return false;
  await enqueueMail(tx, storeId, paymentReportRejectedMessage(order, rejection, mailFrom));
  return true;
}
