/**
 * The staff invitation e-mail: who invited whom to which shop, with the one-time link that sets the new
 * member's password (valid 1 hour). Plain text and HTML, every value escaped; the link is the only link.
 */
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';

export type InvitationMail = {
  /** The invited address (the recipient). */
  to: string;
  /** The e-mail of the owner who invited them. */
  invitedBy: string;
  /** `<origin>/admin/set-up?token=…` */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
  store: MailStore;
};

/** The invitation message, from the shop (its company e-mail, else `mailFrom`, else the default sender). */
export function invitationMessage(mail: InvitationMail, mailFrom: string | undefined): OutgoingMessage {
  const shopName = shopNameOf(mail.store);
  const text = [
    'Hello,',
    '',
    `${mail.invitedBy} invited you to help run ${shopName} as staff (orders, products and stock).`,
    `To choose your password, open this link within ${mail.validMinutes} minutes:`,
    '',
    mail.link,
    '',
    'The link works once. If you did not expect this e-mail, you can ignore it.',
    '',
    shopName,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>You are invited</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Hello,</p>
<p>${e(mail.invitedBy)} invited you to help run ${e(shopName)} as staff (orders, products and stock). To choose your password, open this link within ${e(String(mail.validMinutes))} minutes:</p>
<p><a href="${e(mail.link)}">Choose your password</a></p>
<p>Or copy this address into your browser:<br>${e(mail.link)}</p>
<p>The link works once. If you did not expect this e-mail, you can ignore it.</p>
<p>${e(shopName)}</p>
</body></html>
`;
  return {
    from: shopSender(mail.store, mailFrom),
    to: mail.to,
    subject: `You are invited to ${shopName}`,
    text,
    html,
  };
}
