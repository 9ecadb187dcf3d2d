/**
 * The order confirmation e-mail (spec §2 "Order success": "We'll send you an email with your order
 * details"): its content. The order's transaction writes it to the mail outbox (../mail/outbox.ts), from which
 * the outbox sender delivers it with retries, so an order's confirmation is sent once or shows up as failed in
 * `npm run orders -- mail`. What the customer typed (name, address) is plain text that no mail client turns
 * into a link (../mail/mail-text.ts).
 */
import { formatRupeesForOrder, paiseToRupees } from '@shared/money';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml, plainMailName, plainMailText } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';

/** The sender when the store has no company e-mail and MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Resham <orders@localhost>';

/** What the confirmation needs to know about an order (amounts in paise). */
export type OrderConfirmation = {
  orderNumber: string;
  /** The customer's e-mail (the account's, copied into the order). */
  email: string;
  createdAt: Date;
  items: { title: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
  subtotalPaise: number;
  shippingFeePaise: number;
  totalPaise: number;
  shippingMethod: string;
  shippingAddress: {
    fullName: string;
    address: string;
    city: string;
    state: string;
    postalCode: string;
    phone: string;
  };
  /** The store as the sender (read in the same statement that wrote the order). */
  store: MailStore;
};

/** The store as the sender of its mail. */
export type MailStore = { storeName: string | null; companyName: string | null; companyEmail: string | null };

/** The shop's name in its mails: the store name, else the company name, else 'Resham'. */
export function shopNameOf(store: MailStore): string {
  return store.storeName?.trim() || store.companyName?.trim() || 'Resham';
}

/** The sender of the shop's mails: its name and company e-mail, else `mailFrom`, else the default. */
export function shopSender(store: MailStore, mailFrom: string | undefined): OutgoingMessage['from'] {
  return store.companyEmail
    ? { name: shopNameOf(store), address: store.companyEmail }
    : mailFrom || DEFAULT_MAIL_FROM;
}

const rupees = (paise: number) => formatRupeesForOrder(paiseToRupees(paise));

// One formatter for all messages: building an Intl.DateTimeFormat is costly.
const orderDateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
const orderDate = (date: Date) => orderDateFormat.format(date);

/**
 * The confirmation message: from the store's name and company e-mail (else `mailFrom`, else
 * {@link DEFAULT_MAIL_FROM}), to the customer, with the order number, every item (quantity, unit price, line
 * total), the totals in ₹ with 2 decimals and the shipping address; plain text and HTML (every value escaped).
 * The customer's name is capped at 60 characters; name and address never form a link.
 */
export function orderConfirmationMessage(
  order: OrderConfirmation,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(order.store);
  const from = shopSender(order.store, mailFrom);
  const shipping = order.shippingFeePaise === 0 ? 'Free' : rupees(order.shippingFeePaise);
  const typed = order.shippingAddress;
  const address = {
    fullName: plainMailName(typed.fullName),
    address: plainMailText(typed.address),
    city: plainMailText(typed.city),
    state: plainMailText(typed.state),
    postalCode: plainMailText(typed.postalCode),
    phone: plainMailText(typed.phone),
  };
  const addressLines = [
    address.fullName,
    address.address,
    `${address.city}, ${address.state} ${address.postalCode}`,
    `Phone: ${address.phone}`,
  ];

  const text = [
    `Dear ${address.fullName},`,
    '',
    `Thank you for your order at ${shopName}. We have received it and will let you know when it ships.`,
    '',
    `Order number: ${order.orderNumber}`,
    `Order date: ${orderDate(order.createdAt)}`,
    '',
    'Items:',
    ...order.items.map(
      (item) =>
        `- ${item.title}: ${item.quantity} × ${rupees(item.unitPricePaise)} = ${rupees(item.lineTotalPaise)}`,
    ),
    '',
    `Subtotal: ${rupees(order.subtotalPaise)}`,
    `Shipping (${order.shippingMethod}): ${shipping}`,
    `Total: ${rupees(order.totalPaise)}`,
    '',
    'Shipping address:',
    ...addressLines,
    '',
    `To track your order, enter the order number ${order.orderNumber} and this e-mail address or your phone`,
    'number on the Track Order page of our shop.',
    '',
    shopName,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Order ${e(order.orderNumber)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Dear ${e(address.fullName)},</p>
<p>Thank you for your order at ${e(shopName)}. We have received it and will let you know when it ships.</p>
<p>Order number: <strong>${e(order.orderNumber)}</strong><br>Order date: ${e(orderDate(order.createdAt))}</p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>Item</th><th ${right}>Quantity</th><th ${right}>Unit price</th><th ${right}>Total</th></tr></thead>
<tbody>
${order.items
  .map(
    (item) =>
      `<tr><td ${cell}>${e(item.title)}</td><td ${right}>${item.quantity}</td><td ${right}>${e(rupees(item.unitPricePaise))}</td><td ${right}>${e(rupees(item.lineTotalPaise))}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
<tr><td ${cell} colspan="3">Subtotal</td><td ${right}>${e(rupees(order.subtotalPaise))}</td></tr>
<tr><td ${cell} colspan="3">Shipping (${e(order.shippingMethod)})</td><td ${right}>${e(shipping)}</td></tr>
<tr><td ${cell} colspan="3"><strong>Total</strong></td><td ${right}><strong>${e(rupees(order.totalPaise))}</strong></td></tr>
</tfoot>
</table>
<p>Shipping address:<br>${addressLines.map(e).join('<br>')}</p>
<p>To track your order, enter the order number ${e(order.orderNumber)} and this e-mail address or your phone number on the Track Order page of our shop.</p>
<p>${e(shopName)}</p>
</body></html>
`;

  return {
    from,
    to: order.email,
    subject: `Order confirmation ${order.orderNumber} – ${shopName}`,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}
