/**
 * A festive sale on the storefront (docs/discounts.md), on a phone (390 × 844): the owner runs the 'Saree Utsav'
 * promotion (20% off Sarees) and makes coupons through the admin API; the shopper sees 20% off sarees on the
 * listing with the regular price struck, applies codes at checkout and reads every refusal ('This code has
 * expired', …), applies 'FIRST10', places the order with the discount as its own line (on the payment page
 * too), pays by UPI (test mode, the signed webhook), the owner ships it with the orders CLI, and the PDF tax
 * invoice shows each line's discount and the discounted taxable values — the ₹2,799 kurta is ₹2,519.10 after
 * 10 % off, so 5 % GST instead of 18 %. (./promotions.e2e.ts follows a promotion through cart, checkout and the
 * admin's pause.)
 *
 * This file starts its own server on a data directory it keeps (like the GST test), so it can stop the server
 * and ship with the orders CLI on the embedded database.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { pdfText } from '../src/server/test/pdf-text';
import { kurtaAndFabricCart, PUNE } from './demo-kurta-and-fabric';
import {
  apiCall as sharedApiCall,
  DEMO_OWNER,
  rupees,
  squash,
  useStorefront,
  waitForPath,
  type ApiProduct,
} from './helpers';
import { payByUpiWebhook, shipWithOrdersCli } from './shopper-order';

const browser = useStorefront({ width: 390, height: 844 });
const { newPage } = browser;

const UPI_WEBHOOK_SECRET = 'e2e-coupons-upi-webhook-secret-0123456789';
const PASSWORD = 'Zari-weave-2719';
const dataDir = mkdtempSync(join(tmpdir(), 'resham-coupons-e2e-'));
let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
const start = async () => {
  server = (await startServer({ env: { DATA_DIR: dataDir, UPI_WEBHOOK_SECRET } })) as typeof server;
};
const yesterday = new Date(Date.now() - 86_400_000).toISOString();
/** `instant` as an India wall-clock time `YYYY-MM-DDTHH:mm` (how the admin API takes a promotion's times). */
const indiaLocal = (instant: Date) => new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 16);

async function customer(): Promise<string> {
  const email = `coupon.${Date.now()}.${randomInt(1e6)}@example.com`;
  await apiCall('POST', '/users/register', {
    firstName: 'Meera',
    lastName: 'Joshi',
    email,
    password: PASSWORD,
  });
  return (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password: PASSWORD })).body
    .token;
}
let token = '';

beforeAll(async () => {
  await start();
  const owner = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER);
  expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  const coupon = async (body: Record<string, unknown>) => {
    const made = await apiCall(
      'POST',
      '/admin/coupons',
      { kind: 'percent', value: 10, startsAt: yesterday, ...body },
      owner.body.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };
  const promotion = await apiCall(
    'POST',
    '/admin/promotions',
    {
      name: 'Saree Utsav',
      kind: 'percent',
      value: 20,
      scope: 'categories',
      categories: ['Sarees'],
      startsAt: indiaLocal(new Date(Date.now() - 3_600_000)),
      endsAt: indiaLocal(new Date(Date.now() + 86_400_000)),
    },
    owner.body.token,
  );
  expect(promotion.status, JSON.stringify(promotion.body)).toBe(201);
  await coupon({ code: 'FIRST10', description: '10% off your first order', firstOrderOnly: true });
  await coupon({ code: 'PAUSED10', paused: true });
  await coupon({ code: 'NEXT-DIWALI', startsAt: '2027-11-01T00:00:00+05:30' });
  await coupon({
    code: 'LAST-DIWALI',
    startsAt: '2025-10-01T00:00:00+05:30',
    endsAt: '2025-11-01T00:00:00+05:30',
  });
  await coupon({ code: 'BIG-BASKET', minSubtotal: 4200 });
  await coupon({ code: 'SAREES', scope: 'categories', categories: ['Sarees'] });
  await coupon({ code: 'ONLY-ONE', usageLimit: 1 });
  // Someone else used the one use of ONLY-ONE.
  const other = await customer();
  const cart = (await kurtaAndFabricCart(shop())) as { id: string; variantId?: string; quantity: number }[];
  const used = await apiCall(
    'POST',
    '/orders',
    {
      lines: [{ productId: cart[1]!.id, quantity: 1 }],
      shippingAddress: PUNE,
      couponCode: 'only-one',
    },
    other,
  );
  expect(used.status, JSON.stringify(used.body)).toBe(201);
  token = await customer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function checkoutPage(): Promise<Page> {
  const page = await newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
  const cart = await kurtaAndFabricCart(shop());
  await page.addInitScript((items) => localStorage.setItem('cart', JSON.stringify(items)), cart);
  await page.goto(`${shop()}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  return page;
}

async function applyCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply coupon' }).click();
}
const couponError = (page: Page) => page.locator('#coupon-code-error');
const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

describe('Saree Utsav and coupons', () => {
  let orderId = '';

  it('shows 20% off sarees on the listing with the regular price struck', async () => {
    const listed = await apiCall<{ data: (ApiProduct & { promotion?: { name: string } | null })[] }>(
      'GET',
      '/products?category=Women&parentCategory=Sarees&limit=100',
    );
    const promoted = listed.body.data.find((saree) => saree.promotion?.name === 'Saree Utsav');
    expect(promoted, 'a saree the promotion prices').toBeDefined();
    const regularPaise = Math.round(promoted!.regularPrice! * 100);
    const pricePaise = regularPaise - Math.floor((regularPaise * 20 + 50) / 100);
    expect(Math.round(promoted!.discountedPrice! * 100)).toBe(pricePaise);

    const page = await newPage();
    await page.goto(`${shop()}/products?category=women&parentCategory=Sarees`);
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: promoted!.title, exact: true }) });
    await card.waitFor();
    expect(
      squash(
        await card
          .locator('p')
          .filter({ has: page.locator('del') })
          .innerText(),
      ),
    ).toBe(`${rupees(pricePaise / 100)} Original price ${rupees(promoted!.regularPrice!)}`);
  });

  it('shows every refusal, then applies FIRST10 with the discount as its own line and places the order', async () => {
    const page = await checkoutPage();
    for (const [code, message] of [
      ['NOPE-NOPE', 'This code is not valid'],
      ['paused10', 'This code is not valid'],
      ['NEXT-DIWALI', 'This code starts on 1 Nov 2027'],
      ['LAST-DIWALI', 'This code has expired'],
      ['BIG-BASKET', 'Add ₹501 more to use this code'],
      ['SAREES', 'This code does not apply to the items in your cart'],
      ['ONLY-ONE', 'This code has reached its limit'],
    ] as const) {
      await applyCode(page, code);
      await expect.poll(async () => squash(await couponError(page).textContent())).toBe(message);
    }
    await applyCode(page, 'first10');
    await page.getByTestId('coupon-applied').waitFor();
    expect(squash(await page.getByTestId('coupon-applied').textContent())).toBe(
      'FIRST10 applied10% off your first order',
    );
    expect(squash(await page.getByTestId('checkout-discount').textContent())).toBe(
      'Discount (FIRST10)-₹369.90',
    );

    for (const [name, value] of Object.entries(PUNE)) {
      if (name === 'state') await field(page, name).selectOption(value);
      else await field(page, name).fill(value);
    }
    await page.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(page, /^\/payment\?orderId=/);
    orderId = new URL(page.url()).searchParams.get('orderId')!;
    await page.getByTestId('payment-discount').waitFor();
    expect(squash(await page.getByTestId('payment-discount').textContent())).toBe(
      'Discount (FIRST10)-₹369.90',
    );
    const order = (
      await apiCall<{ total: number; discount: number; couponCode: string }>(
        'GET',
        `/orders/${orderId}`,
        undefined,
        token,
      )
    ).body;
    expect(order).toMatchObject({ discount: 369.9, couponCode: 'FIRST10' });
  });

  it('refuses FIRST10 once used and a first-order code after the first order', async () => {
    const page = await checkoutPage();
    await applyCode(page, 'FIRST10');
    await expect
      .poll(async () => squash(await couponError(page).textContent()))
      .toBe('You have already used this code');
    const owner = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER);
    await apiCall(
      'POST',
      '/admin/coupons',
      {
        code: 'WELCOME',
        kind: 'fixed',
        value: 100,
        startsAt: yesterday,
        firstOrderOnly: true,
        perCustomerLimit: 5,
      },
      owner.body.token,
    );
    await applyCode(page, 'WELCOME');
    await expect
      .poll(async () => squash(await couponError(page).textContent()))
      .toBe('This code is for your first order');
  });

  it('pays, ships, and the PDF invoice shows the discounted taxable values', async () => {
    const order = (await apiCall<{ total: number }>('GET', `/orders/${orderId}`, undefined, token)).body;
    await payByUpiWebhook(shop(), UPI_WEBHOOK_SECRET, orderId, order.total);
    await server.stop();
    shipWithOrdersCli(dataDir, orderId);
    await start();
    const invoice = await fetch(`${shop()}/api/v1/orders/${orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.status).toBe(200);
    const [text] = await pdfText(new Uint8Array(await invoice.arrayBuffer()));
    for (const expected of [
      '(discount ₹279.90)',
      '(discount ₹90)',
      // ₹2,799 − ₹279.90 = ₹2,519.10 a piece: 5 %, not 18 %.
      '1 PCS ₹2,799 ₹2,399.14 5 % ₹119.96 ₹2,519.10',
      '2 MTR ₹450 ₹771.43 5 % ₹38.57 ₹810',
    ]) {
      expect(squash(text)).toContain(expected);
    }
  });
});
