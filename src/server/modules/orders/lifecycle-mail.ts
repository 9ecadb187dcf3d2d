/**
 * The customer's e-mails along an order's life (docs/payments.md "Order lifecycle"): 'Payment received' when
 * the order is paid, 'Shipped' with its tracking number, 'Cancelled' with the cause, and 'Refund due' when a
 * payment arrives for an order that stays cancelled ('Payment not found', when the shop rejects the shopper's
 * 'I have paid', is ./payment-report-mail.ts). Each is written to the mail outbox in the transaction that moves
 * the order (../mail/outbox.ts), so a mail exists exactly when the move was committed. Every mail
 * lists the lines with size, colour and unit of measure (./order-mail-lines.ts), comes from the store's name
 * and company e-mail (else `MAIL_FROM`), and shows the customer's name as capped plain text that no mail
 * client turns into a link (../mail/mail-text.ts).
 */
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { courierTrackingUrl } from '@shared/orders/couriers';
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import {
  chargeRows,
  lineName,
  lineQuantityAndPrice,
  readMailOrder,
  rupeesOf,
  type MailOrder,
} from './order-mail-lines';
import { shopNameOf, shopSender } from '../mail/shop-sender';

/**
 * A customer mail: its subject, the paragraphs before the items (then an optional link, a label and an https
 * URL: a link in the HTML, the bare URL in the text), and those after the total.
 */
export type CustomerMail = {
  subject: string;
  before: string[];
  link?: { label: string; url: string } | undefined;
  after: string[];
};

/** The tracking hint of every customer mail (docs/product.md §2 "Track order"). */
export const trackingHint = (orderNumber: string) =>
  `To see your order, enter the order number ${orderNumber} and this e-mail address or your phone number on the Track Order page of our shop.`;

/** Renders `mail` for `order`: text and HTML with the same content, every value escaped in the HTML. */
export function customerMessage(
  order: MailOrder,
  mail: CustomerMail,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(order.store);
  const name = plainMailName(order.fullName);
  const text = [
    `Dear ${name},`,
    '',
    ...mail.before.flatMap((paragraph) => [paragraph, '']),
    ...(mail.link ? [`${mail.link.label} ${mail.link.url}`, ''] : []),
    `Order number: ${order.orderNumber}`,
    '',
    'Items:',
    ...order.lines.map(
      (line) => `- ${lineName(line)}: ${lineQuantityAndPrice(line)} = ${rupeesOf(line.lineTotalPaise)}`,
    ),
    '',
    ...chargeRows(order).map(([label, paise]) => `${label}: ${rupeesOf(paise)}`),
    `Total: ${rupeesOf(order.totalPaise)}`,
    '',
    ...mail.after.flatMap((paragraph) => [paragraph, '']),
    shopName,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(mail.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Dear ${e(name)},</p>
${mail.before.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
${mail.link ? `<p>${e(mail.link.label)} <a href="${e(mail.link.url)}">${e(mail.link.url)}</a></p>` : ''}
<p>Order number: <strong>${e(order.orderNumber)}</strong></p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>Item</th><th ${right}>Quantity × price</th><th ${right}>Total</th></tr></thead>
<tbody>
${order.lines
  .map(
    (line) =>
      `<tr><td ${cell}>${e(lineName(line))}</td><td ${right}>${e(lineQuantityAndPrice(line))}</td><td ${right}>${e(rupeesOf(line.lineTotalPaise))}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>${chargeRows(order)
    .map(
      ([label, paise]) =>
        `<tr><td ${cell} colspan="2">${e(label)}</td><td ${right}>${e(rupeesOf(paise))}</td></tr>`,
    )
    .join(
      '',
    )}<tr><td ${cell} colspan="2"><strong>Total</strong></td><td ${right}><strong>${e(rupeesOf(order.totalPaise))}</strong></td></tr></tfoot>
</table>
${mail.after.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
<p>${e(shopName)}</p>
</body></html>
`;
  return {
    from: shopSender(order.store, mailFrom),
    to: order.email,
    subject: mail.subject,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}

/** 'Payment received for order RS-… – Shop': the order is paid and being prepared. */
export function paymentReceivedMessage(order: MailOrder, mailFrom: string | undefined): OutgoingMessage {
  return customerMessage(
    order,
    {
      subject: `Payment received for order ${order.orderNumber} – ${shopNameOf(order.store)}`,
      before: [
        `We have received your payment of ${rupeesOf(order.totalPaise)} for order ${order.orderNumber}. We are preparing your order and will e-mail you its tracking number when it ships.`,
      ],
      after: [trackingHint(order.orderNumber)],
    },
    mailFrom,
  );
}

/**
 * 'Order RS-… confirmed: cash on delivery – Shop': the shopper chose cash on delivery, the order is being
 * prepared and the total is paid to the courier.
 */
export function cashOnDeliveryMessage(order: MailOrder, mailFrom: string | undefined): OutgoingMessage {
  return customerMessage(
    order,
    {
      subject: `Order ${order.orderNumber} confirmed: cash on delivery – ${shopNameOf(order.store)}`,
      before: [
        `Thank you for your order ${order.orderNumber}. You chose cash on delivery: please pay ${rupeesOf(order.totalPaise)} when it is delivered. We are preparing your order and will e-mail you its tracking number when it ships.`,
      ],
      after: [trackingHint(order.orderNumber)],
    },
    mailFrom,
  );
}

/**
 * 'Order RS-… shipped – Shop', with the courier and the tracking number the shop entered and, for a known
 * courier, the link to its tracking page (src/shared/orders/couriers.ts).
 */
export function orderShippedMessage(order: MailOrder, mailFrom: string | undefined): OutgoingMessage {
  const trackingUrl = courierTrackingUrl(order.courier, order.trackingNumber);
  return customerMessage(
    order,
    {
      subject: `Order ${order.orderNumber} shipped – ${shopNameOf(order.store)}`,
      before: [
        `Your order ${order.orderNumber} has been shipped.`,
        ...(order.courier ? [`Courier: ${order.courier}`] : []),
        `Tracking number: ${order.trackingNumber ?? '—'}`,
      ],
      link:
        trackingUrl && order.courier
          ? { label: `Track your parcel on the ${order.courier} website:`, url: trackingUrl }
          : undefined,
      after: [trackingHint(order.orderNumber)],
    },
    mailFrom,
  );
}

/**
 * 'Order RS-… cancelled – Shop', with the cause, the note that its items went back into stock and, for a
 * paid order, that the payment will be refunded; for an order the payment window closed on, what happens to
 * a payment still on its way.
 */
export function orderCancelledMessage(order: MailOrder, mailFrom: string | undefined): OutgoingMessage {
  const cause = order.cancellationCause ?? CANCELLATION_CAUSE.shop;
  const money =
    order.paidPaise > 0
      ? [
          `You paid ${rupeesOf(order.paidPaise)} for this order: the shop will refund it to you the way you paid.`,
        ]
      : cause === CANCELLATION_CAUSE.paymentWindow
        ? [
            'If you did pay, your payment is not lost: the order goes ahead if its items are still in stock, otherwise the shop refunds you in full.',
          ]
        : [];
  return customerMessage(
    order,
    {
      subject: `Order ${order.orderNumber} cancelled – ${shopNameOf(order.store)}`,
      before: [
        `Your order ${order.orderNumber} has been cancelled: ${cause}.`,
        'The items reserved for this order have gone back into stock.',
        ...money,
      ],
      after: [],
    },
    mailFrom,
  );
}

/** A payment that arrived after its order was cancelled (amount in paise). */
export type LatePayment = {
  amountPaise: number;
  /** How it was paid, e.g. `UPI, UTR 412345678901`, `PayU, txnid RS-…-4K7Q2M`. */
  description: string;
  /** Paid in test mode: no money moved. */
  testMode: boolean;
};

/**
 * 'Refund due for order RS-… – Shop': the customer's payment arrived after the order was cancelled (and,
 * for an expired order, after its items were sold), so the order stays cancelled and the shop refunds it.
 */
export function refundDueMessage(
  order: MailOrder,
  payment: LatePayment,
  mailFrom: string | undefined,
): OutgoingMessage {
  const cause = order.cancellationCause ?? CANCELLATION_CAUSE.shop;
  const stockGone =
    cause === CANCELLATION_CAUSE.paymentWindow ? ', and its items are no longer in stock' : '';
  return customerMessage(
    order,
    {
      subject: `Refund due for order ${order.orderNumber} – ${shopNameOf(order.store)}`,
      before: [
        `Your payment of ${rupeesOf(payment.amountPaise)} for order ${order.orderNumber} arrived after the order was cancelled (${cause})${stockGone}.`,
        `The order stays cancelled and the shop will refund ${rupeesOf(payment.amountPaise)} to you the way you paid (${payment.description}).`,
      ],
      after: [],
    },
    mailFrom,
  );
}

/** The customer mail of a move to `to`, or null for a move that sends none (Delivered). */
function lifecycleMessage(
  order: MailOrder,
  to: OrderStatusCode,
  mailFrom: string | undefined,
): OutgoingMessage | null {
  switch (to) {
    case ORDER_STATUS.processing:
      return order.cashOnDelivery
        ? cashOnDeliveryMessage(order, mailFrom)
        : paymentReceivedMessage(order, mailFrom);
    case ORDER_STATUS.shipped:
      return orderShippedMessage(order, mailFrom);
    case ORDER_STATUS.cancelled:
      return orderCancelledMessage(order, mailFrom);
    default:
      return null;
  }
}

/**
 * Writes the customer's mail of order `orderId` having moved to `to` into the outbox; call it in the
 * transaction of the move, after the order row was changed (the mail reads the new tracking number and
 * cancellation cause). `attachments` go with it (the 'Shipped' mail carries the tax invoice).
 * @returns true when a mail was written.
 */
export async function enqueueLifecycleMail(
  tx: Db,
  storeId: number,
  orderId: string,
  to: OrderStatusCode,
  mailFrom: string | undefined,
  attachments?: OutgoingMessage['attachments'],
): Promise<boolean> {
  if (to !== ORDER_STATUS.processing && to !== ORDER_STATUS.shipped && to !== ORDER_STATUS.cancelled) {
    return false;
  }
  const order = await readMailOrder(tx, storeId, orderId);
  const message = order && lifecycleMessage(order, to, mailFrom);
  if (!message) return false;
  await enqueueMail(tx, storeId, attachments?.length ? { ...message, attachments } : message);
  return true;
}
