/**
 * The 'How was your order?' mail (docs/reviews.md "The review request mail"): sent once per Delivered order, 7
 * days after its delivery, to a shopper who has not asked for no more of them, with a link to each product's
 * page to review it and an unsubscribe link (also in `List-Unsubscribe`, RFC 2369). The row in
 * `review_requests` is written in the same transaction as the mail: a second pass, on this server or
 * another, finds the row and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderLines } from '../../db/schema/order-tables';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { reviewRequests } from '../../db/schema/review-tables';
import { escapeHtml } from '../../html-escape';
import { mailHtmlPage } from '../mail/mail-html';
import { plainMailName } from '../mail/mail-text';
import { ORDER_NUMBER_HEADER } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';

/** A Delivered order due for its request mail. */
export type DueOrder = {
  id: string;
  storeId: number;
  userId: number;
  orderNumber: string;
  email: string;
  fullName: string;
  store: MailStore;
};

/** The products of an order to review: title and storefront link. */
type ReviewLink = { title: string; url: string };

/** The mail to `order`'s shopper asking them to review `links`, with the unsubscribe link `unsubscribeUrl`. */
export function reviewRequestMessage(
  order: DueOrder,
  links: ReviewLink[],
  unsubscribeUrl: string,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(order.store);
  const subject = `How was your order ${order.orderNumber}? – ${shopName}`;
  const greeting = `Dear ${plainMailName(order.fullName)},`;
  const ask =
    'We hope you are enjoying your purchase. A few words and a star rating help other shoppers choose — and if the fit was small or large, say so.';
  const stop = 'No more review requests from us?';
  const text = [
    greeting,
    '',
    ask,
    '',
    ...links.map((link) => `- ${link.title}: ${link.url}`),
    '',
    `${stop} ${unsubscribeUrl}`,
    '',
    shopName,
    '',
  ].join('\n');
  const html = mailHtmlPage(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(ask)}</p>
<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('')}</ul>
<p>${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
<p>${escapeHtml(shopName)}</p>`,
  );
  return {
    from: shopSender(order.store, mailFrom),
    to: order.email,
    subject,
    text,
    html,
    headers: { [ORDER_NUMBER_HEADER]: order.orderNumber, 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}

/**
 * Records the request of `order` and writes its mail, in one transaction; links start at `origin` (the shop's
 * public origin). @returns false when another pass recorded it first (nothing is written then) or the order
 * has no product still in the catalogue.
 */
export async function sendReviewRequest(
  db: Db,
  order: DueOrder,
  origin: string,
  mailFrom: string | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const token = randomBytes(24).toString('base64url');
    const [recorded] = await tx
      .insert(reviewRequests)
      .values({ orderId: order.id, storeId: order.storeId, userId: order.userId, token })
      .onConflictDoNothing()
      .returning({ orderId: reviewRequests.orderId });
    if (!recorded) return false;
    const lines = await tx
      .select({ productId: orderLines.productId, title: orderLines.productTitle })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.storeId, order.storeId),
          eq(orderLines.orderId, order.id),
          isNotNull(orderLines.productId),
        ),
      )
      .orderBy(asc(orderLines.position));
    const seen = new Set<string>();
    const links = lines
      .filter((line) => !seen.has(line.productId!) && seen.add(line.productId!))
      .map((line) => ({ title: line.title, url: `${origin}/product/${line.productId}#reviews` }));
    // The row stays (the order is done with) even when nothing is left to review.
    if (links.length === 0) return false;
    const unsubscribeUrl = `${origin}/api/v1/reviews/unsubscribe?token=${token}`;
    await enqueueMail(tx, order.storeId, reviewRequestMessage(order, links, unsubscribeUrl, mailFrom));
    return true;
  });
}
