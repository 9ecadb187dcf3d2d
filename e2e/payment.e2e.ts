/**
 * The Payment page (docs/product.md §2 "Payment", §3 payment field definition and response, §4 "Payment flow", §5
 * "Payment form", §8 "Orders and payment"): the server's form with the +91 mask, the
 * UPI QR screen that polls the order until the UPI webhook pays it, the sandbox gateway's success and failure
 * returns, 'Pay Now' from /orders, and the form's validation.
 *
 * This file starts its own server with a UPI webhook secret (the shared e2e server has none), so the test can
 * confirm a UPI payment the way the UPI provider does: a JSON body signed with HMAC-SHA256 in X-Signature.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { SHOPPER_ADDRESS, SHOPPER_PASSWORD } from './shopper-order';
import {
  apiCall as sharedApiCall,
  rupees,
  squash,
  toastByTitle,
  type ApiProduct,
  type ApiStoreInfo,
  useStorefront,
  waitForPath,
  waitForToast,
} from './helpers';

const browser = useStorefront();
const { newPage } = browser;

const UPI_WEBHOOK_SECRET = 'e2e-upi-webhook-secret-0123456789';
const PASSWORD = SHOPPER_PASSWORD;
const SHIPPING = SHOPPER_ADDRESS;
const METHOD = {
  qr: 'UPI QR code',
  gateway: 'Cards, net banking and wallets',
};

let server: { baseUrl: string; stop: () => Promise<void> };
/** The origin of this file's server. */
const shop = () => server.baseUrl;
/** {@link sharedApiCall} against this file's own server. */
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());

beforeAll(async () => {
  server = (await startServer({ env: { UPI_WEBHOOK_SECRET } })) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

type Customer = { email: string; token: string };
type ServerOrder = { id: string; status: number; total: number };

/** A new customer, signed in through the API. */
async function newCustomer(): Promise<Customer> {
  const email = `pay.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Meera',
    lastName: 'Iyer',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  const signedIn = await apiCall<{ token: string }>('POST', '/users/authorize', {
    email,
    password: PASSWORD,
  });
  expect(signedIn.body.token).toBeTruthy();
  return { email, token: signedIn.body.token };
}

/** One order of a catalogue product, created through the API; returns it as the owner reads it. */
async function newOrder(customer: Customer): Promise<ServerOrder> {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  // The storefront's `products` form orders products without variants sold by the piece.
  let product: ApiProduct | undefined;
  for (const item of list.body.data) {
    const detail = await apiCall<{ unit: string; variants: unknown[]; available: boolean }>(
      'GET',
      `/products/${item.id}`,
    );
    const { unit, variants, available } = detail.body;
    if (
      unit === 'piece' &&
      variants.length === 0 &&
      available &&
      (item.discountedPrice ?? item.regularPrice ?? 0) > 0
    ) {
      product = item;
      break;
    }
  }
  expect(product).toBeTruthy();
  const created = await apiCall<{ id: string }>(
    'POST',
    '/orders',
    { products: { [product!.id]: 1 }, shippingAddress: SHIPPING },
    customer.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return readOrder(customer, created.body.id);
}

async function readOrder(customer: Customer, orderId: string): Promise<ServerOrder> {
  const order = await apiCall<ServerOrder>(
    'GET',
    `/orders/${encodeURIComponent(orderId)}`,
    undefined,
    customer.token,
  );
  expect(order.status).toBe(200);
  return order.body;
}

/** A new page of this file's server with the customer's session cookie (docs/product.md §9 `auth_token`). */
async function signedInPage(customer: Customer): Promise<Page> {
  const page = await newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: customer.token, url: shop() }]);
  return page;
}

const paymentUrl = (orderId: string) => `${shop()}/payment?orderId=${encodeURIComponent(orderId)}`;
const payButton = (page: Page) => page.getByRole('button', { name: 'Pay Now' });
const form = (page: Page) => page.getByRole('form', { name: 'Payment details' });

async function openPayment(page: Page, orderId: string): Promise<void> {
  await page.goto(paymentUrl(orderId));
  await page.getByRole('heading', { level: 1, name: 'Complete Your Payment' }).waitFor();
  await form(page).waitFor();
}

/** Fills the server's form: name, e-mail, the phone typed as a shopper would (the mask adds +91), a method. */
async function fillForm(page: Page, customer: Customer, method: string): Promise<void> {
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('E-mail').fill(customer.email);
  const phone = page.getByLabel('Mobile number');
  await phone.fill('98390 41736');
  expect(await phone.inputValue()).toBe('+919839041736');
  await page.getByLabel('Payment method').selectOption({ label: method });
}

/** The UPI provider's confirmation: the JSON body signed with HMAC-SHA256 (hex) in X-Signature. */
async function confirmUpiPayment(order: ServerOrder): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify({
    orderId: order.id,
    utr: `4${randomInt(1e10, 1e11 - 1)}`,
    amount: order.total,
    status: 'SUCCESS',
  });
  const response = await fetch(`${shop()}/api/v1/payments/webhook/upi`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Signature': createHmac('sha256', UPI_WEBHOOK_SECRET).update(body).digest('hex'),
    },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe('payment', () => {
  it('UPI QR: the form, the QR screen with amount and order number, then /order-success once paid', async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);
    const store = (await apiCall<ApiStoreInfo>('GET', '/storeInfo')).body;

    await openPayment(page, order.id);
    expect(await page.title()).toBe(`Payment | ${store.storeName || store.companyName || 'Resham'}`);
    expect(squash(await page.getByTestId('payment-order-number').textContent())).toBe(order.id);
    await page.getByTestId('payment-amount').waitFor();
    expect(squash(await page.getByTestId('payment-amount').textContent())).toBe(rupees(order.total));

    // Every control is labelled and named as its definition; the phone starts as the shipping address's.
    for (const name of ['name', 'email', 'phone', 'method', 'businessName']) {
      const control = form(page).locator(`[name="${name}"]`);
      expect(await control.count(), name).toBe(1);
      const id = await control.getAttribute('id');
      expect(await page.locator(`label[for="${id}"]`).count(), name).toBe(1);
    }
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('+919839041736');
    // The help text is linked to its control.
    const phoneHelp = await page.getByLabel('Mobile number').getAttribute('aria-describedby');
    expect(squash(await page.locator(`[id="${phoneHelp}"]`).textContent())).toBe(
      'Indian mobile number: +91 and 10 digits',
    );

    await fillForm(page, customer, METHOD.qr);
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/payments',
    );
    await payButton(page).click();
    const body = (await posted).postDataJSON() as { orderId: string; fields: Record<string, unknown> };
    expect(body.orderId).toBe(order.id);
    // Visible fields only: the GSTIN shows (and is sent) only once a business name is filled.
    expect(Object.keys(body.fields).sort()).toEqual(['businessName', 'email', 'method', 'name', 'phone']);
    expect(body.fields.phone).toBe('+919839041736');

    await page.getByRole('heading', { level: 1, name: 'Scan QR Code to Complete Payment' }).waitFor();
    expect(squash(await page.getByTestId('qr-amount').textContent())).toBe(rupees(order.total));
    expect(squash(await page.getByTestId('qr-order-number').textContent())).toBe(order.id);
    const qr = page.getByRole('img', { name: `UPI QR code for order ${order.id}` });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
    await page
      .getByText('Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM)', { exact: true })
      .waitFor();
    // The demo shop pays a demo UPI ID: the screen says so.
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    // No 'Open UPI app' on a desktop browser.
    expect(await page.getByRole('link', { name: 'Open UPI app' }).count()).toBe(0);

    // Still Pending: the screen stays while it polls the order.
    const polls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/orders/${order.id}`) polls.push(Date.now());
    });
    await expect.poll(() => polls.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(1);
    expect(new URL(page.url()).pathname).toBe('/payment');

    const confirmed = await confirmUpiPayment(order);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, paid: true, orderId: order.id });
    const paidAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/order-success', { timeout: 5_000 });
    expect(Date.now() - paidAt).toBeLessThan(5_000);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.id);
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    expect((await readOrder(customer, order.id)).status).toBe(1);
    // The order's amount and how it was paid, then what happens next.
    const yours = page.getByRole('region', { name: 'Your order' });
    await expect
      .poll(async () => squash(await yours.getByTestId('success-payment').textContent()))
      .toBe('Paid by UPI');
    expect(squash(await yours.getByTestId('success-amount').textContent())).toBe(rupees(order.total));
    // Its lines, as on every way to this page.
    expect(await yours.getByTestId('success-lines').locator('li').count()).toBe(1);
  });

  it("UPI QR: the UPI ID with Copy, and 'I have paid' with a checked UTR; the order stays Pending until the shop confirms", async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop() });
    await openPayment(page, order.id);
    await fillForm(page, customer, METHOD.qr);
    await payButton(page).click();
    await page.getByRole('heading', { level: 1, name: 'Scan QR Code to Complete Payment' }).waitFor();

    // The server's amount with Indian grouping, and the demo UPI ID of test mode with its Copy button.
    expect(squash(await page.getByTestId('qr-amount').textContent())).toBe(rupees(order.total));
    expect(squash(await page.getByTestId('qr-upi-id').textContent())).toBe('resham.demo@upi');
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('resham.demo@upi');
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 5_000 });

    // A UTR that is not 12 digits is refused with the shared message; nothing is sent.
    const utr = page.getByLabel('UTR (12-digit UPI transaction reference), optional');
    await utr.fill('12345');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await page
      .getByText('The UTR is the 12-digit number in your UPI app: digits only, exactly 12', { exact: true })
      .waitFor();
    expect(await utr.getAttribute('aria-invalid')).toBe('true');

    const reported = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/payments/report',
    );
    await utr.fill('4123 4567 8901');
    await page.getByRole('button', { name: 'I have paid' }).click();
    expect((await reported).status()).toBe(200);
    // The page now says the payment is being verified: no QR code, no 'I have paid' to press again.
    await page.getByRole('heading', { level: 1, name: 'Payment reported — being verified' }).waitFor();
    expect(squash(await page.getByTestId('payment-reported').textContent())).toBe(
      'Thank you. The shop is checking that your payment has reached its bank account. Your order is held for you meanwhile, and we e-mail you as soon as the payment is confirmed. There is nothing more to pay.',
    );
    expect(squash(await page.getByTestId('payment-reported-utr').textContent())).toBe('412345678901');
    expect(await page.getByRole('img', { name: `UPI QR code for order ${order.id}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I have paid' }).count()).toBe(0);
    // Not paid by this: the order is still Pending.
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect((await readOrder(customer, order.id)).status).toBe(0);

    // A second report (e.g. from another tab) keeps the latest; My Orders shows it and offers no Pay Now.
    expect(
      (await apiCall('POST', '/payments/report', { orderId: order.id, utr: '999988887777' }, customer.token))
        .status,
    ).toBe(200);
    await page.goto(`${shop()}/orders`);
    const card = page.locator(`article[data-order-id="${order.id}"]`);
    await expect
      .poll(async () => squash(await card.getByTestId('order-payment-reported').textContent()))
      .toBe('Payment reported — being verified (UTR 999988887777)');
    expect(await card.getByRole('link', { name: `Pay Now for order ${order.id}` }).count()).toBe(0);
    expect(await card.getByTestId('order-pay-by').count()).toBe(0);

    // Once paid, a report is refused with a clear message.
    expect((await confirmUpiPayment(order)).status).toBe(200);
    const late = await apiCall('POST', '/payments/report', { orderId: order.id }, customer.token);
    expect(late).toMatchObject({ status: 409, body: { error: `Order ${order.id} is already paid` } });
  });

  it('UPI QR: without a clipboard the Copy button selects the UPI ID and says to copy it by hand', async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await openPayment(page, order.id);
    await fillForm(page, customer, METHOD.qr);
    await payButton(page).click();
    await page.getByTestId('qr-upi-id').waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page
      .getByText('Copying is blocked here: the UPI ID is selected, copy it yourself.', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('resham.demo@upi');
  });

  it('gateway sandbox, Success: /order-success and the order is Processing; paying again shows the 409', async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);

    await openPayment(page, order.id);
    await fillForm(page, customer, METHOD.gateway);
    await payButton(page).click();
    // The hidden form posts to the shop's bridge page, which posts on to the (sandbox) gateway.
    await page.waitForURL((url) => url.pathname === '/sandbox/payu');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await waitForPath(page, '/order-success');
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    expect((await readOrder(customer, order.id)).status).toBe(1);

    // A paid order cannot be paid again: the server's 409 text is shown as is.
    await openPayment(page, order.id);
    await fillForm(page, customer, METHOD.qr);
    await payButton(page).click();
    const alert = page.getByRole('alert').filter({ hasText: order.id });
    await alert.waitFor();
    expect(squash(await alert.textContent())).toBe(`Order ${order.id} is already paid`);
    await toastByTitle(page, `Order ${order.id} is already paid`).waitFor();
    expect(await page.getByRole('heading', { name: 'Scan QR Code to Complete Payment' }).count()).toBe(0);
  });

  it('gateway sandbox, Failure: back on /payment?status=failed with the failure shown; the order stays Pending', async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);

    await openPayment(page, order.id);
    expect(await page.getByText('Payment failed or was cancelled. You can try again.').count()).toBe(0);
    await fillForm(page, customer, METHOD.gateway);
    await payButton(page).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/payu');
    await page.getByRole('button', { name: 'Failure', exact: true }).click();
    await waitForPath(page, `/payment?orderId=${order.id}&status=failed`);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Payment failed or was cancelled. You can try again.' });
    await notice.waitFor();
    // The form is offered again, filled from the account and the shipping address.
    await form(page).waitFor();
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('+919839041736');
    expect((await readOrder(customer, order.id)).status).toBe(0);
  });

  it("'Pay Now' on /orders opens the payment page of that order", async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);

    await page.goto(`${shop()}/orders`);
    await page.getByRole('link', { name: `Pay Now for order ${order.id}` }).click();
    await waitForPath(page, `/payment?orderId=${order.id}`);
    await page.getByRole('heading', { level: 1, name: 'Complete Your Payment' }).waitFor();
    expect(squash(await page.getByTestId('payment-order-number').textContent())).toBe(order.id);
    await form(page).waitFor();
  });

  it('validation: messages under the fields, the toast, and Pay Now disabled while a required field is empty', async () => {
    const customer = await newCustomer();
    const order = await newOrder(customer);
    const page = await signedInPage(customer);
    const payments: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/payments') {
        payments.push(request.url());
      }
    });

    await openPayment(page, order.id);
    // Name and e-mail come prefilled from the account, the phone from the order's shipping address; the
    // method is empty.
    expect(await page.getByLabel('Full name').inputValue()).toBe('Meera Iyer');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(customer.email);
    expect(await page.getByLabel('Mobile number').inputValue()).toBe('+919839041736');
    expect(await payButton(page).isDisabled()).toBe(true);

    // An emptied required field says so when left; editing clears the message.
    const phone = page.getByLabel('Mobile number');
    await phone.fill('98');
    await phone.fill('');
    expect(await phone.inputValue()).toBe('+91');
    await phone.blur();
    const phoneError = page.getByText('This field is required', { exact: true });
    await phoneError.waitFor();
    expect(await phoneError.getAttribute('role')).toBe('alert');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await phone.fill('+91 98');
    expect(await phone.inputValue()).toBe('+9198');
    expect(await phoneError.count()).toBe(0);
    expect(await phone.getAttribute('aria-invalid')).toBeNull();

    await page.getByLabel('Payment method').selectOption({ label: METHOD.qr });
    expect(await payButton(page).isDisabled()).toBe(false);
    await page.getByLabel('Payment method').selectOption({ value: '' });
    expect(await payButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Payment method').selectOption({ label: METHOD.qr });

    // showWhenFilled: the GSTIN appears once a business name is filled.
    expect(await form(page).locator('[name="gstin"]').count()).toBe(0);
    await page.getByLabel('Business name (optional)').fill('Iyer Silks');
    await form(page).locator('[name="gstin"]').waitFor();
    await page.getByLabel('Business name (optional)').fill('');
    await expect.poll(() => form(page).locator('[name="gstin"]').count()).toBe(0);

    const email = page.getByLabel('E-mail');
    await email.fill('meera@bad');
    await payButton(page).click();
    expect(await waitForToast(page, 'Validation Error')).toBe('Please correct the errors in the form');
    const emailError = page.getByText('Please enter a valid email address', { exact: true });
    await emailError.waitFor();
    await page.getByText('Phone number must be 13 characters (including +91)', { exact: true }).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe(await emailError.getAttribute('id'));
    // The first invalid field has the focus.
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    // The red border.
    expect(await email.evaluate((element) => getComputedStyle(element).borderTopColor)).not.toBe(
      await page.getByLabel('Full name').evaluate((element) => getComputedStyle(element).borderTopColor),
    );
    expect(payments).toEqual([]);

    await email.fill(customer.email);
    expect(await emailError.count()).toBe(0);
  });

  it("without an order id: 'Order ID is missing. Please return to checkout.' with a link to /checkout", async () => {
    const customer = await newCustomer();
    const page = await signedInPage(customer);
    await page.goto(`${shop()}/payment`);
    await page.getByText('Order ID is missing. Please return to checkout.', { exact: true }).waitFor();
    const back = page.getByRole('link', { name: 'Return to checkout' });
    expect(await back.getAttribute('href')).toBe('/checkout');
  });

  it('signed out: /payment goes to /login', async () => {
    const page = await newPage();
    await page.goto(`${shop()}/payment?orderId=RS-7KQ29XD3`);
    await waitForPath(page, '/login');
  });
});
