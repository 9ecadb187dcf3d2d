/**
 * Paying with Razorpay in test mode (docs/payments.md "Razorpay", "Test mode and the sandbox") at 390 × 844: a
 * server of its own with `PAYMENT_GATEWAY=razorpay` and no keys, so the built-in Razorpay sandbox plays
 * Checkout. The shopper fills the Payment page, lands on the sandbox's TEST MODE Checkout, and chooses Success
 * (the sandbox's webhooks and its signed return pay the order: /order-success) or Failure (back on the Payment
 * page with the failure shown; the order stays Pending). No page loads anything from Razorpay's hosts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiProduct, useStorefront, waitForPath } from './helpers';
import { useOwnServer } from './servers';
import { placeShopperOrder } from './shopper-order';

const browser = useStorefront({ width: 390, height: 844 });
const { shop, apiCall } = useOwnServer({ env: { PAYMENT_GATEWAY: 'razorpay' } });

const GATEWAY = 'Cards, net banking and wallets';

/** A signed-in shopper's Pending order and a page of this server with her session cookie. */
async function shopperWithOrder(): Promise<{
  page: Page;
  orderNumber: string;
  email: string;
  token: string;
}> {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  const order = await placeShopperOrder(shop(), list.body.data, 'razorpay');
  const page = await browser.newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: order.token, url: shop() }]);
  return { page, ...order };
}

/** Every URL the page asks for, to prove nothing comes from Razorpay's hosts in test mode. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Fills the Payment page for the gateway and pays; waits for the sandbox's Checkout page. */
async function payWithGateway(page: Page, orderNumber: string, email: string): Promise<void> {
  await page.goto(`${shop()}/payment?orderId=${encodeURIComponent(orderNumber)}`);
  await page.getByRole('heading', { level: 1, name: 'Complete Your Payment' }).waitFor();
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile number').fill('98390 41736');
  await page.getByLabel('Payment method').selectOption({ label: GATEWAY });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL((url) => url.pathname === '/sandbox/razorpay/checkout');
  await page.getByRole('heading', { level: 1, name: 'Razorpay sandbox' }).waitFor();
  expect(await page.getByRole('status').textContent()).toBe('TEST MODE — Razorpay sandbox. No money moves.');
  expect(await page.locator('dd').first().textContent()).toBe(orderNumber);
}

const orderStatus = async (orderNumber: string, token: string) =>
  (await apiCall<{ status: number }>('GET', `/orders/${orderNumber}`, undefined, token)).body.status;

describe('Razorpay sandbox at 390 × 844', () => {
  it('Success: the order is paid and the shopper sees the success page', async () => {
    const { page, orderNumber, email, token } = await shopperWithOrder();
    const urls = requestsOf(page);
    await payWithGateway(page, orderNumber, email);
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await waitForPath(page, '/order-success');
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    expect(await orderStatus(orderNumber, token)).toBe(1);
    expect(urls.filter((url) => /razorpay\.com/.test(new URL(url).hostname))).toEqual([]);
  });

  it('Failure: back on the Payment page with the failure shown; the order stays Pending', async () => {
    const { page, orderNumber, email, token } = await shopperWithOrder();
    await payWithGateway(page, orderNumber, email);
    await page.getByRole('button', { name: 'Failure', exact: true }).click();
    await waitForPath(page, `/payment?orderId=${orderNumber}&status=failed`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Payment failed or was cancelled. You can try again.' })
      .waitFor();
    expect(await orderStatus(orderNumber, token)).toBe(0);
  });
});
