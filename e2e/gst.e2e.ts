/**
 * GST on the storefront (docs/gst.md): a shopper in another state than the shop (the demo shop is registered
 * in Uttar Pradesh) checks out a ₹2,799 kurta and 2 m of fabric — the State is a select of the 36, a PIN code
 * of another state is refused, the summary says 'Prices include GST (IGST)' with the server's amount (and
 * 'CGST + SGST' for an address in Uttar Pradesh) — pays by UPI, the owner ships the order with the orders CLI,
 * and the shopper downloads the PDF tax invoice from My Orders and from Track Order: IGST at 18 % and 5 % on
 * the right lines, the totals in words and the first number of the financial year.
 *
 * This file starts its own server on a data directory it keeps, so it can stop the server, ship with the
 * orders CLI on the embedded database (one process at a time), and start the server again on the same data.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { pdfText } from '../src/server/test/pdf-text';
import { FABRIC, KURTA, kurtaAndFabricCart, PUNE } from './demo-kurta-and-fabric';
import { apiCall as sharedApiCall, squash, useStorefront, waitForPath } from './helpers';
import { payByUpiWebhook, shipWithOrdersCli } from './shopper-order';

const browser = useStorefront();
const { newPage } = browser;

const UPI_WEBHOOK_SECRET = 'e2e-gst-upi-webhook-secret-0123456789';
const PASSWORD = 'Zari-weave-2719';
const DEMO_GSTIN = '09AAGCR4375J1ZW';

const dataDir = mkdtempSync(join(tmpdir(), 'resham-gst-e2e-'));
let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
const start = async () => {
  server = (await startServer({ env: { DATA_DIR: dataDir, UPI_WEBHOOK_SECRET } })) as typeof server;
};
let token = '';
let email = '';

beforeAll(async () => {
  await start();
  email = `gst.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Meera',
    lastName: 'Joshi',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  token = (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password: PASSWORD })).body
    .token;
  expect(token).toBeTruthy();
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page of the current server, signed in, with `cart` in its localStorage. */
async function shopPage(cart?: unknown[]): Promise<Page> {
  const page = await newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
  if (cart) await page.addInitScript((items) => localStorage.setItem('cart', JSON.stringify(items)), cart);
  return page;
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);
const gstLine = (page: Page) => page.getByTestId('checkout-gst');

describe('GST', () => {
  let orderId = '';

  it("checkout in another state: the State select, the PIN check and 'Prices include GST (IGST)' with the amount", async () => {
    const page = await shopPage(await kurtaAndFabricCart(shop()));
    await page.goto(`${shop()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

    // The State is a select of the 36 states and union territories.
    const options = await field(page, 'state').locator('option').allTextContents();
    expect(options).toHaveLength(37);
    expect(options.slice(0, 3)).toEqual([
      'Select your state',
      'Andaman and Nicobar Islands',
      'Andhra Pradesh',
    ]);

    // The GST is the server's, whatever the state: ₹2,799 at 18 % and ₹900 at 5 %.
    await gstLine(page).waitFor();
    expect(squash(await gstLine(page).textContent())).toBe('Prices include GST₹469.83');

    for (const [name, value] of Object.entries(PUNE)) {
      if (name === 'state') await field(page, name).selectOption(value);
      else if (name !== 'fullName') await field(page, name).fill(value);
    }
    await field(page, 'fullName').fill(PUNE.fullName);
    await expect
      .poll(async () => squash(await gstLine(page).textContent()))
      .toBe('Prices include GST (IGST)₹469.83');

    // Within the shop's state: CGST + SGST.
    await field(page, 'state').selectOption('Uttar Pradesh');
    await expect
      .poll(async () => squash(await gstLine(page).textContent()))
      .toBe('Prices include GST (CGST + SGST)₹469.83');

    // A PIN code of Maharashtra cannot be delivered to Uttar Pradesh.
    await page.getByRole('button', { name: 'Create Order' }).click();
    await page.getByText('PIN code does not match the state', { exact: true }).waitFor();
    expect(await field(page, 'postalCode').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'state').selectOption(PUNE.state);
    await page.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(page, /^\/payment\?orderId=/);
    orderId = new URL(page.url()).searchParams.get('orderId')!;
    expect(orderId).toMatch(/^RS-/);
  });

  it('the order summary in My Orders says the prices include GST (IGST) with the amount', async () => {
    const page = await shopPage();
    await page.goto(`${shop()}/orders`);
    const gst = page.locator(`article[data-order-id="${orderId}"] [data-testid="order-gst"]`);
    await gst.waitFor();
    expect(squash(await gst.textContent())).toBe('Prices include GST (IGST)₹469.83');
  });

  it('after the owner ships it, the shopper downloads the PDF tax invoice from My Orders and Track Order', async () => {
    // Paid by UPI, as the provider confirms it.
    const order = (await apiCall<{ total: number }>('GET', `/orders/${orderId}`, undefined, token)).body;
    await payByUpiWebhook(shop(), UPI_WEBHOOK_SECRET, orderId, order.total);

    // The owner ships it with the orders CLI while the server is stopped (one process per embedded database).
    await server.stop();
    shipWithOrdersCli(dataDir, orderId);
    await start();

    const page = await shopPage();
    await page.goto(`${shop()}/orders`);
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    const button = card.getByRole('button', { name: /^Download invoice RS\/\d\d-\d\d\/000001$/ });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Tax-Invoice-RS-\d\d-\d\d-000001\.pdf$/);
    const [text] = await pdfText(readFileSync((await download.path())!));
    for (const expected of [
      'Tax Invoice',
      `GSTIN: ${DEMO_GSTIN}`,
      'State: Uttar Pradesh (09)',
      `Order: ${orderId}`,
      'Place of supply: Maharashtra (27)',
      'IGST rate IGST Total',
      `${KURTA} — Size`,
      '6211 1 PCS ₹2,799 ₹2,372.03 18 % ₹426.97 ₹2,799',
      `${FABRIC} 5208 2 MTR ₹450 ₹857.14 5 % ₹42.86 ₹900`,
      'Taxable value ₹3,229.17 IGST ₹469.83 Total ₹3,699',
      'Total in words: Rupees Three Thousand Six Hundred Ninety-Nine Only',
      'Tax is not payable on reverse charge',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Invoice no\.: RS\/\d\d-\d\d\/000001/);

    // Track Order, with the order's e-mail: the same invoice.
    const track = await newPage();
    await track.goto(`${shop()}/track-order?id=${encodeURIComponent(orderId)}`);
    await track.locator('input[name="contactInfo"]').fill(email);
    await track.getByRole('button', { name: 'Track Order' }).click();
    const tracked = track.getByRole('button', { name: /^Download invoice / });
    await tracked.waitFor();
    const [again] = await Promise.all([track.waitForEvent('download'), tracked.click()]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  });
});
