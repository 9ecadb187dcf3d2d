/**
 * The admin's Messages screen on a phone (390 × 844), on a server of its own (it changes the shop's
 * templates): the Inbox, Sent messages and Templates tabs; a message's text previewed live with sample values,
 * an unknown variable refused before saving, the saved text kept after a reload; the log filters by channel
 * and status from the address.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { signInToAdmin, useStorefront, waitForToast } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

let server: { baseUrl: string; dataDir: string; stop: () => Promise<void> };

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, path: string) => signInToAdmin(page, server.baseUrl, path);

describe('the Messages screen’s tabs at 390 × 844', () => {
  it('edits a message’s text with a live preview and refuses unknown variables', async () => {
    const page = await browser.newPage();
    await signIn(page, '/messages/templates');
    const tabs = page.getByRole('tablist', { name: 'Messages' });
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Templates');
    const paid = page.getByTestId('template-order-paid');
    const text = paid.getByLabel('Text');
    await text.waitFor();
    expect(await paid.getByTestId('template-order-paid-preview').textContent()).toBe(
      'Silk House: we have received ₹1,250.00 for order RS-7KQ29XD3. We will tell you when it ships.',
    );
    await text.fill('Thank you! {{amount}} received for {{orderNumber}} by {{customer}}.');
    expect(await paid.getByText('Unknown variable {{customer}}').count()).toBe(1);
    expect(await paid.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await text.fill('Thank you! {{amount}} received for {{orderNumber}}.');
    expect(await paid.getByTestId('template-order-paid-preview').textContent()).toBe(
      'Thank you! ₹1,250.00 received for RS-7KQ29XD3.',
    );
    await paid.getByLabel('WhatsApp template name').fill('order_paid_v2');
    await paid.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Saved order-paid');
    await page.reload();
    await page.getByTestId('template-order-paid').getByLabel('Text').waitFor();
    expect(await page.getByTestId('template-order-paid').getByLabel('Text').inputValue()).toBe(
      'Thank you! {{amount}} received for {{orderNumber}}.',
    );
    expect(
      await page.getByTestId('template-order-paid').getByLabel('WhatsApp template name').inputValue(),
    ).toBe('order_paid_v2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('moves between the inbox and the log, whose filters live in the address', async () => {
    const page = await browser.newPage();
    await signIn(page, '/messages');
    const tabs = page.getByRole('tablist', { name: 'Messages' });
    await tabs.getByRole('tab', { name: 'Sent messages' }).click();
    await page.getByLabel('Channel').selectOption('sms');
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No messages match.').waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('channel'), url.searchParams.get('status')]).toEqual([
      '/admin/messages/sent',
      'sms',
      'failed',
    ]);
    await tabs.getByRole('tab', { name: 'Inbox' }).click();
    await page
      .getByRole('list', { name: 'Messages' })
      .or(page.getByText('No messages yet.'))
      .first()
      .waitFor();
  });
});
