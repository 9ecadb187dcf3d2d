/**
 * What `npm run orders` prints: the order list, one order in full and the undelivered e-mails, as plain text
 * lines. Orders paid in test mode (sandbox gateway, demo UPI ID: no money moved) are marked `TEST` wherever
 * they appear.
 */
import { formatRupees, paiseToRupees } from '@shared/money';
import { ORDER_STATUS, orderStatusLabel } from '@shared/orders/order-status';
import type { UndeliveredMail } from '../modules/mail/outbox';
import { lineNameText, quantityTimesPriceText } from '@shared/orders/order-line-text';
import type { OwnerOrderDetails, OwnerOrderSummary } from '../modules/orders/owner-orders';

/** The marker of an order paid in test mode. */
export const TEST_MARK = 'TEST';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
/** `2025-01-31 14:05 UTC`. */
export const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * One line per order: number, time, status, total, units, e-mail, `TEST` when paid in test mode, and the
 * store when the list spans several.
 */
export function orderListLines(rows: OwnerOrderSummary[]): string[] {
  if (rows.length === 0) return ['No orders.'];
  const storeCount = new Set(rows.map((row) => row.storeName)).size;
  return rows.map((row) => {
    const columns = [
      row.orderNumber,
      when(row.createdAt),
      orderStatusLabel(row.status).padEnd(10),
      rupees(row.totalPaise).padStart(14),
      plural(row.units, 'item').padEnd(9),
      row.email,
    ];
    if (row.testPayment) columns.push(TEST_MARK);
    if (storeCount > 1) columns.push(`[${row.storeName ?? 'store'}]`);
    return columns.join('  ');
  });
}

/**
 * One line of an order as the owner packs it: title, size and colour, SKU, quantity in its unit × unit price =
 * line total — `Katan Silk Fabric — Colour Maroon (SLK-MRN): 2.5 m × ₹450 = ₹1,125`.
 */
export function orderLineText(line: OwnerOrderDetails['lines'][number]): string {
  const name = lineNameText({ title: line.productTitle, size: line.size, color: line.color });
  const amount = quantityTimesPriceText({
    quantity: line.quantity,
    unit: line.unit === 'm' ? 'm' : 'piece',
    unitPricePaise: line.unitPricePaise,
  });
  return `${name} (${line.sku}): ${amount} = ${rupees(line.lineTotalPaise)}`;
}

/**
 * The order in full: status (with the TEST warning), customer, address, the payment deadline of an order
 * waiting for payment, items, payments and history.
 */
export function orderDetailLines(details: OwnerOrderDetails): string[] {
  const { order, lines, payments, history } = details;
  return [
    `Order ${order.orderNumber}`,
    `  Status:    ${orderStatusLabel(order.status)}${details.testPayment ? `  ${TEST_MARK}: paid in test mode, no money moved` : ''}`,
    `  Placed:    ${when(order.createdAt)}`,
    `  Customer:  ${order.email}, ${order.phone}`,
    `  Ship to:   ${order.fullName}, ${order.address}, ${order.city}, ${order.state} ${order.postalCode}`,
    `  Shipping:  ${order.shippingMethod}; tracking ${order.trackingNumber ?? 'Not available'}`,
    ...(order.status === ORDER_STATUS.pending && order.paymentDueAt
      ? [`  Pay by:    ${when(order.paymentDueAt)} (cancelled unpaid after that)`]
      : []),
    '  Items:',
    ...lines.map((line) => `    ${orderLineText(line)}`),
    `  Total:     ${rupees(order.totalPaise)}`,
    '  Payments:',
    ...(payments.length === 0
      ? ['    none']
      : payments.map((payment) => {
          const payer = payment.payer
            ? `; ${payment.payer.name}${payment.payer.businessName ? `, ${payment.payer.businessName}` : ''}${payment.payer.gstin ? ` (GSTIN ${payment.payer.gstin})` : ''}`
            : '';
          return `    ${when(payment.createdAt)}  ${payment.provider} ${payment.method}  ${payment.gatewayId ?? '(no id yet)'}  ${rupees(payment.amountPaise)}  ${payment.status}${payment.testMode ? `  ${TEST_MARK} MODE` : ''}${payer}`;
        })),
    '  History:',
    ...history.map(
      (event) =>
        `    ${when(event.createdAt)}  ${event.fromStatus === null ? 'created' : orderStatusLabel(event.fromStatus)} → ${orderStatusLabel(event.toStatus)}  (${event.cause})`,
    ),
  ];
}

/**
 * One line per e-mail not sent: status, time written, store, recipient, subject, attempts and the last error
 * (pending ones also say when the next attempt starts).
 */
export function undeliveredMailLines(mails: UndeliveredMail[]): string[] {
  if (mails.length === 0) return ['No failed or pending e-mails.'];
  return mails.map((mail) => {
    const columns = [
      mail.status === 'failed' ? 'FAILED ' : mail.status === 'pending' ? 'PENDING' : 'SENDING',
      when(mail.createdAt),
      `[${mail.storeName ?? 'store'}]`,
      mail.recipient,
      `"${mail.subject}"`,
      plural(mail.attempts, 'attempt'),
    ];
    if (mail.status === 'pending') columns.push(`next ${when(mail.nextAttemptAt)}`);
    if (mail.lastError) columns.push(`last error: ${mail.lastError}`);
    return columns.join('  ');
  });
}
