import { describe, expect, it } from 'vitest';
import { passwordResetMessage, resetLink } from './password-reset-mail';

const TOKEN = 'Zk3vQm9xR2bT7wY1pL5nC8dF0gH4jK6sU2eA9iO3rMq';
const store = { storeName: 'Silk House', companyName: null, companyEmail: 'care@silk.example' };

describe('password reset mail', () => {
  it('links to /reset-password on the origin with the token', () => {
    expect(resetLink('https://silk.example', TOKEN)).toBe(
      `https://silk.example/reset-password?token=${TOKEN}`,
    );
    expect(resetLink('https://silk.example/shop', TOKEN)).toBe(
      `https://silk.example/shop/reset-password?token=${TOKEN}`,
    );
  });

  it('is sent by the store to the account, with the link, its 30 minutes and its single use', () => {
    const link = resetLink('https://silk.example', TOKEN);
    const message = passwordResetMessage(
      { to: 'asha@example.com', firstName: 'Asha', link, validMinutes: 30, store },
      'Resham <orders@resham.example>',
    );
    expect(message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    expect(message.to).toBe('asha@example.com');
    expect(message.subject).toBe('Reset your password – Silk House');
    expect(message.text).toBe(
      [
        'Dear Asha,',
        '',
        'We received a request to reset the password of your account at Silk House. To choose a new password,',
        'open this link within 30 minutes:',
        '',
        link,
        '',
        'The link works once. Choosing a new password signs your account out everywhere.',
        '',
        'If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.',
        '',
        'Silk House',
        '',
      ].join('\n'),
    );
    expect(message.html).toContain(`<a href="${link}">Reset your password</a>`);
  });

  it('falls back to MAIL_FROM and never turns a typed name into a link or markup', () => {
    const message = passwordResetMessage(
      {
        to: 'asha@example.com',
        firstName: 'Win <b>prizes</b> at www.win.example',
        link: resetLink('http://localhost:3000', TOKEN),
        validMinutes: 30,
        store: { storeName: null, companyName: null, companyEmail: null },
      },
      'Resham <orders@resham.example>',
    );
    expect(message.from).toBe('Resham <orders@resham.example>');
    expect(message.subject).toBe('Reset your password – Resham');
    expect(message.text).toContain('Dear Win <b>prizes</b> at www[.]win[.]example,');
    expect(message.html).toContain('Dear Win &lt;b&gt;prizes&lt;/b&gt; at www[.]win[.]example,');
    expect(message.html.match(/<a /g)).toHaveLength(1);
  });
});
