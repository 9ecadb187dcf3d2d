/**
 * The e-mail that acknowledges a new order and asks for its payment ('Order received — complete your
 * payment'): the order's lines (size, colour, quantity in its unit), the totals, the payment link and the
 * payment window — 'Please pay within 30 minutes, by 14:35 IST; after that the order is cancelled and the items
 * go back on sale.' (times in IST). The order's transaction writes it to the mail outbox (../mail/outbox.ts),
 * from which the outbox sender delivers it with retries, so an order's mail is sent once or shows up as failed
 * in `npm run orders -- mail`. What the customer typed (name, address) is plain text that no mail client turns
 * into a link (../mail/mail-text.ts).
 */
import { formatQuantity, perUnitSuffix } from '@shared/catalog/unit-of-measure';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName, plainMailText } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';
import {
  lineNameText,
  lineOptionsText,
  quantityTimesPriceText,
  rupeesText as rupees,
} from '@shared/orders/order-line-text';
import type { PricedItem } from './pricing';
import type { MailAddOn } from './order-add-on-lines';

/** The subject's words before the order number. */
export const ORDER_RECEIVED_SUBJECT = 'Order received — complete your payment';

/** What the mail needs to know about a new order (amounts in paise, quantities in each line's unit). */
export type OrderConfirmation = {
  orderNumber: string;
  /** The customer's e-mail (the account's, copied into the order). */
  email: string;
  createdAt: Date;
  items: PricedItem[];
  /** The lines' add-ons (docs/add-ons.md); absent or empty: none. The subtotal includes them. */
  addOns?: MailAddOn[];
  subtotalPaise: number;
  /** The coupon's discount (paise, 0: none) and its code (null: none). */
  discountPaise: number;
  couponCode: string | null;
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
  /** When the order is cancelled unless paid (creation + the payment window). */
  paymentDueAt: Date;
  /** The payment window in minutes (`PAYMENT_WINDOW_MINUTES`). */
  paymentWindowMinutes: number;
  /** The shop's payment page for this order (absolute URL), or null when the shop's address is not known. */
  paymentUrl: string | null;
};

// One formatter of each kind for all messages: building an Intl.DateTimeFormat is costly.
const orderDateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
const orderDate = (date: Date) => orderDateFormat.format(date);
const clockFormat = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

/** A payment window in words: '30 minutes', '1 hour', '2 days'. */
export function windowText(minutes: number): string {
  const [count, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The payment window sentence, in IST: 'Please pay within 30 minutes, by 14:35 IST; after that the order is
 * cancelled and the items go back on sale.' The date is added when the deadline falls on another day than the
 * order ('by 00:10 IST on 19 April 2025').
 */
export function paymentWindowSentence(
  order: Pick<OrderConfirmation, 'createdAt' | 'paymentDueAt' | 'paymentWindowMinutes'>,
): string {
  const day = orderDate(order.paymentDueAt);
  const by = `${clockFormat.format(order.paymentDueAt)} IST${day === orderDate(order.createdAt) ? '' : ` on ${day}`}`;
  return `Please pay within ${windowText(order.paymentWindowMinutes)}, by ${by}; after that the order is cancelled and the items go back on sale.`;
}

/** The discount's row label in mails: 'Discount (FIRST10)', or 'Discount' without a code. */
export function discountLabel(couponCode: string | null): string {
  return couponCode ? `Discount (${couponCode})` : 'Discount';
}

/** Where to pay when no link can be given. */
export const PAY_FROM_MY_ORDERS =
  'To pay, sign in on our shop and open My Orders: the order is waiting there.';

/**
 * The message: from the store's name and company e-mail (else `mailFrom`, else `DEFAULT_MAIL_FROM` of ../mail/shop-sender.ts), to
 * the customer, subject 'Order received — complete your payment (RS-…)', with the payment link (else where to
 * pay) and window, the order number, every line (title, size and colour, quantity in its unit × unit price,
 * line total), the totals in ₹ (docs/product.md §9) and the shipping address; plain text and HTML (every value
 * escaped). The customer's name is capped at 60 characters; name and address never form a link.
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
  const deadline = paymentWindowSentence(order);
  const placedOn = orderDate(order.createdAt);
  // Add-ons after the goods: 'Blouse stitching for Kanjivaram Silk Saree: 1 × ₹1,200', and the longest lead time.
  const addOnRows = (order.addOns ?? []).map(
    (addOn) =>
      [
        `${addOn.title} for ${addOn.lineTitle}: ${addOn.quantity} × ${rupees(addOn.unitPricePaise)}`,
        rupees(addOn.totalPaise),
      ] as const,
  );
  const leadDays = Math.max(0, ...(order.addOns ?? []).map((addOn) => addOn.leadDays));
  const leadLine = leadDays > 0 ? [`Stitching and finishing add ${leadDays} days to delivery.`] : [];
  const payLine = order.paymentUrl ? `Pay now: ${order.paymentUrl}` : PAY_FROM_MY_ORDERS;

  const text = [
    `Dear ${address.fullName},`,
    '',
    `Thank you for your order at ${shopName}. We have received it and are holding the items for you.`,
    '',
    deadline,
    payLine,
    '',
    `Order number: ${order.orderNumber}`,
    `Order date: ${placedOn}`,
    '',
    'Items:',
    ...order.items.map(
      (item) => `- ${lineNameText(item)}: ${quantityTimesPriceText(item)} = ${rupees(item.lineTotalPaise)}`,
    ),
    ...addOnRows.map(([name, amount]) => `- ${name} = ${amount}`),
    ...leadLine,
    '',
    `Subtotal: ${rupees(order.subtotalPaise)}`,
    ...(order.discountPaise > 0
      ? [`${discountLabel(order.couponCode)}: -${rupees(order.discountPaise)}`]
      : []),
    `Shipping (${order.shippingMethod}): ${shipping}`,
    `Total: ${rupees(order.totalPaise)}`,
    '',
    'Shipping address:',
    ...addressLines,
    '',
    'We will let you know when your order ships.',
    `To track your order, enter the order number ${order.orderNumber} and this e-mail address or your phone`,
    'number on the Track Order page of our shop.',
    '',
    shopName,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const itemCell = (item: PricedItem) => {
    const options = lineOptionsText(item);
    return `${e(item.title)}${options ? `<br><small>${e(options)}</small>` : ''}`;
  };
  const payHtml = order.paymentUrl
    ? `<a href="${e(order.paymentUrl)}" style="display:inline-block;padding:8px 16px;background:#7f1d1d;color:#fff;text-decoration:none">Pay for order ${e(order.orderNumber)}</a>`
    : e(PAY_FROM_MY_ORDERS);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Order ${e(order.orderNumber)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Dear ${e(address.fullName)},</p>
<p>Thank you for your order at ${e(shopName)}. We have received it and are holding the items for you.</p>
<p><strong>${e(deadline)}</strong></p>
<p>${payHtml}</p>
<p>Order number: <strong>${e(order.orderNumber)}</strong><br>Order date: ${e(placedOn)}</p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>Item</th><th ${right}>Quantity</th><th ${right}>Unit price</th><th ${right}>Total</th></tr></thead>
<tbody>
${order.items
  .map(
    (item) =>
      `<tr><td ${cell}>${itemCell(item)}</td><td ${right}>${e(formatQuantity(item.quantity, item.unit))}</td><td ${right}>${e(rupees(item.unitPricePaise) + perUnitSuffix(item.unit))}</td><td ${right}>${e(rupees(item.lineTotalPaise))}</td></tr>`,
  )
  .join('\n')}
${addOnRows.map(([name, amount]) => `<tr><td ${cell} colspan="3">${e(name)}</td><td ${right}>${e(amount)}</td></tr>\n`).join('')}</tbody>
<tfoot>
<tr><td ${cell} colspan="3">Subtotal</td><td ${right}>${e(rupees(order.subtotalPaise))}</td></tr>
${order.discountPaise > 0 ? `<tr><td ${cell} colspan="3">${e(discountLabel(order.couponCode))}</td><td ${right}>-${e(rupees(order.discountPaise))}</td></tr>\n` : ''}<tr><td ${cell} colspan="3">Shipping (${e(order.shippingMethod)})</td><td ${right}>${e(shipping)}</td></tr>
<tr><td ${cell} colspan="3"><strong>Total</strong></td><td ${right}><strong>${e(rupees(order.totalPaise))}</strong></td></tr>
</tfoot>
</table>
${leadLine.map((line) => `<p>${e(line)}</p>\n`).join('')}<p>Shipping address:<br>${addressLines.map(e).join('<br>')}</p>
<p>We will let you know when your order ships. To track your order, enter the order number ${e(order.orderNumber)} and this e-mail address or your phone number on the Track Order page of our shop.</p>
<p>${e(shopName)}</p>
</body></html>
`;

  return {
    from,
    to: order.email,
    subject: `${ORDER_RECEIVED_SUBJECT} (${order.orderNumber})`,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}
