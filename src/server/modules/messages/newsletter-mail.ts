/**
 * The newsletter's welcome mail (docs/product.md §2 "Newsletter"): 'Welcome to the newsletter of Shop', with
 * the unsubscribe link in the text, in the HTML and in the `List-Unsubscribe` header (RFC 2369), as every
 * newsletter mail carries it. The link's page works without signing in.
 */
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';

/** The welcome mail to `email`, with `unsubscribeUrl` (an absolute https or http URL of the shop). */
export function newsletterWelcomeMail(
  store: MailStore,
  email: string,
  unsubscribeUrl: string,
  mailFrom: string | undefined,
): OutgoingMessage {
  const shopName = shopNameOf(store);
  const welcome = `Thank you for subscribing to the newsletter of ${shopName}. We will write to you about new arrivals and collections.`;
  const unsubscribe = 'Not for you? Unsubscribe at any time:';
  const text = [welcome, '', `${unsubscribe} ${unsubscribeUrl}`, '', shopName, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(`Welcome to the newsletter of ${shopName}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>${e(welcome)}</p>
<p>${e(unsubscribe)} <a href="${e(unsubscribeUrl)}">Unsubscribe</a></p>
<p>${e(shopName)}</p>
</body></html>
`;
  return {
    from: shopSender(store, mailFrom),
    to: email,
    subject: `Welcome to the newsletter of ${shopName}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
