/**
 * The mail of a contact message to the shop (docs/product.md §2 "Contact"): 'Contact form: <subject> – Shop',
 * to the store's company e-mail, with `Reply-To` the shopper's address so that answering the mail answers
 * them. Everything the shopper typed is plain text: in the text part as typed (each line made unlinkable,
 * ../mail/mail-text.ts), in the HTML part escaped as well; no HTML of theirs is ever rendered.
 */
import type { ContactMessage } from '@shared/messages/message-schemas';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName, plainMailText } from '../mail/mail-text';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';

/** The mail of `message` to `to` (the store's company e-mail), from the shop (else `mailFrom`). */
export function contactMail(
  store: MailStore,
  to: string,
  message: ContactMessage,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(store);
  const name = plainMailName(message.name);
  const subject = plainMailName(message.subject, 100);
  const lines = message.message.split(/\r\n|\r|\n/).map((line) => plainMailText(line));
  const intro = `New message through the contact form of ${shopName}.`;
  const outro = `Reply to this e-mail to answer ${name}. The message is also in the admin panel under Messages, where you can mark it replied.`;
  const text = [
    intro,
    '',
    `From: ${name} <${message.email}>`,
    `Subject: ${subject}`,
    '',
    ...lines,
    '',
    outro,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>${e(intro)}</p>
<p>From: ${e(name)} &lt;${e(message.email)}&gt;<br>Subject: ${e(subject)}</p>
<p style="white-space:pre-wrap">${lines.map(e).join('<br>')}</p>
<p>${e(outro)}</p>
</body></html>
`;
  return {
    from: shopSender(store, mailFrom),
    to,
    subject: `Contact form: ${subject} – ${shopName}`,
    text,
    html,
    headers: { 'Reply-To': message.email },
  };
}
