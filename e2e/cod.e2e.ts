/**
 * Shipping charges and cash on delivery on the storefront (docs/delivery.md): the owner sets ₹99 shipping in
 * the admin API (the demo shop already offers COD); a shopper checks a PIN code on the product page, checks out
 * a ₹2,799 kurta and 2 m of fabric to another state — the summary shows shipping, the COD fee and the GST —
 * pays by cash on delivery and confirms the order through the link of its kept 'cod-confirmation' message (a
 * COD order waits at 'COD — awaiting confirmation' until then), the owner ships it through the admin API, and
 * the shopper downloads the PDF tax invoice: IGST at 18 % and 5 % on the goods, the shipping and the COD fee at
 * the principal supply's 18 %, the total in words and the first number of the year. The same order within the
 * shop's state (Uttar Pradesh) shows CGST + SGST on the next invoice number.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { pdfText } from '../src/server/test/pdf-text';
import { FABRIC, KURTA, kurtaAndFabricCart, productByTitle, PUNE } from './demo-kurta-and-fabric';
import { indiaDate } from './india-date';
import { confirmCodByLink } from './kept-messages';
import { apiCall as sharedApiCall, squash, useStorefront, waitForPath } from './helpers';

const browser = useStorefront();
const { newPage } = browser;

const PASSWORD = 'Zari-weave-2719';
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const VARANASI = {
  ...PUNE,
  address: '7 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
};

const dataDir = mkdtempSync(join(tmpdir(), 'resham-cod-e2e-'));
let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
let token = '';
let ownerToken = '';

beforeAll(async () => {
  server = (await startServer({ env: { DATA_DIR: dataDir } })) as typeof server;
  const email = `cod.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Meera',
    lastName: 'Joshi',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  token = (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password: PASSWORD })).body
    .token;
  ownerToken = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
  expect(ownerToken).toBeTruthy();

  // The owner charges ₹99 shipping; COD stays as the demo shop has it (on, ₹49, up to ₹5,000).
  const current = await apiCall<Record<string, unknown>>(
    'GET',
    '/admin/settings/delivery',
    undefined,
    ownerToken,
  );
  expect(current.body).toMatchObject({ flatCharge: 0, cod: { enabled: true, fee: 49, maxOrderValue: 5000 } });
  const saved = await fetch(`${shop()}/api/v1/admin/settings/delivery`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({ ...current.body, flatCharge: 99 }),
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shopPage(cart?: unknown[]): Promise<Page> {
  const page = await newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
  if (cart) await page.addInitScript((items) => localStorage.setItem('cart', JSON.stringify(items)), cart);
  return page;
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

/**
 * Checks out the cart to `address`, pays by cash on delivery and confirms the order through the link of its kept
 * 'cod-confirmation' message; returns the order number and the summary text.
 */
async function checkoutWithCod(address: typeof PUNE): Promise<{ orderId: string; summary: string }> {
  const page = await shopPage(await kurtaAndFabricCart(shop()));
  await page.goto(`${shop()}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  for (const [name, value] of Object.entries(address)) {
    if (name === 'state') await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
  const summaryRegion = page.getByRole('region', { name: 'Order Summary' });
  await expect
    .poll(async () => squash(await page.getByTestId('checkout-shipping').textContent()))
    .toBe('₹99');
  // The tax split ('(IGST)' or '(CGST + SGST)') arrives with the checkout's GST quote, after the shipping charge.
  await expect.poll(async () => squash(await summaryRegion.innerText())).toMatch(/Prices include GST \(/);
  const summary = squash(await summaryRegion.innerText());
  await page.getByRole('button', { name: 'Create Order' }).click();
  await waitForPath(page, /^\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  const method = page.getByLabel('Payment method');
  await method.waitFor();
  expect(await method.locator('option').allTextContents()).toContain('Cash on delivery');
  await page.getByLabel('Full name').fill('Meera Joshi');
  await page.getByLabel('E-mail').fill('meera@example.com');
  await page.getByLabel('Mobile number').fill('94140 52368');
  await method.selectOption({ label: 'Cash on delivery' });
  expect(squash(await page.getByRole('region', { name: 'Payment form' }).innerText())).toContain(
    'Cash on delivery adds a fee of ₹49 to the total.',
  );
  await page
    .getByRole('region', { name: 'Payment form' })
    .getByRole('button', { name: 'Place order' })
    .click();
  await waitForPath(page, /^\/order-success\?orderId=/);
  // The success page says what was ordered and how it is paid.
  const yours = page.getByRole('region', { name: 'Your order' });
  await expect
    .poll(async () => squash(await yours.getByTestId('success-payment').textContent()))
    .toBe('Cash on delivery');
  expect(squash(await yours.getByTestId('success-amount').textContent())).toBe('₹3,847');
  expect(squash(await yours.getByTestId('success-next').textContent())).toContain(
    'Keep ₹3,847 ready: you pay the courier when the parcel arrives.',
  );
  // The order waits at 'COD — awaiting confirmation' until the shopper confirms through the kept message's link.
  await confirmCodByLink(page, shop(), dataDir, orderId);
  return { orderId, summary };
}

/** The owner ships the order through the admin API; the shopper downloads its invoice from My Orders. */
async function shipAndDownloadInvoice(orderId: string): Promise<{ text: string; number: string }> {
  const shipped = await apiCall(
    'POST',
    `/admin/orders/${orderId}/ship`,
    { courier: 'India Post', trackingNumber: `EE${randomInt(1e8, 1e9 - 1)}IN` },
    ownerToken,
  );
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  const page = await shopPage();
  await page.goto(`${shop()}/orders`);
  const card = page.locator(`article[data-order-id="${orderId}"]`);
  expect(squash(await card.getByTestId('order-cod').textContent({ timeout: 15_000 }))).toBe(
    'COD — payment due',
  );
  expect((await card.getByTestId('order-charge').allInnerTexts()).map(squash)).toEqual([
    'Shipping ₹99',
    'Cash on delivery fee ₹49',
  ]);
  expect(squash(await card.getByTestId('order-total').textContent())).toBe('₹3,847');
  const button = card.getByRole('button', { name: /^Download invoice RS\/\d\d-\d\d\/\d{6}$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const [text] = await pdfText(readFileSync((await download.path())!));
  const number = /Invoice no\.: (RS\/\d\d-\d\d\/\d{6})/.exec(text!)?.[1] ?? '';
  return { text: text!, number };
}

describe('cash on delivery with shipping charges', () => {
  it("the product page's PIN check: served with the estimate and the charge, remembered for the session", async () => {
    const kurta = await productByTitle(shop(), KURTA);
    const page = await shopPage();
    await page.goto(`${shop()}/product/${kurta.id}`);
    const pin = page.getByRole('form', { name: 'Check delivery' }).getByRole('textbox');
    await pin.fill('411005');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const result = page.getByTestId('delivery-check-result');
    await expect
      .poll(async () => squash(await result.textContent()))
      .toBe(`Get it by ${indiaDate(7)} · Shipping ₹99`);
    expect(squash(await page.getByTestId('delivery-check-cod').textContent())).toBe(
      'Cash on delivery available',
    );
    await page.reload();
    await expect
      .poll(async () => squash(await result.textContent()))
      .toBe(`Get it by ${indiaDate(7)} · Shipping ₹99`);
  });

  it('another state: shipping, COD fee and IGST at checkout; the invoice has IGST at 18 % and 5 % and the charges', async () => {
    const { orderId, summary } = await checkoutWithCod(PUNE);
    expect(summary).toContain('Shipping ₹99');
    expect(summary).toContain('Cash on delivery fee (if chosen) +₹49');
    expect(summary).toContain('Total ₹3,798');
    expect(summary).toContain('Prices include GST (IGST) ₹484.93');

    const { text, number } = await shipAndDownloadInvoice(orderId);
    expect(number).toMatch(/^RS\/\d\d-\d\d\/000001$/);
    for (const expected of [
      'Tax Invoice',
      'Place of supply: Maharashtra (27)',
      'IGST rate IGST Total',
      '6211 1 PCS ₹2,799 ₹2,372.03 18 % ₹426.97 ₹2,799',
      `${FABRIC} 5208 2 MTR ₹450 ₹857.14 5 % ₹42.86 ₹900`,
      'Shipping 9965 1 ₹99 ₹83.90 18 % ₹15.10 ₹99',
      'Cash on delivery fee 9971 1 ₹49 ₹41.53 18 % ₹7.47 ₹49',
      'Taxable value ₹3,354.60 IGST ₹492.40 Total ₹3,847',
      'Total in words: Rupees Three Thousand Eight Hundred Forty-Seven Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("the shop's own state: CGST + SGST on the next invoice number", async () => {
    const { orderId, summary } = await checkoutWithCod(VARANASI);
    expect(summary).toContain('Prices include GST (CGST + SGST) ₹484.93');
    const { text, number } = await shipAndDownloadInvoice(orderId);
    expect(number).toMatch(/^RS\/\d\d-\d\d\/000002$/);
    expect(text).toContain('Place of supply: Uttar Pradesh (09)');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Total in words: Rupees Three Thousand Eight Hundred Forty-Seven Only');
  });
});
