/**
 * The shopper's e-mails of the owner's return steps (docs/returns.md "The shop's returns queue"): 'Return
 * approved' with the pickup note, 'Return rejected' with the shop's reason, 'Return received' with what
 * happens next, and 'Replacement shipped' with the courier, tracking number and the courier's tracking page.
 * Each lists the return's lines (size, colour, quantity, the size wanted in exchange), comes from the store's
 * name and company e-mail (else `MAIL_FROM`) and is written to the outbox in the transaction of the step
 * (../mail/outbox.ts), so a mail exists exactly when the step was committed. Amounts by the one money rule.
 */
import { formatQuantity } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { courierTrackingUrl } from '@shared/orders/couriers';
import type { OrderReturn } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { mailHtmlPage } from '../mail/mail-html';
import { plainMailName } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf, shopSender } from '../mail/shop-sender';
import { readMailOrder, type MailOrder } from '../orders/order-mail-lines';

/** The steps that mail the shopper. */
export type ReturnMailStep = 'approved' | 'rejected' | 'received' | 'replacement-shipped';

/**
 * What a return's mail shows of it, as it is after the step (amounts in rupees, quantities in the line's unit):
 * the fields of `returnSchema` it needs, read in the step's transaction.
 */
export type ReturnMailView = Pick<
  OrderReturn,
  'number' | 'pickupNote' | 'rejectionReason' | 'refundAmount' | 'pickupFee'
> & {
  lines: Pick<
    OrderReturn['lines'][number],
    'productTitle' | 'size' | 'color' | 'unit' | 'quantity' | 'exchange'
  >[];
  replacement: { courier: string | null; trackingNumber: string } | null;
};

/** One returned line as the mails list it: `Cotton Kurta (Size: M, Colour: White): 1 — exchange for size L`. */
export function returnLineText(line: ReturnMailView['lines'][number]): string {
  const options = [
    ...(line.size ? [`Size: ${line.size}`] : []),
    ...(line.color ? [`Colour: ${line.color}`] : []),
  ];
  const name = options.length > 0 ? `${line.productTitle} (${options.join(', ')})` : line.productTitle;
  const exchange = line.exchange
    ? ` — exchange for ${[line.exchange.size && `size ${line.exchange.size}`, line.exchange.color]
        .filter(Boolean)
        .join(', ')}`
    : '';
  return `${name}: ${formatQuantity(line.quantity, line.unit)}${exchange}`;
}

/** What a refund of `view` will be, as the mails say it: '₹1,999', or null when nothing is refunded. */
const refundText = (view: ReturnMailView) => (view.refundAmount > 0 ? formatRupees(view.refundAmount) : null);

/** The subject and paragraphs of the mail of `step` (link: the replacement's tracking page, when known). */
function returnMailContent(
  order: MailOrder,
  view: ReturnMailView,
  step: ReturnMailStep,
): { subject: string; before: string[]; link?: { label: string; url: string } } {
  const shop = shopNameOf(order.store);
  const hasExchange = view.lines.some((line) => line.exchange !== null);
  const refund = refundText(view);
  switch (step) {
    case 'approved':
      return {
        subject: `Return ${view.number} approved – ${shop}`,
        before: [
          `We have approved your return ${view.number} for order ${order.orderNumber}.`,
          ...(view.pickupNote ? [`Pickup: ${view.pickupNote}`] : []),
          'Please pack the items with their tags and keep them ready for the pickup.',
          ...(hasExchange ? ['The size you asked for in exchange is set aside for you.'] : []),
        ],
      };
    case 'rejected':
      return {
        subject: `Return ${view.number} not accepted – ${shop}`,
        before: [
          `We are sorry: your return ${view.number} for order ${order.orderNumber} was not accepted.`,
          `The shop says: ${view.rejectionReason ?? ''}`,
          'Please reply to this e-mail if you have a question.',
        ],
      };
    case 'received':
      return {
        subject: `Return ${view.number} received – ${shop}`,
        before: [
          `We have received the items of your return ${view.number} for order ${order.orderNumber}.`,
          ...(refund
            ? [
                `Your refund of ${refund}${view.pickupFee > 0 ? ` (after the return pickup fee of ${formatRupees(view.pickupFee)})` : ''} follows; we will e-mail you when it is processed.`,
              ]
            : []),
          ...(hasExchange ? ['Your replacement ships next; we will e-mail you its tracking number.'] : []),
        ],
      };
    case 'replacement-shipped': {
      const replacement = view.replacement;
      const url = courierTrackingUrl(replacement?.courier ?? null, replacement?.trackingNumber ?? null);
      return {
        subject: `Replacement for return ${view.number} shipped – ${shop}`,
        before: [
          `The replacement for your return ${view.number} (order ${order.orderNumber}) has been shipped. There is nothing to pay.`,
          ...(replacement?.courier ? [`Courier: ${replacement.courier}`] : []),
          `Tracking number: ${replacement?.trackingNumber ?? '—'}`,
        ],
        link:
          url && replacement?.courier
            ? { label: `Track your parcel on the ${replacement.courier} website:`, url }
            : undefined,
      };
    }
  }
}

/** Renders the mail of `step` of return `view` for `order`: text and HTML alike, every value escaped. */
export function returnStepMessage(
  order: MailOrder,
  view: ReturnMailView,
  step: ReturnMailStep,
  mailFrom: string | undefined,
): OutgoingMessage {
  const { subject, before, link } = returnMailContent(order, view, step);
  const shopName = shopNameOf(order.store);
  const name = plainMailName(order.fullName);
  const items = view.lines.map(returnLineText);
  const text = [
    `Dear ${name},`,
    '',
    ...before.flatMap((paragraph) => [paragraph, '']),
    ...(link ? [`${link.label} ${link.url}`, ''] : []),
    `Return number: ${view.number}`,
    `Order number: ${order.orderNumber}`,
    '',
    'Items:',
    ...items.map((item) => `- ${item}`),
    '',
    shopName,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = mailHtmlPage(
    subject,
    `<p>Dear ${e(name)},</p>
${before.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
${link ? `<p>${e(link.label)} <a href="${e(link.url)}">${e(link.url)}</a></p>` : ''}
<p>Return number: <strong>${e(view.number)}</strong><br>Order number: <strong>${e(order.orderNumber)}</strong></p>
<ul>
${items.map((item) => `<li>${e(item)}</li>`).join('\n')}
</ul>
<p>${e(shopName)}</p>`,
  );
  return {
    from: shopSender(order.store, mailFrom),
    to: order.email,
    subject,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}

/**
 * Writes the shopper's mail of `step` of return `view` (as it is after the step) of order `orderId` into the
 * outbox; call it in the step's transaction.
 */
export async function enqueueReturnStepMail(
  tx: Db,
  storeId: number,
  orderId: string,
  view: ReturnMailView,
  step: ReturnMailStep,
  mailFrom: string | undefined,
): Promise<void> {
  const order = await readMailOrder(tx, storeId, orderId);
  if (!order) return;
  await enqueueMail(tx, storeId, returnStepMessage(order, view, step, mailFrom));
}
