/**
 * The order confirmation e-mail (spec §2 "Order success": "We'll send you an email with your order
 * details"; issue #3): its content, and sending it through the mailer (./mailer.ts) after the order is
 * committed. Sending never fails the order: a failure is logged without the address.
 */
import type { SendMailOptions } from 'nodemailer';
import { formatRupeesForOrder, paiseToRupees } from '@shared/money';
import { ORDER_NUMBER_HEADER, type Mailer } from './mailer';

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

const rupees = (paise: number) => formatRupeesForOrder(paiseToRupees(paise));

// One formatter for all messages: building an Intl.DateTimeFormat is costly.
const orderDateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
const orderDate = (date: Date) => orderDateFormat.format(date);

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The confirmation message: from the store's name and company e-mail (else `mailFrom`, else
 * {@link DEFAULT_MAIL_FROM}), to the customer, with the order number, every item (quantity, unit price, line
 * total), the totals in ₹ with 2 decimals and the shipping address; plain text and HTML (every value escaped).
 */
export function orderConfirmationMessage(
  order: OrderConfirmation,
  mailFrom: string | undefined,
): SendMailOptions {
  const store = order.store;
  const shopName = store.storeName?.trim() || store.companyName?.trim() || 'Resham';
  const from = store.companyEmail
    ? { name: shopName, address: store.companyEmail }
    : mailFrom || DEFAULT_MAIL_FROM;
  const address = order.shippingAddress;
  const shipping = order.shippingFeePaise === 0 ? 'Free' : rupees(order.shippingFeePaise);
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

/** Where a mail task logs its failure (pino's `log.error(object, message)`). */
export type MailLogger = { error(object: Record<string, unknown>, message: string): void };

/** An error described for the log without any e-mail address (SMTP replies often quote the recipient). */
export function describeMailError(error: unknown): Record<string, unknown> {
  const failure = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const scrub = (text: string) => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
  return {
    name: typeof failure.name === 'string' ? failure.name : 'Error',
    ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
    ...(typeof failure.responseCode === 'number' ? { responseCode: failure.responseCode } : {}),
    message: scrub(typeof failure.message === 'string' ? failure.message : String(error)),
  };
}

export type SendOrderConfirmationOptions = {
  mailer: Mailer;
  log: MailLogger;
  /** `MAIL_FROM` of the configuration. */
  mailFrom: string | undefined;
};

/**
 * Sends the confirmation of `order`. Never rejects: a failure (of the message build or the transport) is
 * logged with the order number, never the address.
 * @returns true when the mailer accepted the message.
 */
export async function sendOrderConfirmation(
  options: SendOrderConfirmationOptions,
  order: OrderConfirmation,
): Promise<boolean> {
  try {
    await options.mailer.sendMail(orderConfirmationMessage(order, options.mailFrom));
    return true;
  } catch (error) {
    options.log.error(
      { orderNumber: order.orderNumber, mailError: describeMailError(error) },
      'order confirmation e-mail failed',
    );
    return false;
  }
}
