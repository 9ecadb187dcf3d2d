/**
 * The admin panel on a phone (390 × 844): the demo owner signs in, finds a shopper's order, marks it paid
 * with a UTR, ships it with a courier and tracking number — the shopper's Track order then shows the courier,
 * the number and a link to the courier's tracking page — prints the packing slip, exports the orders as CSV, and sees the dashboard, products, customers and staff. With `ADMIN_SCREENSHOTS=docs/admin` it saves a
 * screenshot of each screen there (docs/admin.md).
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists and the shared server's
 * sign-up allowance is left alone).
 */
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  apiCall as sharedApiCall,
  type ApiProduct,
  eventually,
  useStorefront,
  adminScreenshot,
} from './helpers';
import { placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const TRACKING = `${randomInt(1e12, 1e13)}`;

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

/** A shopper who placed one order of a plain product (by the piece, no variants) through the API. */
async function shopperOrder(): Promise<{ email: string; orderNumber: string; token: string }> {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  return placeShopperOrder(shop(), list.body.data, 'admin.e2e');
}

describe('the admin panel at 390 × 844', () => {
  it('the owner signs in, marks paid, ships with a tracking number the shopper can track, and exports CSV', async () => {
    const order = await shopperOrder();
    // The shopper said 'I have paid' on the QR screen, with their UTR.
    const reported = await apiCall(
      'POST',
      '/payments/report',
      { orderId: order.orderNumber, utr: '412345678901' },
      order.token,
    );
    expect(reported.status).toBe(200);
    const page = await browser.newPage();

    await page.goto(`${shop()}/admin/orders`);
    await page.waitForURL(/\/admin\/sign-in$/);
    await adminScreenshot(page, 'sign-in');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await eventually(() =>
      page.getByRole('list', { name: 'Orders' }).getByRole('link').count(),
    ).toBeGreaterThan(0);
    await adminScreenshot(page, 'orders');

    await page.getByLabel('Search orders').fill(order.orderNumber.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await eventually(() => page.getByRole('list', { name: 'Orders' }).getByRole('link').count()).toBe(1);
    await page.getByRole('link', { name: new RegExp(order.orderNumber) }).click();
    await page.getByRole('heading', { name: order.orderNumber }).waitFor();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Pending');

    // The shopper's UTR is shown and starts the mark-paid form; the order stays Pending until marked paid.
    expect(await page.getByTestId('payment-reported').textContent()).toMatch(
      /^Shopper says paid by UPI, UTR 412345678901 · .+\. Check your bank app before marking it paid; reject the report if the money is not there\.$/,
    );
    expect(await page.getByLabel('UPI reference (UTR)').inputValue()).toBe('412345678901');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Processing');

    // A bad ship form is refused under its fields; nothing is sent. (The Shiprocket panel loads on its own
    // above the form: wait for it, so the page no longer moves under the click.)
    await page.getByRole('button', { name: 'Ship with Shiprocket' }).waitFor();
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await page.getByText('is required').first().waitFor();
    await page.getByLabel('Courier').fill('delhivery');
    await page.getByLabel('Tracking (AWB) number').fill(TRACKING);
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Shipped');
    await page.getByText(`Delhivery: ${TRACKING}`).waitFor();
    await page.getByRole('list', { name: 'Audit' }).getByText(`${DEMO_OWNER.email}: ship`).waitFor();
    await adminScreenshot(page, 'order');
    // Shipping issued the tax invoice: the owner downloads the same PDF the shopper gets.
    const invoiceButton = page
      .getByRole('region', { name: 'Tax documents' })
      .getByRole('button', { name: /^Invoice RS\/\d\d-\d\d\/\d{6}$/ });
    const [invoice] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
    expect(invoice.suggestedFilename()).toMatch(/^RS-\d\d-\d\d-\d{6}\.pdf$/);
    expect(
      readFileSync((await invoice.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.getByRole('link', { name: 'Packing slip' }).click();
    await page.getByRole('heading', { name: 'Packing slip' }).waitFor();
    await page.getByText('Meera Iyer').waitFor();
    await adminScreenshot(page, 'packing-slip');

    await page.goto(`${shop()}/admin/orders`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'Order number,Date,Status,Name,E-mail,Phone,Total (INR),Payment,Test payment,Coupon code,Discount (INR)',
    );
    expect(csv).toContain(`${order.orderNumber},`);
    expect(csv).toMatch(
      new RegExp(`${order.orderNumber},[^\\n]*,Shipped,Meera Iyer,${order.email.replace(/\./g, '\\.')}`),
    );

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('img', { name: 'Daily sales for 30 days' }).waitFor();
    await adminScreenshot(page, 'dashboard');
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('list', { name: 'Customers' }).getByText(order.email).waitFor();
    // Shoppers only: the owner is not a customer.
    expect(await page.getByRole('list', { name: 'Customers' }).getByText(DEMO_OWNER.email).count()).toBe(0);
    await adminScreenshot(page, 'customers');
    await page.getByRole('link', { name: 'Products' }).click();
    await eventually(() => page.getByRole('list', { name: 'Products' }).getByRole('listitem').count()).toBe(
      25,
    );
    await adminScreenshot(page, 'products');
    // On a phone, Staff sits under the tab bar's 'More'.
    await page.getByRole('navigation', { name: 'Admin tabs' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.getByRole('list', { name: 'Members' }).getByText(DEMO_OWNER.email).waitFor();
    await adminScreenshot(page, 'staff');

    // The shopper's Track order shows the courier, the tracking number and the courier's tracking page.
    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/track-order`);
    await shopper.getByLabel('Order Number').fill(order.orderNumber);
    await shopper.getByLabel('Email or Phone').fill(order.email);
    await shopper.getByRole('button', { name: 'Track Order' }).click();
    const details = shopper.getByRole('region', { name: 'Order details' });
    await details.getByText(TRACKING).waitFor();
    expect(await details.getByTestId('order-courier').textContent()).toBe('Delhivery');
    expect(
      await details.getByRole('link', { name: 'Track on the Delhivery website' }).getAttribute('href'),
    ).toBe(`https://www.delhivery.com/track/package/${TRACKING}`);
    // …and the order's status history, oldest first, each step with its date.
    const steps = details.getByTestId('order-timeline').getByRole('listitem');
    expect((await steps.allTextContents()).map((text) => text.replace(/\d.*$/, '').trim())).toEqual([
      'Placed',
      'Processing',
      'Shipped',
    ]);
    expect(await steps.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
