/**
 * Contact messages and the newsletter on a phone (390 × 844), on a server of their own (they change the
 * shop): the shopper's contact form sends a message (the same toast as ever) that is mailed to the shop and
 * waits in the admin's Messages inbox as plain text — opening it marks it read, the owner marks it replied;
 * the home page's newsletter box signs an address up, the welcome mail's unsubscribe link works without
 * signing in, and the owner exports the sign-ups as CSV.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  eventually,
  recordApiRequests,
  signInToAdmin,
  useStorefront,
  waitForToast,
  adminScreenshot,
} from './helpers';
import { findInMailTo } from './outbox-mail';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const SHOP_EMAIL = 'care@reshamhouse.example';
const SUBJECT = `Blouse stitching ${Date.now()}`;
const MESSAGE = 'Do you stitch blouses?\n<b>Not bold</b> <img src=x onerror="window.hacked=1">';
const SUBSCRIBER = `meera.${Date.now()}@example.com`;

let server: { baseUrl: string; dataDir: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, path: string) => signInToAdmin(page, shop(), path);

describe('contact messages and the newsletter at 390 × 844', () => {
  it('a contact message reaches the shop by mail and waits in the Messages inbox as plain text', async () => {
    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/contact`);
    const main = shopper.getByRole('main');
    await main.getByLabel('Name').fill('Asha Verma');
    await main.getByLabel('Email').fill('asha@example.com');
    await main.getByLabel('Subject').fill(SUBJECT);
    await main.getByLabel('Message').fill(MESSAGE);
    const requests = recordApiRequests(shopper);
    await main.getByRole('button', { name: 'Send Message' }).click();
    expect(await waitForToast(shopper, 'Message Sent')).toBe(
      "Thank you for contacting us. We'll get back to you shortly.",
    );
    expect(await main.getByLabel('Subject').inputValue()).toBe('');
    expect(requests.map((url) => new URL(url).pathname)).toContain('/api/v1/contact-messages');
    // The shop's mail carries the text as plain text.
    expect(await findInMailTo(server.dataDir, SHOP_EMAIL, /Subject: Blouse stitching \d+/)).toBe(
      `Subject: ${SUBJECT}`,
    );

    const page = await browser.newPage();
    await signIn(page, '/messages');
    const row = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: new RegExp(SUBJECT) });
    await row.getByText('Unread').waitFor();
    await row.click();
    await page.getByRole('heading', { name: SUBJECT }).waitFor();
    expect(await page.getByTestId('message-text').textContent()).toBe(MESSAGE);
    expect(await page.getByTestId('message-text').locator('b, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await eventually(() => page.getByTestId('message-state').textContent()).toBe('Read');
    await page.getByRole('button', { name: 'Mark replied' }).click();
    await eventually(() => page.getByTestId('message-state').textContent()).toBe('Replied');
    await adminScreenshot(page, 'message');
    await page.getByRole('link', { name: '← Messages' }).click();
    await page
      .getByRole('list', { name: 'Messages' })
      .getByRole('link', { name: new RegExp(SUBJECT) })
      .getByText('Replied')
      .waitFor();
    await adminScreenshot(page, 'messages');
    // The owner reaches Messages from the tab bar's More menu on a phone; nothing scrolls sideways.
    const tabs = page.getByRole('navigation', { name: 'Admin tabs' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tabs.getByRole('button', { name: 'More' }).click();
    const messagesEntry = page.getByRole('menuitem', { name: 'Messages' });
    const box = await messagesEntry.boundingBox();
    expect(
      box !== null && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844,
    ).toBe(true);
    await messagesEntry.click();
    await page.getByRole('list', { name: 'Messages' }).waitFor();
  });

  it('the newsletter signs up, the mailed link unsubscribes without sign-in, the owner exports CSV', async () => {
    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/`);
    const newsletter = shopper.getByRole('region', { name: 'Join our newsletter' });
    await newsletter.getByLabel('Email address').fill(SUBSCRIBER);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await waitForToast(shopper, 'Subscribed!')).toBe('Thank you for subscribing to our newsletter.');
    expect(await newsletter.getByLabel('Email address').inputValue()).toBe('');

    const link = await findInMailTo(
      server.dataDir,
      SUBSCRIBER,
      /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}/,
    );
    const reader = await browser.newPage();
    await reader.goto(link);
    await reader.getByRole('heading', { name: 'Unsubscribe from our newsletter' }).waitFor();
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(await reader.getByRole('status').filter({ hasText: 'unsubscribed' }).textContent()).toBe(
      'You have been unsubscribed. You will not receive our newsletter any more.',
    );
    // A link whose token is unknown says so.
    await reader.goto(`${shop()}/newsletter/unsubscribe?token=${'A'.repeat(43)}`);
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader
      .getByRole('alert')
      .getByText('This unsubscribe link is not valid. Please use the link of our latest e-mail.')
      .waitFor();

    const page = await browser.newPage();
    await signIn(page, '/messages');
    await eventually(() => page.getByTestId('newsletter-counts').textContent()).toMatch(
      /^\d+ subscribed · [1-9]\d* unsubscribed$/,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export sign-ups (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('newsletter.csv');
    const csv = readFileSync((await file.path())!, 'utf8').split('\n');
    expect(csv[0]).toBe('email,subscribed_at,unsubscribed_at');
    expect(csv.find((line) => line.startsWith(`${SUBSCRIBER},`))).toMatch(
      new RegExp(
        `^${SUBSCRIBER.replace(/\./g, '\\.')},\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`,
      ),
    );
  });
});
