/**
 * The shop's notice of a paid order: when a gateway callback or the UPI webhook pays an order, a mail to the
 * store's company e-mail says which order to pack, written to the outbox in the payment's transaction. An
 * order paid in test mode (the sandbox gateway, the demo UPI ID: no money moved) is marked TEST in the
 * subject and in the first line, so the owner never ships it by mistake. Stores without a company e-mail get
 * no notice (`npm run orders -- list` shows paid orders too). Each line shows its size, colour and unit of
 * measure (`2.5 m × ₹450`). What the customer typed is plain text that no mail client turns into a link.
 */
import type { Db } from '../../db/database';
import { type OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName, plainMailText } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';
import { lineText, readMailOrder, rupeesOf, type MailLine } from '../orders/order-mail-lines';

/** The first line of every mail to the shop about an order paid in test mode. */
export const TEST_PAYMENT_NOTICE =
  'TEST PAYMENT: paid in test mode (sandbox gateway or demo UPI ID). No money moved; do not ship this order.';

/** How the order was paid, for the notice. */
export type PaidVia = {
  /** E.g. `PayU sandbox (TEST) txnid RS-…`, `UPI UTR 412345678901`. */
  description: string;
  /** Paid in test mode: no money moved. */
  testMode: boolean;
};

/** What the notice says about the order (amounts in paise). */
export type PaidOrder = {
  orderNumber: string;
  totalPaise: number;
  fullName: string;
  email: string;
  city: string;
  state: string;
  postalCode: string;
  items: MailLine[];
  store: MailStore;
};

/** The notice to `to` (the shop's company e-mail) that `order` was paid `via`; TEST-marked in test mode. */
export function paidOrderMessage(
  order: PaidOrder,
  via: PaidVia,
  to: string,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(order.store);
  const lines = [
    ...(via.testMode ? [TEST_PAYMENT_NOTICE, ''] : []),
    `Order ${order.orderNumber} was paid and is now Processing: please pack and ship it.`,
    '',
    `Paid:      ${rupeesOf(order.totalPaise)} via ${via.description}${via.testMode ? ' — TEST' : ''}`,
    `Customer:  ${plainMailName(order.fullName)}, ${order.email}`,
    `Ship to:   ${plainMailText(`${order.city}, ${order.state} ${order.postalCode}`)}`,
    'Items:',
    ...order.items.map((item) => `- ${lineText(item)}`),
    '',
    `Full order: npm run orders -- show ${order.orderNumber}`,
    `When shipped: npm run orders -- ship ${order.orderNumber} --tracking <tracking number>`,
    '',
    shopName,
    '',
  ];
  const text = lines.join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Order ${escapeHtml(order.orderNumber)} paid</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
${via.testMode ? `<p style="background:#b91c1c;color:#fff;font-weight:bold;padding:8px">${escapeHtml(TEST_PAYMENT_NOTICE)}</p>\n` : ''}<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.slice(via.testMode ? 2 : 0).join('\n'))}</pre>
</body></html>
`;
  return {
    from: shopSender(order.store, mailFrom),
    to,
    subject: `${via.testMode ? '[TEST] ' : ''}Paid order ${order.orderNumber} – ${rupeesOf(order.totalPaise)}`,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}

/**
 * Writes the paid-order notice of order `orderId` to the outbox, inside the transaction that paid it; nothing
 * when the store has no company e-mail.
 * @returns true when a notice was written.
 */
export async function enqueuePaidOrderNotice(
  tx: Db,
  storeId: number,
  orderId: string,
  via: PaidVia,
  mailFrom: string | undefined,
): Promise<boolean> {
  const order = await readMailOrder(tx, storeId, orderId);
  if (!order?.store.companyEmail) return false;
  const message = paidOrderMessage({ ...order, items: order.lines }, via, order.store.companyEmail, mailFrom);
  await enqueueMail(tx, storeId, message);
  return true;
}
