/**
 * Phone first, at 390 × 844 (docs/messages.md), on a server of this file's own (a fresh demo shop, so the demo
 * owner exists and the stock and settings changes stay here; no provider keys, so messages are kept as JSON files
 * in `DATA_DIR/outbox/messages/` and mails as `DATA_DIR/outbox/*.eml`):
 * - Sign-in with an OTP: /login → 'Sign in with OTP' → a bad number's message → the number → 'Enter the 6-digit
 *   code sent to +91 98•••••210' → a wrong code ('That code is not right. 4 tries left.') → the code read from
 *   the newest kept `otp` message for that number → 'What should we call you?' → the shop, signed in, the account
 *   page showing the name and the number; then the same number signs in again without the name step.
 * - The owner's Messages → Settings tab: a bad COD confirmation window is refused beside its field, a good one
 *   and the cart reminder turned off are saved and still there after a reload.
 * - COD confirmation: an order paid by cash on delivery through the API; its kept 'cod-confirmation' message's
 *   short link `/c/{token}` shows the order without the address, Confirm moves it to Processing, and the same
 *   link then says it was already used.
 * - Back in stock: the owner sells out a size of the demo kurta; two shoppers ask 'Notify me' for it, by e-mail
 *   and on WhatsApp; the owner restocks it, each alert arrives with the product's link, and the owner's
 *   `GET /admin/stock-alerts` lists both as sent.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { startServer } from './servers';
import { KURTA, productByTitle, PUNE } from './demo-kurta-and-fabric';
import {
  apiCall as sharedApiCall,
  DEMO_OWNER,
  signInToAdmin,
  useStorefront,
  waitForPath,
  waitForToast,
} from './helpers';
import { keptCodConfirmLink, newestKeptMessage } from './kept-messages';
import { findInMailTo } from './outbox-mail';

const { newPage } = useStorefront({ width: 390, height: 844 });

let server: { baseUrl: string; dataDir: string; stop: () => Promise<void> };
let ownerToken: string;
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());

beforeAll(async () => {
  server = await startServer();
  ownerToken = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
});
afterAll(async () => {
  await server?.stop();
});

/** Calls the admin API `${shop}/api/v1/admin{path}` with the owner's token; returns the status and parsed body. */
async function admin<T>(method: 'GET' | 'PUT', path: string, body?: unknown) {
  const response = await fetch(`${shop()}/api/v1/admin${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${ownerToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const INVALID_PHONE = 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.';

/** A fresh mobile for this run (the per-number limit is 3 codes in 15 minutes). */
const freshMobile = () => `9${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 90) + 10)}`;

/** The code of the newest kept `otp` message to `e164` (one newer than message `newerThan`). */
async function keptCodeFor(e164: string, newerThan = 0): Promise<{ code: string; id: number }> {
  const kept = await newestKeptMessage(
    server.dataDir,
    'otp',
    (message) => message.to === e164 && message.id > newerThan,
  );
  return { code: kept.variables.code!, id: kept.id };
}

/** /login → 'Sign in with OTP' → the number → the code screen. */
async function askForCode(page: Page, typed: string): Promise<void> {
  await page.goto(`${shop()}/login`);
  await page.getByRole('button', { name: 'Sign in with OTP' }).click();
  await page.getByLabel('Mobile number').fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
}

type AdminVariant = { id: string; stock: number | null; [field: string]: unknown };
type AdminProduct = { values: { variants: AdminVariant[]; [field: string]: unknown } };

/** Saves the product in the admin editor's shape with the stock of `variantId` set to `stock`. */
async function setStock(productId: string, variantId: string, stock: number) {
  const { values } = (await admin<AdminProduct>('GET', `/products/${productId}`)).body;
  const saved = await admin('PUT', `/products/${productId}`, {
    ...values,
    variants: values.variants.map((variant) => ({
      ...variant,
      stockAsLoaded: variant.stock,
      stock: variant.id === variantId ? stock : variant.stock,
    })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** On the product page: 'Size sold out? Notify me' → the size → e-mail or WhatsApp → the contact → sent. */
async function askForAlert(
  page: Page,
  productId: string,
  size: string,
  by: 'E-mail' | 'WhatsApp',
  to: string,
) {
  await page.goto(`${shop()}/product/${productId}`);
  await page.getByRole('button', { name: 'Size sold out? Notify me' }).click();
  const form = page.getByRole('form', { name: 'Notify me when it is back' });
  await form.getByLabel('Size').selectOption({ label: size });
  await form.getByRole('radio', { name: by }).check();
  await form.getByLabel(by === 'E-mail' ? 'E-mail address' : 'WhatsApp number').fill(to);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await page
    .getByRole('status')
    .getByText('We will let you know as soon as it is back in stock.', { exact: true })
    .waitFor();
}

describe('phone first at 390 × 844', () => {
  it('a new number signs in with the code of its kept message, after a wrong try and the name step', async () => {
    const digits = freshMobile();
    const e164 = `+91${digits}`;
    const page = await newPage();
    await askForCode(page, '12345');
    await page.getByText(INVALID_PHONE, { exact: true }).waitFor();

    await page.getByLabel('Mobile number').fill(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    const masked = `+91 ${digits.slice(0, 2)}•••••${digits.slice(7)}`;
    const codeField = page.getByLabel(`Enter the 6-digit code sent to ${masked}`);
    await codeField.waitFor();

    const { code, id: firstId } = await keptCodeFor(e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    expect(await waitForToast(page, 'Error')).toContain('That code is not right. 4 tries left.');
    await page.getByText('That code is not right. 4 tries left.', { exact: true }).first().waitFor();

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('heading', { name: 'What should we call you?' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('First name must be at least 2 characters', { exact: true }).waitFor();
    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email').fill(`meera.${digits}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/');

    await page.goto(`${shop()}/account`);
    await page.getByText('Meera Iyer').first().waitFor();
    await page.getByText(e164, { exact: true }).waitFor();
    await page.close();

    // The same number again: straight in, no name step.
    const again = await newPage();
    await askForCode(again, digits);
    await again.getByLabel(`Enter the 6-digit code sent to ${masked}`).waitFor();
    const second = await keptCodeFor(e164, firstId);
    await again.getByLabel(`Enter the 6-digit code sent to ${masked}`).fill(second.code);
    await again.getByRole('button', { name: 'Verify and sign in' }).click();
    await waitForPath(again, '/');
    expect(await again.getByRole('heading', { name: 'What should we call you?' }).count()).toBe(0);
  });

  it('the owner sets the COD confirmation window and turns cart reminders off in Messages → Settings', async () => {
    const page = await newPage();
    await signInToAdmin(page, shop(), '/messages/settings');
    const tabs = page.getByRole('tablist', { name: 'Messages' });
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('Settings');
    const hours = page.getByLabel('Hours to confirm a COD order');
    expect(await hours.inputValue()).toBe('24');
    expect(await axeViolations(page, '#messages-panel-settings')).toEqual([]);
    const save = page.getByRole('button', { name: 'Save message settings' });

    await hours.fill('0');
    await save.click();
    await page.getByText('Enter a whole number of hours from 1 to 168', { exact: true }).waitFor();
    await hours.fill('12');
    await page.getByRole('radio', { name: /Cancel the order/ }).check();
    await save.click();
    await page.getByText('Message settings saved').waitFor();

    await page.getByLabel('Remind shoppers of a forgotten cart').uncheck();
    expect(await page.getByLabel('Send the reminder after (hours)').count()).toBe(0);
    await page.getByRole('button', { name: 'Save cart reminder' }).click();
    await page.getByText('Cart reminder saved').waitFor();

    await page.reload();
    expect(await page.getByLabel('Hours to confirm a COD order').inputValue()).toBe('12');
    expect(await page.getByRole('radio', { name: /Cancel the order/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Remind shoppers of a forgotten cart').isChecked()).toBe(false);
    expect((await admin('GET', '/settings/order-messages')).body).toMatchObject({
      codConfirmHours: 12,
      codUnanswered: 'cancel',
    });
    expect((await admin('GET', '/settings/cart-reminder')).body).toEqual({ reminderAfterHours: null });
  });

  it('a COD order is confirmed by the link of its kept message, once', async () => {
    const email = `cod.confirm.${Date.now()}.${randomInt(1e6)}@example.com`;
    const password = 'Zari-weave-2719';
    await apiCall('POST', '/users/register', { firstName: 'Meera', lastName: 'Joshi', email, password });
    const token = (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password })).body
      .token;
    const kurta = await productByTitle(shop(), KURTA);
    const variant = kurta.variants.find(
      (candidate) => candidate.size === 'L' && candidate.color === 'Black',
    )!;
    const placed = await apiCall<{ id: string }>(
      'POST',
      '/orders',
      { shippingAddress: PUNE, lines: [{ productId: kurta.id, variantId: variant.id, quantity: 1 }] },
      token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderNumber = placed.body.id;
    const paid = await apiCall(
      'POST',
      '/payments',
      {
        orderId: orderNumber,
        fields: { name: 'Meera Joshi', email, phone: PUNE.phone.replace(/\s/g, ''), method: 'cod' },
      },
      token,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const link = new URL(await keptCodConfirmLink(server.dataDir, orderNumber));
    expect(link.pathname).toMatch(/^\/c\/[\w-]{22}$/);
    const page = await newPage();
    await page.goto(`${shop()}${link.pathname}`);
    await page.getByText(`order ${orderNumber}`).waitFor();
    expect(await page.getByText(PUNE.address).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText(`Thank you! Order ${orderNumber} is confirmed.`).waitFor();

    const order = await apiCall<{ status: number }>(
      'GET',
      `/orders/${orderNumber}?contactInfo=${encodeURIComponent(email)}`,
    );
    expect(order.body.status).toBe(1);
    await page.goto(`${shop()}${link.pathname}`);
    await page.getByText('This link has expired or was already used').waitFor();
  });

  it("'Notify me' for a sold-out size; the owner restocks it; the e-mail and the WhatsApp alert carry the link", async () => {
    const kurta = await productByTitle(shop(), KURTA);
    const variant = kurta.variants.find(
      (candidate) => candidate.size === 'M' && candidate.color === 'Black',
    )!;
    const sizeLabel = `${variant.size} · ${variant.color}`;
    await setStock(kurta.id, variant.id, 0);

    const email = `alert.${Date.now()}.${randomInt(1e6)}@example.com`;
    const mobile = `9${String(randomInt(1e8, 1e9))}`;
    const page = await newPage();
    await askForAlert(page, kurta.id, sizeLabel, 'E-mail', email);
    const other = await newPage();
    await askForAlert(other, kurta.id, sizeLabel, 'WhatsApp', `${mobile.slice(0, 5)} ${mobile.slice(5)}`);

    type Alerts = {
      alerts: { recipient: string; status: string; size: string | null; sentAt: string | null }[];
    };
    const ours = async () => {
      const listed = await admin<Alerts>('GET', '/stock-alerts');
      expect(listed.status).toBe(200);
      return listed.body.alerts.filter((alert) => [email, `+91${mobile}`].includes(alert.recipient));
    };
    expect((await ours()).map((alert) => [alert.recipient, alert.status, alert.size]).sort()).toEqual([
      [`+91${mobile}`, 'waiting', 'M'],
      [email, 'waiting', 'M'],
    ]);

    await setStock(kurta.id, variant.id, 5);
    const productLink = new RegExp(`https?://[^\\s"<>]+/product/${kurta.id}(?![\\w?-])`);
    const mailed = await findInMailTo(server.dataDir, email, productLink);
    expect(new URL(mailed).pathname).toBe(`/product/${kurta.id}`);
    const whatsapp = await newestKeptMessage(
      server.dataDir,
      'stock-alert',
      (message) => message.channel === 'whatsapp' && message.to === `+91${mobile}`,
    );
    expect(whatsapp.text).toContain(KURTA);
    expect(whatsapp.text).toMatch(productLink);

    const sent = await ours();
    expect(sent.map((alert) => alert.status)).toEqual(['sent', 'sent']);
    expect(sent.every((alert) => alert.sentAt !== null)).toBe(true);
  }, 180_000);
});
