/**
 * Trust at every step, on a phone (390 × 844): a shopper's 'I have paid' makes the payment page say the payment
 * is being verified (no QR, no second report) and takes Pay Now off My Orders; the owner finds it first on the
 * dashboard and rejects the report behind a confirmation, which gives the order back its payment window. With
 * cash on delivery chosen, the payment page shows the server's total with the COD fee and the button reads
 * 'Place order'. The success page shows the order number, amount and lines after cash on delivery, a confirmed
 * UPI payment, the card gateway's return and a reload. On the admin order page 'Cancel order' is a normal-width
 * button behind 'Cancel order RS-…?' and is gone once the state machine no longer allows it (the server answers
 * 409).
 *
 * This file starts its own server with a UPI webhook secret, so a test can confirm a UPI payment as the
 * provider does (HMAC-SHA256 of the JSON body in X-Signature).
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { startServer } from './servers';
import {
  apiCall as sharedApiCall,
  eventually,
  rupees,
  squash,
  type ApiProduct,
  useStorefront,
  waitForPath,
} from './helpers';
import { payByUpiWebhook, placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const UPI_WEBHOOK_SECRET = 'e2e-upi-webhook-secret-trust-0123456789';
const ADMIN_TOKEN_KEY = 'resham-admin-token';

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
let ownerToken = '';
let products: ApiProduct[] = [];

beforeAll(async () => {
  server = (await startServer({ env: { UPI_WEBHOOK_SECRET } })) as typeof server;
  ownerToken = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
  expect(ownerToken).toBeTruthy();
  products = (await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100')).body.data;
});
afterAll(async () => {
  await server?.stop();
});

type ShopperOrder = { email: string; orderNumber: string; token: string };
type ServerOrder = { id: string; status: number; total: number; items: { productTitle: string }[] };

/**
 * A new shopper's order of one plain product priced under ₹4,000, so the demo shop offers cash on delivery
 * for it (up to ₹5,000).
 */
const newOrder = (): Promise<ShopperOrder> =>
  placeShopperOrder(
    shop(),
    products.filter((product) => {
      const price = product.discountedPrice ?? product.regularPrice ?? 0;
      return price > 0 && price < 4000;
    }),
    'trust',
  );
async function readOrder(order: ShopperOrder): Promise<ServerOrder> {
  const read = await apiCall<ServerOrder>('GET', `/orders/${order.orderNumber}`, undefined, order.token);
  expect(read.status).toBe(200);
  return read.body;
}

/** A new page in the test's browser context (made by its first page). */
let contextOpen = false;
async function anotherPage(): Promise<Page> {
  if (!contextOpen) {
    contextOpen = true;
    return browser.newPage();
  }
  return browser.context.newPage();
}
afterEach(() => {
  contextOpen = false;
});

/** A page of the shop signed in as the shopper (the storefront's `auth_token` cookie; the last one wins). */
async function shopperPage(order: ShopperOrder): Promise<Page> {
  const page = await anotherPage();
  await browser.context.addCookies([{ name: 'auth_token', value: order.token, url: shop() }]);
  return page;
}

/** A page of the admin panel signed in as the demo owner (its token in localStorage). */
async function ownerPage(): Promise<Page> {
  const page = await anotherPage();
  await page.addInitScript(
    ([key, token]) => localStorage.setItem(key!, token!),
    [ADMIN_TOKEN_KEY, ownerToken],
  );
  return page;
}

const ownerCall = (path: string, body: unknown = {}) => apiCall('POST', `/admin${path}`, body, ownerToken);

async function openPayment(page: Page, orderNumber: string): Promise<void> {
  await page.goto(`${shop()}/payment?orderId=${encodeURIComponent(orderNumber)}`);
  await page.getByRole('form', { name: 'Payment details' }).waitFor();
}

/** The success page's details: the order number, the amount and the lines' names. */
async function successDetails(page: Page) {
  await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
  const yours = page.getByRole('region', { name: 'Your order' });
  await yours.getByTestId('success-amount').waitFor();
  return {
    number: squash(await page.getByRole('link', { name: /^RS-/ }).textContent()),
    amount: squash(await yours.getByTestId('success-amount').textContent()),
    payment: squash(await yours.getByTestId('success-payment').textContent()),
    lines: (await yours.getByTestId('success-lines').locator('li').allInnerTexts()).map(squash),
  };
}

describe('trust at every step, at 390 × 844', () => {
  it("'I have paid': the page says it is being verified, Pay Now goes; the owner sees it first and rejects it", async () => {
    const order = await newOrder();
    const page = await shopperPage(order);
    await openPayment(page, order.orderNumber);
    await page.getByLabel('Payment method').selectOption({ label: 'UPI QR code' });
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Scan QR Code to Complete Payment' }).waitFor();
    await page.getByLabel('UTR (12-digit UPI transaction reference), optional').fill('412345678901');
    await page.getByRole('button', { name: 'I have paid' }).click();

    // Being verified: no QR code, no 'Waiting for your payment', no 'I have paid' to press again.
    await page.getByRole('heading', { level: 1, name: 'Payment reported — being verified' }).waitFor();
    const verifying = async () => {
      expect(squash(await page.getByTestId('payment-reported').textContent())).toBe(
        'Thank you. The shop is checking that your payment has reached its bank account. Your order is held for you meanwhile, and we e-mail you as soon as the payment is confirmed. There is nothing more to pay.',
      );
      expect(squash(await page.getByTestId('payment-reported-utr').textContent())).toBe('412345678901');
      expect(await page.getByRole('img', { name: /UPI QR code/ }).count()).toBe(0);
      expect(await page.getByText(/Waiting for your payment/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'I have paid' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    };
    await verifying();
    expect((await axeViolations(page)).join('\n')).toBe('');
    // The same after a reload: it is the server's state.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Payment reported — being verified' }).waitFor();
    await verifying();

    // My Orders: the order reads as being verified, without Pay Now or a pay-by time.
    await page.goto(`${shop()}/orders`);
    const card = page.locator(`article[data-order-id="${order.orderNumber}"]`);
    await expect
      .poll(async () => squash(await card.getByTestId('order-payment-reported').textContent()))
      .toBe('Payment reported — being verified (UTR 412345678901)');
    expect(await card.getByRole('link', { name: `Pay Now for order ${order.orderNumber}` }).count()).toBe(0);
    expect(await card.getByTestId('order-pay-by').count()).toBe(0);

    // The owner's dashboard lists it first, above the sales figures.
    const admin = await ownerPage();
    await admin.goto(`${shop()}/admin`);
    const toVerify = admin.getByRole('region', { name: 'Payments to verify' });
    await toVerify.waitFor();
    expect(squash(await toVerify.getByRole('link').first().textContent())).toBe(order.orderNumber);
    expect(squash(await toVerify.textContent())).toContain('UTR 412345678901');
    const chart = admin.getByRole('region', { name: 'Daily sales, 30 days' });
    expect((await toVerify.boundingBox())!.y).toBeLessThan((await chart.boundingBox())!.y);

    // Reject report: a confirmation with the reason, then the order is Pending again with a new window.
    await toVerify.getByRole('link', { name: order.orderNumber }).click();
    await admin.getByRole('heading', { name: order.orderNumber }).waitFor();
    await admin.getByRole('button', { name: 'Reject report' }).click();
    const dialog = admin.getByRole('alertdialog', {
      name: `Reject the payment report of order ${order.orderNumber}?`,
    });
    await dialog.waitFor();
    expect(squash(await dialog.getByText(/^Do this when/).textContent())).toBe(
      'Do this when the payment is not in your bank account. The shopper is e-mailed that it was not found and has 24 hours to pay; after that the order is cancelled by itself.',
    );
    // Keep report changes nothing.
    await dialog.getByRole('button', { name: 'Keep report' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await admin.getByRole('button', { name: 'Reject report' }).click();
    expect((await axeViolations(admin, '[role="alertdialog"]')).join('\n')).toBe('');
    await dialog.getByLabel('Reason for the shopper (optional)').fill('No payment with this UTR reached us');
    await dialog.getByRole('button', { name: 'Reject report' }).click();
    await eventually(() => admin.getByRole('button', { name: 'Reject report' }).count()).toBe(0);
    expect(squash(await admin.getByTestId('order-status').textContent())).toBe('Pending');
    await admin
      .getByRole('region', { name: 'History' })
      .getByText(
        new RegExp(
          `Shop: payment report rejected \\(UTR 412345678901\\): No payment with this UTR reached us \\(${DEMO_OWNER.email.replace(/\./g, '\\.')}\\); pay by `,
        ),
      )
      .waitFor();
    await admin
      .getByRole('list', { name: 'Audit' })
      .getByText(`${DEMO_OWNER.email}: rejected the payment report`)
      .waitFor();
    expect(await admin.getByTestId('payment-reported').count()).toBe(0);

    // Rejecting again: nothing is waiting, a 409 with a JSON error.
    const again = await ownerCall(`/orders/${order.orderNumber}/reject-report`);
    expect(again).toMatchObject({
      status: 409,
      body: { error: `Order ${order.orderNumber} has no payment report to reject` },
    });

    // The shopper is asked to pay again: Pay Now and a pay-by time on My Orders, the form on the payment page.
    await page.goto(`${shop()}/orders`);
    await card.getByRole('link', { name: `Pay Now for order ${order.orderNumber}` }).waitFor();
    await card.getByTestId('order-pay-by').waitFor();
    expect(await card.getByTestId('order-payment-reported').count()).toBe(0);
    await openPayment(page, order.orderNumber);
    expect((await readOrder(order)).status).toBe(0);
  });

  it("cash on delivery: the amount shown includes the server's COD fee and the button reads 'Place order'", async () => {
    const order = await newOrder();
    const { total, items } = await readOrder(order);
    const fields = await apiCall<{ name: string; options?: { value: string; amount?: number }[] }[]>(
      'GET',
      `/payments/fields?orderId=${order.orderNumber}`,
      undefined,
      order.token,
    );
    const codTotal = fields.body
      .find((field) => field.name === 'method')!
      .options!.find((option) => option.value === 'cod')!.amount!;
    // The demo shop's COD fee is ₹49.
    expect(codTotal).toBe(total + 49);

    const page = await shopperPage(order);
    await openPayment(page, order.orderNumber);
    const amount = page.getByTestId('payment-amount');
    await eventually(async () => squash(await amount.textContent())).toBe(rupees(total));
    const formRegion = page.getByRole('region', { name: 'Payment form' });
    await page.getByLabel('Payment method').selectOption({ label: 'Cash on delivery' });
    await eventually(async () => squash(await amount.textContent())).toBe(rupees(codTotal));
    await formRegion.getByRole('button', { name: 'Place order' }).waitFor();
    expect(await formRegion.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    // Back to UPI: the order's total and 'Pay Now'.
    await page.getByLabel('Payment method').selectOption({ label: 'UPI QR code' });
    await eventually(async () => squash(await amount.textContent())).toBe(rupees(total));
    await formRegion.getByRole('button', { name: 'Pay Now' }).waitFor();

    await page.getByLabel('Payment method').selectOption({ label: 'Cash on delivery' });
    await formRegion.getByRole('button', { name: 'Place order' }).click();
    await waitForPath(page, `/order-success?orderId=${order.orderNumber}`);
    const details = await successDetails(page);
    expect(details).toMatchObject({
      number: order.orderNumber,
      amount: rupees(codTotal),
      payment: 'Cash on delivery',
    });
    expect(details.lines).toHaveLength(items.length);
    expect(details.lines[0]).toContain(items[0]!.productTitle);
  });

  it('the success page shows the order number, amount and lines after the card return, a UPI payment and a reload', async () => {
    // The card gateway (sandbox) returns to the success page of that order.
    const carded = await newOrder();
    const cardOrder = await readOrder(carded);
    const page = await shopperPage(carded);
    await openPayment(page, carded.orderNumber);
    await page.getByLabel('Payment method').selectOption({ label: 'Cards, net banking and wallets' });
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/payu');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await waitForPath(page, `/order-success?orderId=${carded.orderNumber}`);
    const afterCard = await successDetails(page);
    expect(afterCard).toMatchObject({
      number: carded.orderNumber,
      amount: rupees(cardOrder.total),
      payment: 'Paid by card, net banking or wallet',
    });
    expect(afterCard.lines).toHaveLength(1);
    expect(afterCard.lines[0]).toContain(cardOrder.items[0]!.productTitle);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.reload();
    expect(await successDetails(page)).toEqual(afterCard);

    // A UPI payment confirmed by the provider while the QR screen waits.
    const upi = await newOrder();
    const upiOrder = await readOrder(upi);
    const upiPage = await shopperPage(upi);
    await openPayment(upiPage, upi.orderNumber);
    await upiPage.getByLabel('Payment method').selectOption({ label: 'UPI QR code' });
    await upiPage.getByRole('button', { name: 'Pay Now' }).click();
    await upiPage.getByRole('heading', { level: 1, name: 'Scan QR Code to Complete Payment' }).waitFor();
    await payByUpiWebhook(shop(), UPI_WEBHOOK_SECRET, upi.orderNumber, upiOrder.total);
    await waitForPath(upiPage, `/order-success?orderId=${upi.orderNumber}`);
    const afterUpi = await successDetails(upiPage);
    expect(afterUpi).toMatchObject({
      number: upi.orderNumber,
      amount: rupees(upiOrder.total),
      payment: 'Paid by UPI',
    });
    expect(afterUpi.lines).toHaveLength(1);
  });

  it("admin: 'Cancel order' is a normal-width button behind a confirmation, and only while the order may be cancelled", async () => {
    const pending = await newOrder();
    const admin = await ownerPage();
    await admin.goto(`${shop()}/admin/orders/${pending.orderNumber}`);
    await admin.getByRole('heading', { name: pending.orderNumber }).waitFor();
    const cancel = admin.getByRole('button', { name: 'Cancel order' });
    await cancel.waitFor();
    // Not full width: well under the 390 px screen.
    expect((await cancel.boundingBox())!.width).toBeLessThan(PHONE.width / 2);
    expect(await cancel.evaluate((element) => element.className)).toContain('btn-destructive');

    await cancel.click();
    const dialog = admin.getByRole('alertdialog', { name: `Cancel order ${pending.orderNumber}?` });
    await dialog.waitFor();
    expect(squash(await dialog.getByText(/^Its stock/).textContent())).toBe(
      'Its stock goes back on sale and the shopper is e-mailed. A paid order is marked refund due. This cannot be undone.',
    );
    expect((await axeViolations(admin, '[role="alertdialog"]')).join('\n')).toBe('');
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(squash(await admin.getByTestId('order-status').textContent())).toBe('Pending');
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await eventually(async () => squash(await admin.getByTestId('order-status').textContent())).toBe(
      'Cancelled',
    );
    expect(await admin.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    // Shipped: still allowed (the parcel came back), and the dialog says so; delivered: gone, and a 409.
    const shipped = await newOrder();
    expect(
      (await ownerCall(`/orders/${shipped.orderNumber}/mark-paid`, { utr: '412345678902' })).status,
    ).toBe(200);
    expect(
      (
        await ownerCall(`/orders/${shipped.orderNumber}/ship`, {
          courier: 'India Post',
          trackingNumber: `EE${randomInt(1e8, 1e9 - 1)}IN`,
        })
      ).status,
    ).toBe(200);
    await admin.goto(`${shop()}/admin/orders/${shipped.orderNumber}`);
    await admin.getByRole('button', { name: 'Cancel order' }).click();
    const shippedDialog = admin.getByRole('alertdialog', { name: `Cancel order ${shipped.orderNumber}?` });
    await shippedDialog.getByText(/^Do this only when the parcel came back to you\./).waitFor();
    await shippedDialog.getByRole('button', { name: 'Keep order' }).click();
    expect((await ownerCall(`/orders/${shipped.orderNumber}/deliver`)).status).toBe(200);
    await admin.reload();
    await eventually(async () => squash(await admin.getByTestId('order-status').textContent())).toBe(
      'Delivered',
    );
    expect(await admin.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const refused = await ownerCall(`/orders/${shipped.orderNumber}/cancel`);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: `Cannot move order ${shipped.orderNumber} from Delivered to Cancelled` },
    });
  });
});
