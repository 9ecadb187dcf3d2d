/**
 * The mail of a message sent by e-mail through the message layer (docs/messages.md "Channels and providers"):
 * the message's plain text under its subject, from the shop, written to the mail outbox.
 */
import type { Db } from '../../db/database';
import { escapeHtml } from '../../html-escape';
import { mailHtmlPage } from './mail-html';
import { enqueueMail } from './outbox';
import { mailStoreOf, shopSender, DEFAULT_MAIL_FROM } from './shop-sender';

/**
 * Writes `mail` (plain text; its HTML part is the same text, escaped, lines kept) from store `storeId` to
 * the mail outbox.
 * @returns the mail's id in the outbox.
 */
export async function enqueueMessageMail(
  db: Db,
  storeId: number,
  mail: { to: string; subject: string; text: string },
  mailFrom: string | undefined,
): Promise<number> {
  const store = await mailStoreOf(db, storeId);
  const html = `<p>${escapeHtml(mail.text).replace(/\n/g, '<br>')}</p>`;
  return enqueueMail(db, storeId, {
    from: store ? shopSender(store, mailFrom) : mailFrom || DEFAULT_MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mailHtmlPage(mail.subject, html),
  });
}
