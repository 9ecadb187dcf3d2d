/**
 * The password reset e-mail: its content. The reset request's transaction writes it to the mail outbox
 * (../mail/outbox.ts), from which the outbox sender delivers it with retries. The account's first name is
 * plain text that no mail client turns into a link (../mail/mail-text.ts); the reset link is the only link.
 */
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { escapeHtml } from '../../html-escape';
import { plainMailName } from '../mail/mail-text';
import { shopNameOf, shopSender, type MailStore } from '../mail/shop-sender';

/** The path of the reset screen on the shop's origin; the link adds `?token=…`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** What the reset e-mail needs to know. */
export type PasswordResetMail = {
  /** The account's e-mail (the recipient). */
  to: string;
  firstName: string;
  /** `<origin>/reset-password?token=…` */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
  /** The store as the sender. */
  store: MailStore;
};

/** The reset link for `token` on `origin` (`https://shop.example` → `https://shop.example/reset-password?token=…`). */
export function resetLink(origin: string, token: string): string {
  return `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The reset message: from the store's name and company e-mail (else `mailFrom`, else the default sender), to
 * the account, with the link, how long it works, that it works once, and what to do when the request was not
 * the recipient's; plain text and HTML (every value escaped).
 */
export function passwordResetMessage(mail: PasswordResetMail, mailFrom: string | undefined): OutgoingMessage {
  const shopName = shopNameOf(mail.store);
  const name = plainMailName(mail.firstName);
  const validFor = `${mail.validMinutes} minutes`;
  const text = [
    `Dear ${name},`,
    '',
    `We received a request to reset the password of your account at ${shopName}. To choose a new password,`,
    `open this link within ${validFor}:`,
    '',
    mail.link,
    '',
    'The link works once. Choosing a new password signs your account out everywhere.',
    '',
    'If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.',
    '',
    shopName,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reset your password</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Dear ${e(name)},</p>
<p>We received a request to reset the password of your account at ${e(shopName)}. To choose a new password, open this link within ${e(validFor)}:</p>
<p><a href="${e(mail.link)}">Reset your password</a></p>
<p>Or copy this address into your browser:<br>${e(mail.link)}</p>
<p>The link works once. Choosing a new password signs your account out everywhere.</p>
<p>If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.</p>
<p>${e(shopName)}</p>
</body></html>
`;

  return {
    from: shopSender(mail.store, mailFrom),
    to: mail.to,
    subject: `Reset your password – ${shopName}`,
    text,
    html,
  };
}
