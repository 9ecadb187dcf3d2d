/**
 * The purchase flow (docs/product.md §2 "Cart" checkout gate, "Checkout", "Orders", "Order success", "Track order"; §4
 * "Purchase flow"; §5 "Register", "Checkout", "Track order"; §8 "Orders and payment errors"), with the
 * storefront's own rules: order prices with 2 decimals, the tracking number or 'Not available', and /login
 * opening with the e-mail prefilled after registering.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import {
  apiCall,
  apiProducts,
  attributeValues,
  headerCartLink,
  productSizes,
  rupees,
  screenPrice,
  squash,
  toastByTitle,
  type ApiProduct,
  useStorefront,
  waitForPath,
  waitForToast,
} from './helpers';

const browser = useStorefront();
const { newPage } = browser;

const CATEGORY = 'unstitched fabrics';
const PASSWORD = 'Zari-weave-2719';
const ADDRESS = {
  address: '14 Chowk Bazaar, Aminabad',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226018',
  phone: '+91 98390 41736',
};
const ORDER_NUMBER = /^RS-[A-Z0-9]+$/;

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Two products of a category whose cards add straight to the cart: sold by the piece (fabric by the metre is
 * added from its page) with at most one size.
 */
async function twoCardProducts(): Promise<[ApiProduct, ApiProduct]> {
  const { products } = await apiProducts(`page=1&limit=12&category=${encodeURIComponent(CATEGORY)}`);
  const addable = products.filter(
    (product) =>
      (product as ApiProduct & { unit?: string }).unit !== 'm' && productSizes(product).length <= 1,
  );
  expect(addable.length).toBeGreaterThanOrEqual(2);
  return [addable[0]!, addable[1]!];
}

const onlyOption = (values: string[]) => (values.length === 1 ? values[0]! : undefined);

/** The `lines` entry the checkout sends for `quantity` of a product its card added (single options preselected). */
function cardLine(product: ApiProduct, quantity: number): Record<string, unknown> {
  const size = onlyOption(productSizes(product));
  const color = onlyOption(attributeValues(product, ['color', 'colors', 'colours']));
  return {
    productId: product.id,
    ...(size ? { size } : {}),
    ...(color ? { color } : {}),
    quantity,
  };
}

const cardOf = (page: Page, product: ApiProduct) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });

/** A new customer and one order of `product` × 2, made through the API; returns the order number and token. */
async function orderThroughApi(
  product: ApiProduct,
): Promise<{ orderId: string; email: string; token: string }> {
  const email = uniqueEmail('track');
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Meera',
    lastName: 'Iyer',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  const signedIn = await apiCall('POST', '/users/authorize', { email, password: PASSWORD });
  const token = (signedIn.body as { token: string }).token;
  expect(token).toBeTruthy();
  const created = await apiCall(
    'POST',
    '/orders',
    { products: { [product.id]: 2 }, shippingAddress: { fullName: 'Meera Iyer', ...ADDRESS } },
    token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orderId = (created.body as { id: string }).id;
  expect(orderId).toMatch(ORDER_NUMBER);
  return { orderId, email, token };
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

/** The order card whose heading is "Order {id}". */
const orderCard = (page: Page, orderId: string) =>
  page.getByRole('article', { name: `Order ${orderId}`, exact: true });

/** The body rows of an order's items table, as their cells' texts (the item cell's first line: the name). */
async function itemRows(card: Locator): Promise<string[][]> {
  return card
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell, index) =>
          ((index === 0 ? cell.firstElementChild?.textContent : cell.textContent) ?? '').trim(),
        ),
      ),
    );
}

const ORDER_DATE =
  /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

/** Checks the parts every order card shows (docs/product.md §2 "Orders", "Track order"). */
async function expectOrderCard(
  card: Locator,
  expected: { lines: { product: ApiProduct; quantity: number }[]; address: string; fullName: string },
): Promise<void> {
  await card.waitFor();
  expect(squash(await card.getByTestId('order-status').textContent())).toBe('Pending');
  expect(await card.getByTestId('order-status').getAttribute('class')).toContain('bg-yellow-100');
  expect(
    squash(
      await card
        .getByText(/^Placed on/)
        .locator('time')
        .textContent(),
    ),
  ).toMatch(ORDER_DATE);
  // A Pending order says until when its payment is held, in local time.
  expect(squash(await card.getByTestId('order-pay-by').textContent())).toMatch(/^Pay by \d{2}:\d{2}$/);

  const rows = await itemRows(card);
  expect(rows).toEqual(
    expected.lines.map(({ product, quantity }) => [
      product.title,
      `${quantity} × ${rupees(screenPrice(product))}`,
      rupees(screenPrice(product) * quantity),
    ]),
  );
  // The one money rule: whole rupees without decimals, any other amount with exactly two.
  for (const row of rows) expect(row[2]).toMatch(/^₹[\d,]+(\.\d{2})?$/);
  for (const row of rows) expect(row[2]).not.toMatch(/\.00$/);
  const total =
    expected.lines.reduce(
      (sum, { product, quantity }) => sum + Math.round(screenPrice(product) * 100) * quantity,
      0,
    ) / 100;
  expect(squash(await card.getByTestId('order-total').textContent())).toBe(rupees(total));
  expect(squash(await card.textContent())).not.toContain('$');

  expect(squash(await card.getByTestId('order-address').textContent())).toBe(expected.address);
  expect(squash(await card.textContent())).toContain(expected.fullName);
  expect(squash(await card.getByTestId('order-method').textContent())).toBe('Standard Shipping');
  expect(squash(await card.getByTestId('order-tracking').textContent())).toBe('Not available');
}

const joinedAddress = `${ADDRESS.address}, ${ADDRESS.city}, ${ADDRESS.state} ${ADDRESS.postalCode}`;

describe('purchase', () => {
  it('register → cart → sign in at checkout → create order → orders → track → sign out', async () => {
    const page = await newPage();
    const [a, b] = await twoCardProducts();
    const email = uniqueEmail('buyer');

    // Register: the screen's validation messages, then success → /login with the e-mail prefilled.
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('54321');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Invalid email address',
      'Password must be at least 6 characters',
      'Passwords do not match',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await waitForToast(page, 'Account created successfully. You can now log in.')).toBe('');
    await waitForPath(page, '/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    // Cart: A twice, B once, from the listing's cards.
    await page.goto(`/products?category=${encodeURIComponent(CATEGORY)}`);
    await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    await cardOf(page, b).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 3 items');

    // Checkout while signed out → 'Login Required' → /login → sign in → back at /checkout.
    await headerCartLink(page).click();
    await waitForPath(page, '/cart');
    // Listen before clicking, so a busy machine cannot make the wait start after the toast has gone.
    const loginRequired = waitForToast(page, 'Login Required');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    expect(await loginRequired).toBe('Please login to proceed with checkout');
    await waitForPath(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await page.title()).toMatch(/^Checkout \| /);

    // The form: six required inputs; the name comes from the account.
    for (const name of ['fullName', 'address', 'city', 'state', 'postalCode', 'phone']) {
      expect(await field(page, name).getAttribute('required'), name).not.toBeNull();
      expect(await field(page, name).getAttribute('id'), name).toBeTruthy();
    }
    expect(await field(page, 'phone').getAttribute('type')).toBe('tel');
    expect(await field(page, 'postalCode').getAttribute('inputmode')).toBe('numeric');
    expect(await field(page, 'postalCode').getAttribute('maxlength')).toBe('6');
    expect(squash(await page.getByRole('main').locator('form').textContent())).toContain('+91');
    await expect.poll(() => field(page, 'fullName').inputValue()).toBe('Asha Verma');

    // The summary: quantity × price, subtotal, shipping 'Free', total.
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const lines = summary.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
    expect(await lines.count()).toBe(2);
    expect(squash(await lines.nth(0).innerText())).toContain(`${a.title}`);
    expect(squash(await lines.nth(0).innerText())).toContain(`2 × ${rupees(screenPrice(a))}`);
    expect(squash(await lines.nth(1).innerText())).toContain(`1 × ${rupees(screenPrice(b))}`);
    const cartTotal = rupees(screenPrice(a) * 2 + screenPrice(b));
    // The shipping line is the server's quote ('Free' for a shop that set no charges): wait for it.
    await expect.poll(async () => squash(await summary.innerText())).toContain('Shipping Free');
    const summaryText = squash(await summary.innerText());
    expect(summaryText).toContain(`Subtotal (3 items) ${cartTotal}`);
    expect(summaryText).toContain('Shipping Free');
    expect(summaryText).toContain(`Total ${cartTotal}`);

    // Nothing is sent while a field is blank or the PIN code / phone are not valid.
    const orderPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders')
        orderPosts.push(request.url());
    });
    const createOrder = page.getByRole('button', { name: 'Create Order' });
    await field(page, 'address').fill(ADDRESS.address);
    await field(page, 'city').fill('   ');
    await field(page, 'state').selectOption(ADDRESS.state);
    await field(page, 'postalCode').fill('012345');
    await field(page, 'phone').fill('12345');
    await createOrder.click();
    expect(await waitForToast(page, 'Please fill in: City')).toBe(
      'All shipping information fields are required.',
    );
    await field(page, 'city').fill(ADDRESS.city);
    await createOrder.click();
    await page
      .getByText('PIN code must be a 6-digit PIN code not starting with 0', { exact: true })
      .waitFor();
    await page.getByText(/^Phone must be an Indian mobile number/).waitFor();
    expect(await field(page, 'postalCode').getAttribute('aria-invalid')).toBe('true');
    expect(orderPosts).toEqual([]);

    // Create the order: 'Processing...' while working, an Idempotency-Key, then /payment?orderId=… and an empty cart.
    await field(page, 'postalCode').fill(ADDRESS.postalCode);
    await field(page, 'phone').fill(ADDRESS.phone);
    const navigated: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        const url = new URL(frame.url());
        navigated.push(`${url.pathname}${url.search}`);
      }
    });
    let releaseOrder: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseOrder = resolve));
    await page.route('**/api/v1/orders', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/orders',
    );
    await createOrder.click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    releaseOrder();
    const response = await created;
    expect(response.status()).toBe(201);
    const sent = response.request();
    expect(sent.headers()['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(JSON.parse(sent.postData() ?? 'null')).toEqual({
      lines: [cardLine(a, 2), cardLine(b, 1)],
      shippingAddress: { fullName: 'Asha Verma', ...ADDRESS },
    });
    const orderId = ((await response.json()) as { id: string }).id;
    expect(orderId).toMatch(ORDER_NUMBER);
    await expect.poll(() => navigated.includes(`/payment?orderId=${orderId}`)).toBe(true);
    await page.unroute('**/api/v1/orders');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    expect(await toastByTitle(page, 'Cart cleared').count()).toBe(0);
    expect(orderPosts).toHaveLength(1);

    // Orders: the new order, Pending, with 'Pay Now', ₹ prices with 2 decimals and the total.
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    const card = orderCard(page, orderId);
    await expectOrderCard(card, {
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      address: joinedAddress,
      fullName: 'Asha Verma',
    });
    expect(await page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').count()).toBe(1);
    const payNow = card.getByRole('link', { name: /^Pay Now/ });
    expect(squash(await payNow.textContent())).toBe('Pay Now');
    expect(await payNow.getAttribute('href')).toBe(`/payment?orderId=${orderId}`);
    expect(await page.title()).toMatch(/^My Orders \| /);

    // Track order, signed in: prefilled with the number from ?id= and the account's e-mail.
    await card.getByRole('link', { name: 'Track Order' }).click();
    await waitForPath(page, `/track-order?id=${orderId}`);
    expect(await page.locator('input[name="orderId"]').inputValue()).toBe(orderId);
    await expect.poll(() => page.locator('input[name="contactInfo"]').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expectOrderCard(page.getByRole('region', { name: 'Order details' }).getByRole('article'), {
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      address: joinedAddress,
      fullName: 'Asha Verma',
    });

    // Sign out from /account; /orders then asks to sign in again.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    expect(await waitForToast(page, 'Logged out')).toBe('You have been successfully logged out.');
    await waitForPath(page, '/');
    await page.goto('/orders');
    await waitForPath(page, '/login');
  });

  it('tracks an order signed out by phone; empty fields and a wrong contact show the storefront toasts', async () => {
    const [a] = await twoCardProducts();
    const { orderId } = await orderThroughApi(a);
    const page = await newPage();

    await page.goto(`/track-order?id=${orderId}`);
    await page.getByRole('heading', { level: 1, name: 'Track Your Order' }).waitFor();
    expect(await page.title()).toMatch(/^Track Order \| /);
    const orderField = page.locator('input[name="orderId"]');
    const contactField = page.locator('input[name="contactInfo"]');
    expect(await orderField.inputValue()).toBe(orderId);
    expect(await contactField.inputValue()).toBe('');
    expect(await orderField.getAttribute('required')).not.toBeNull();
    expect(await contactField.getAttribute('required')).not.toBeNull();
    const track = page.getByRole('button', { name: 'Track Order' });

    // Both fields are required: nothing is looked up without them.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/orders/')) lookups.push(request.url());
    });
    await track.click();
    expect(await waitForToast(page, 'Required fields')).toBe(
      'Please enter both order number and email/phone',
    );
    await orderField.fill('  ');
    await contactField.fill(ADDRESS.phone);
    await track.click();
    await expect.poll(() => toastByTitle(page, 'Required fields').count()).toBeGreaterThanOrEqual(1);
    expect(lookups).toEqual([]);

    // A wrong contact finds nothing.
    await orderField.fill(orderId);
    await contactField.fill('someone.else@example.com');
    await track.click();
    await toastByTitle(page, 'Failed to find order. Please check your information and try again.').waitFor();
    expect(await page.getByRole('region', { name: 'Order details' }).count()).toBe(0);

    // The phone of the shipping address finds it (written another way than at checkout).
    await contactField.fill('+91-9839041736');
    await track.click();
    const card = page
      .getByRole('region', { name: 'Order details' })
      .getByRole('article', { name: `Order ${orderId}` });
    await expectOrderCard(card, {
      lines: [{ product: a, quantity: 2 }],
      address: joinedAddress,
      fullName: 'Meera Iyer',
    });
    // Payment needs the owner's session: the public result offers none.
    expect(await card.getByRole('link', { name: /Pay Now/ }).count()).toBe(0);
  });

  it('a signed-in customer with an empty cart cannot create an order; no orders shows the empty state', async () => {
    const email = uniqueEmail('empty');
    expect(
      (
        await apiCall('POST', '/users/register', {
          firstName: 'Ravi',
          lastName: 'Kumar',
          email,
          password: PASSWORD,
        })
      ).status,
    ).toBeLessThan(300);
    const token = (
      (await apiCall('POST', '/users/authorize', { email, password: PASSWORD })).body as { token: string }
    ).token;
    const page = await newPage();
    await browser.context.addCookies([
      { name: 'auth_token', value: encodeURIComponent(token), url: baseUrl() },
    ]);

    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Order' }).isDisabled()).toBe(true);
    await expect.poll(() => field(page, 'fullName').inputValue()).toBe('Ravi Kumar');

    await page.goto('/orders');
    await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
    const browse = page.getByRole('main').getByRole('link', { name: 'Browse Products' });
    expect(await browse.getAttribute('href')).toBe('/products');
  });

  it('the order success page thanks the shopper and links to /orders and /', async () => {
    const page = await newPage();
    await page.goto('/order-success');
    await page.getByRole('heading', { level: 1, name: 'Thank You for Your Order!' }).waitFor();
    await page
      .getByText(
        "Your order has been successfully placed. We'll send you an email with your order details.",
        { exact: true },
      )
      .waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
    expect(await main.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
  });
});
