/**
 * The 'return requested' mails (docs/returns.md "The shopper asks for a return or an exchange"): one to the
 * shopper confirming what they asked for, one to the shop (its company e-mail, else `MAIL_FROM`; none when
 * neither is set) asking it to review the request in the admin. Written to the outbox in the transaction that
 * records the return, so a mail exists exactly when the return does. Every value is escaped in the HTML, the
 * shopper's name and note are plain text no mail client turns into a link.
 */
import { formatQuantity } from '@shared/catalog/unit-of-measure';
import type { OrderReturn } from '@shared/returns/return-schemas';
import { formatRupees } from '@shared/money';
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { mailHtmlPage } from '../mail/mail-html';
import { plainMailName, plainMailText } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf, shopSender } from '../mail/shop-sender';
import { trackingHint } from '../orders/lifecycle-mail';
import { lineName, readMailOrder, type MailOrder } from '../orders/order-mail-lines';
import { returnsById } from '../orders/order-returns-view';

/**
 * One line of a return in a mail: `Cotton Kurta (Size: M, Colour: White): 1 — Size too small — exchange for
 * Size: L, Colour: White` or `Mulmul Dupatta: 1 — Changed my mind — refund ₹350`.
 */
export function returnLineText(line: OrderReturn['lines'][number]): string {
  const name = lineName({ title: line.productTitle, size: line.size, color: line.color });
  const wanted = line.exchange
    ? `exchange for ${[line.exchange.size && `Size: ${line.exchange.size}`, line.exchange.color && `Colour: ${line.exchange.color}`].filter(Boolean).join(', ')}`
    : `refund ${formatRupees(line.refundAmount)}`;
  return `${name}: ${formatQuantity(line.quantity, line.unit)} — ${line.reasonLabel} — ${wanted}`;
}

/** A plain mail: the paragraphs as text and as HTML paragraphs (lines starting '- ' become a list). */
function plainMessage(
  order: MailOrder,
  to: string,
  subject: string,
  paragraphs: string[][],
  mailFrom: string | undefined,
): OutgoingMessage {
  const text = [...paragraphs.map((block) => block.join('\n')), shopNameOf(order.store), ''].join('\n\n');
  const html = mailHtmlPage(
    subject,
    `${paragraphs
      .map((block) =>
        block.every((line) => line.startsWith('- '))
          ? `<ul>${block.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>`
          : `<p>${block.map(escapeHtml).join('<br>')}</p>`,
      )
      .join('\n')}
<p>${escapeHtml(shopNameOf(order.store))}</p>`,
  );
  return {
    from: shopSender(order.store, mailFrom),
    to,
    subject,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber },
  };
}

/** 'Return RT-… requested for order RS-… – Shop': to the shopper, what they asked for and what comes next. */
export function shopperReturnRequestedMessage(
  order: MailOrder,
  request: OrderReturn,
  mailFrom: string | undefined,
): OutgoingMessage {
  return plainMessage(
    order,
    order.email,
    `Return ${request.number} requested for order ${order.orderNumber} – ${shopNameOf(order.store)}`,
    [
      [`Dear ${plainMailName(order.fullName)},`],
      [
        `We have received your return request ${request.number} for order ${order.orderNumber}. The shop will review it and e-mail you when it is approved, with how the items will be picked up.`,
      ],
      request.lines.map((line) => `- ${returnLineText(line)}`),
      ...(request.pickupFee > 0
        ? [[`A return pickup fee of ${formatRupees(request.pickupFee)} is deducted from the refund.`]]
        : []),
      [trackingHint(order.orderNumber)],
    ],
    mailFrom,
  );
}

/** 'Return requested: RT-… for order RS-…': to the shop, the request and who asked, to review in the admin. */
export function shopReturnRequestedMessage(
  order: MailOrder,
  request: OrderReturn,
  to: string,
  mailFrom: string | undefined,
): OutgoingMessage {
  return plainMessage(
    order,
    to,
    `Return requested: ${request.number} for order ${order.orderNumber}`,
    [
      [
        `${plainMailName(order.fullName)} (${order.email}) asks to return items of order ${order.orderNumber} (return ${request.number}).`,
      ],
      request.lines.map((line) => `- ${returnLineText(line)}`),
      ...(request.note ? [[`Their note: ${plainMailText(request.note)}`]] : []),
      ['Review it in the admin under Returns: approve it with a pickup note, or reject it with a reason.'],
    ],
    mailFrom,
  );
}

/**
 * Writes both 'return requested' mails of return `returnId` (of order `orderId`) into the outbox, in the
 * transaction that records it. @returns false when the order or the return was not found.
 */
export async function enqueueReturnRequestedMails(
  tx: Db,
  storeId: number,
  orderId: string,
  returnId: string,
  mailFrom: string | undefined,
): Promise<boolean> {
  const [order, [request]] = await Promise.all([
    readMailOrder(tx, storeId, orderId),
    returnsById(tx, storeId, [returnId]),
  ]);
  if (!order || !request) return false;
  await enqueueMail(tx, storeId, shopperReturnRequestedMessage(order, request, mailFrom));
  const shopAddress = order.store.companyEmail ?? mailFrom;
  if (shopAddress)
    await enqueueMail(tx, storeId, shopReturnRequestedMessage(order, request, shopAddress, mailFrom));
  return true;
}
