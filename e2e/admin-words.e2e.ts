/**
 * The admin in the store's own words, on a phone (390 × 844): the bottom tab bar shows every label whole
 * (the owner's Staff and Settings under 'More'); an order's page names its payment ('UPI (marked paid in the
 * admin)', 'Paid') and words its history ('Status changed from Pending to Processing', 'UTR: …'), never a
 * no-change line such as 'Pending → Pending' nor a code; the order list and its CSV say 'UPI'; the product
 * form says 'Sale price must be below the regular price'; amounts follow the one money rule (₹2,747.50).
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists and the orders are its own).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { apiCall as sharedApiCall, type ApiProduct, eventually, rupees, useStorefront } from './helpers';
import { placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const ADMIN_TOKEN_KEY = 'resham-admin-token';
const UTR = '412345678901';

let server: { baseUrl: string; stop: () => Promise<void> };
let ownerToken: string;
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());

beforeAll(async () => {
  server = (await startServer()) as typeof server;
  const signedIn = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER);
  expect(signedIn.status).toBe(200);
  ownerToken = signedIn.body.token;
});
afterAll(async () => {
  await server?.stop();
});

/** A page of the admin signed in as the demo owner. */
async function ownerPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(
    ([key, token]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, token);
    },
    [ADMIN_TOKEN_KEY, ownerToken] as const,
  );
  return page;
}

/** Whether `box` lies wholly inside the 390 × 844 screen. */
const onScreen = (box: { x: number; y: number; width: number; height: number } | null) =>
  box !== null &&
  box.x >= 0 &&
  box.y >= 0 &&
  box.x + box.width <= PHONE.width &&
  box.y + box.height <= PHONE.height;

describe('the admin in its own words at 390 × 844', () => {
  it('the tab bar shows every label whole, the rest under More', async () => {
    const page = await ownerPage();
    await page.goto(`${shop()}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const bar = page.getByRole('navigation', { name: 'Admin tabs' });
    // The owner's tabs (with More) replace the staff's once the session says who is signed in.
    await bar.getByRole('button', { name: 'More' }).waitFor();
    const entries = bar.locator(':scope > a, :scope > button');
    expect(await entries.allInnerTexts()).toEqual(['Dashboard', 'Orders', 'Products', 'Customers', 'More']);
    for (const entry of await entries.all()) {
      expect(onScreen(await entry.boundingBox())).toBe(true);
      // The label is not cut: the entry is as wide as its text needs.
      expect(await entry.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await bar.getByRole('button', { name: 'More' }).click();
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    expect(onScreen(await page.getByRole('menuitem', { name: 'Staff' }).boundingBox())).toBe(true);
    expect(onScreen(await settings.boundingBox())).toBe(true);
    await settings.click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await bar.getByRole('button', { name: 'More' }).getAttribute('aria-current')).toBe('page');
  });

  it("an order names its payment and words its history; no 'Pending → Pending', no codes", async () => {
    const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
    const order = await placeShopperOrder(shop(), list.body.data, 'admin-words.e2e');
    // The shopper says 'I have paid' (an event that keeps the status), then the owner marks it paid.
    expect(
      (await apiCall('POST', '/payments/report', { orderId: order.orderNumber, utr: UTR }, order.token))
        .status,
    ).toBe(200);
    const paid = await apiCall<{ totalPaise: number }>(
      'POST',
      `/admin/orders/${order.orderNumber}/mark-paid`,
      { utr: UTR },
      ownerToken,
    );
    expect(paid.status).toBe(200);

    const page = await ownerPage();
    await page.goto(`${shop()}/admin/orders/${order.orderNumber}`);
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Processing');
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByText('UPI (marked paid in the admin)').waitFor();
    expect(await payments.textContent()).toContain(`${rupees(paid.body.totalPaise / 100)} · Paid`);

    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Status changed from Pending to Processing').first().waitFor();
    await history.getByText(`${DEMO_OWNER.email}: marked it paid`).waitFor();
    await history.getByText(`UTR: ${UTR}`).waitFor();
    // The shopper's 'I have paid' kept the status: its line is what happened, not 'Pending → Pending'.
    await history.getByText(`Shopper: says paid by UPI, UTR ${UTR}`).waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).not.toContain('Pending → Pending');
    expect(text).not.toMatch(/→|mark-paid|status:/);

    // The list and its CSV name the payment in words.
    await page.goto(`${shop()}/admin/orders`);
    const row = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('link', { name: new RegExp(order.orderNumber) });
    await eventually(async () => (await row.textContent()) ?? '').toContain('UPI');
    expect(await row.textContent()).not.toMatch(/\bupi\b/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toMatch(new RegExp(`${order.orderNumber},[^\\n]*,UPI,no`));
  });

  it("the product form says 'Sale price must be below the regular price'", async () => {
    const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=20');
    const product = list.body.data.find((item) => item.regularPrice !== null)!;
    const page = await ownerPage();
    await page.goto(`${shop()}/admin/products/${product.id}`);
    const sale = page.getByLabel('Sale price (₹)');
    await sale.waitFor();
    await sale.fill(String(product.regularPrice! + 100));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.locator('#product-discount-error').textContent()).toBe(
      'Sale price must be below the regular price',
    );
    expect(await sale.getAttribute('aria-invalid')).toBe('true');
  });
});
