/**
 * Variants and fabric by the metre on the storefront: sold-out sizes of the chosen colour struck through and
 * not choosable, 'Only 2 left', 'Out of stock', the price per metre and the stepper in metres, one order with
 * 'M / Maroon' of a kurta and 2.5 m of fabric (cart, checkout, My Orders and the API read the same), at most
 * 3 unpaid orders per account and the shopper cancelling a Pending order from My Orders.
 *
 * This file starts its own server (fresh embedded database with the demo shop): it buys and cancels, which
 * changes stock other files read, and it registers its own customer without using the shared server's
 * registrations.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  apiCall as sharedApiCall,
  eventually,
  rupees,
  squash,
  useStorefront,
  waitForPath,
  waitForToast,
} from './helpers';

const browser = useStorefront();
const { newPage } = browser;

const PASSWORD = 'Zari-weave-2719';
const SHIPPING = {
  fullName: 'Kavya Menon',
  address: '7 Johari Bazaar',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302003',
  phone: '+91 94140 52368',
};
const KURTA = 'Maroon Raw Silk Kurta';
const FABRIC = 'Indigo Sanganeri Block Print Cotton Fabric';
const SOLD_OUT_FABRIC = 'Royal Blue Kimkhab Silk Brocade Fabric';
const TOO_MANY_UNPAID_ORDERS = 'You have unpaid orders. Please pay or cancel one of them first.';

type Variant = {
  id: string;
  size: string | null;
  color: string | null;
  price: number;
  discountedPrice: number | null;
  available: boolean;
  lowStock: boolean;
};
type Product = {
  id: string;
  title: string;
  regularPrice: number;
  discountedPrice: number | null;
  unit: 'piece' | 'm';
  minQuantity: number;
  quantityStep: number;
  available: boolean;
  variants: Variant[];
};
type OrderItem = {
  productTitle: string;
  variantId: string | null;
  size: string | null;
  color: string | null;
  unit: string;
  quantity: number;
  price: number;
  lineTotal: number;
};
type Order = { id: string; status: number; items: OrderItem[]; total: number; paymentDueAt: string | null };

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
/** {@link sharedApiCall} against this file's own server. */
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
let token = '';

/** A demo product by its title, as `GET /products/{id}` answers it (with variants and selling rule). */
async function productByTitle(title: string): Promise<Product> {
  for (let page = 1; ; page += 1) {
    const list = await apiCall<{ data: { id: string; title: string }[] }>(
      'GET',
      `/products?page=${page}&limit=100`,
    );
    const found = list.body.data.find((product) => product.title === title);
    if (found) return (await apiCall<Product>('GET', `/products/${found.id}`)).body;
    if (list.body.data.length < 100) throw new Error(`The demo catalogue has no product titled ${title}`);
  }
}

const variantOf = (product: Product, size: string, color: string) => {
  const variant = product.variants.find((candidate) => candidate.size === size && candidate.color === color);
  if (!variant) throw new Error(`${product.title} has no variant ${size} / ${color}`);
  return variant;
};
const variantPrice = (variant: Variant) => variant.discountedPrice ?? variant.price;
const productPrice = (product: Product) => product.discountedPrice ?? product.regularPrice;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
  const email = `variants.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Kavya',
    lastName: 'Menon',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  const signedIn = await apiCall<{ token: string }>('POST', '/users/authorize', {
    email,
    password: PASSWORD,
  });
  token = signedIn.body.token;
  expect(token).toBeTruthy();
});
afterAll(async () => {
  await server?.stop();
});

/** A new page of this file's server, signed in as its customer when `signedIn`. */
async function shopPage(signedIn = false): Promise<Page> {
  const page = await newPage();
  if (signedIn) await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
  return page;
}

async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(`${shop()}/product/${product.id}`);
  await page.getByRole('main').getByRole('heading', { level: 1, name: product.title }).waitFor();
}

const main = (page: Page) => page.getByRole('main');
const sizeButton = (page: Page, name: string | RegExp) =>
  main(page)
    .getByRole('group', { name: /Size/ })
    .getByRole('button', { name, exact: typeof name === 'string' });
const colourButton = (page: Page, name: string) =>
  main(page)
    .getByRole('group', { name: /^Colour/ })
    .getByRole('button', { name, exact: true });

/** An order of `lines` made through the API; returns the answer. */
function orderThroughApi(
  lines: unknown[],
): Promise<{ status: number; body: { id?: string; error?: string } }> {
  return apiCall('POST', '/orders', { lines, shippingAddress: SHIPPING }, token);
}

async function fillShipping(page: Page): Promise<void> {
  for (const [name, value] of Object.entries(SHIPPING)) {
    const input = page.locator(`form [name="${name}"]`);
    // The State is a select of the 36 states and union territories.
    if (name === 'state') await input.selectOption(value);
    else await input.fill(value);
  }
}

const orderCard = (page: Page, orderId: string) =>
  page.getByRole('article', { name: `Order ${orderId}`, exact: true });

/** The body rows of an order's items table as [item, quantity × price, amount]. */
function itemRows(card: Locator): Promise<string[][]> {
  return card
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

describe('variants and fabric by the metre', () => {
  it("for the chosen colour a sold-out size is struck through and cannot be chosen; 'Only 2 left' when low", async () => {
    const kurta = await productByTitle(KURTA);
    const page = await shopPage();
    await openProduct(page, kurta);

    const sizes = main(page).getByRole('group', { name: 'Clothing Size' });
    await sizes.waitFor();
    await colourButton(page, 'Maroon').click();
    await main(page).getByRole('group', { name: 'Colour: Maroon', exact: true }).waitFor();

    // XL / Maroon is sold out: disabled, struck through, and its name says so.
    const xl = sizeButton(page, 'XL, sold out');
    expect(await xl.isDisabled()).toBe(true);
    expect(await xl.evaluate((button) => getComputedStyle(button).textDecorationLine)).toContain(
      'line-through',
    );
    expect(await sizeButton(page, 'M').isDisabled()).toBe(false);
    await xl.click({ force: true });
    expect(await xl.getAttribute('aria-pressed')).toBe('false');

    // M / Maroon: the variant's price; no low-stock note.
    await sizeButton(page, 'M').click();
    expect(await sizeButton(page, 'M').getAttribute('aria-pressed')).toBe('true');
    const price = main(page).getByTestId('product-price');
    expect(squash(await price.textContent())).toBe(rupees(variantPrice(variantOf(kurta, 'M', 'Maroon'))));
    expect(
      await main(page)
        .getByText(/^Only .* left$/)
        .count(),
    ).toBe(0);

    // Bottle Green: XL can be had again; L / Bottle Green is low.
    await colourButton(page, 'Bottle Green').click();
    expect(await sizeButton(page, 'XL').isDisabled()).toBe(false);
    await sizeButton(page, 'L').click();
    await main(page).getByText('Only 2 left', { exact: true }).waitFor();
    expect(squash(await price.textContent())).toBe(
      rupees(variantPrice(variantOf(kurta, 'L', 'Bottle Green'))),
    );
    expect(await main(page).getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(false);
  });

  it("a product of which nothing is left reads 'Out of stock' and cannot be added", async () => {
    const soldOut = await productByTitle(SOLD_OUT_FABRIC);
    const page = await shopPage();
    await openProduct(page, soldOut);
    const button = main(page).getByRole('button', { name: 'Out of stock' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await main(page).getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
  });

  it("fabric shows '₹450 / metre' and its stepper moves 1 → 1.5 → 2 metres", async () => {
    const fabric = await productByTitle(FABRIC);
    expect(fabric.unit).toBe('m');
    expect(productPrice(fabric)).toBe(450);
    const page = await shopPage();
    await openProduct(page, fabric);

    await main(page).getByText('₹450 / metre', { exact: true }).waitFor();
    const stepper = main(page).getByRole('group', { name: 'Quantity in metres', exact: true });
    const value = stepper.locator('output');
    const minus = stepper.getByRole('button', { name: 'Decrease quantity' });
    const plus = stepper.getByRole('button', { name: 'Increase quantity' });
    expect(await value.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);
    const seen: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await plus.click();
      seen.push((await value.textContent()) ?? '');
    }
    expect(seen).toEqual(['1.5', '2', '2.5']);
    expect(squash(await main(page).getByTestId('product-line-total').textContent())).toBe(
      '2.5 m × ₹450 = ₹1,125',
    );
    await minus.click();
    expect(await value.textContent()).toBe('2');

    // On the listing card the price is per metre too.
    await page.goto(`${shop()}/products?category=${encodeURIComponent('unstitched fabrics')}`);
    const card = main(page)
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: FABRIC, exact: true }) });
    await card.waitFor();
    expect(squash(await card.textContent())).toContain('₹450 / metre');
  });

  it("buys 'M / Maroon' and 2.5 m of fabric in one order; cart, checkout, My Orders and the API agree", async () => {
    const kurta = await productByTitle(KURTA);
    const fabric = await productByTitle(FABRIC);
    const maroonM = variantOf(kurta, 'M', 'Maroon');
    const kurtaPrice = variantPrice(maroonM);
    const page = await shopPage(true);

    // The kurta: colour then size, then Add to Cart.
    await openProduct(page, kurta);
    await colourButton(page, 'Maroon').click();
    await sizeButton(page, 'M').click();
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Added to cart')).toBe(`${KURTA} added to your cart`);

    // The fabric: 2.5 m.
    await openProduct(page, fabric);
    const plus = main(page).getByRole('button', { name: 'Increase quantity' });
    for (let step = 0; step < 3; step += 1) await plus.click();
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await eventually(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(
      2,
    );

    // Cart: 'M / Maroon', '1 × ₹…', '2.5 m × ₹450' and ₹1,125; a length of fabric counts as one item.
    await page.goto(`${shop()}/cart`);
    const lines = main(page).getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await lines.first().waitFor();
    const kurtaLine = lines.filter({ hasText: KURTA });
    const fabricLine = lines.filter({ hasText: FABRIC });
    expect(squash(await kurtaLine.getByTestId('cart-line-variant').textContent())).toBe('M / Maroon');
    expect(squash(await kurtaLine.getByTestId('cart-line-quantity').textContent())).toBe(
      `1 × ${rupees(kurtaPrice)}`,
    );
    expect(squash(await fabricLine.getByTestId('cart-line-quantity').textContent())).toBe('2.5 m × ₹450');
    expect(squash(await fabricLine.locator('output').textContent())).toBe('2.5');
    expect(await fabricLine.getByRole('group', { name: `Quantity of ${FABRIC} in metres` }).count()).toBe(1);
    expect(
      squash(
        await fabricLine
          .locator('p')
          .filter({ hasText: /^\s*Line total/ })
          .textContent(),
      ),
    ).toBe('Line total ₹1,125');
    const summary = main(page).getByRole('region', { name: 'Order Summary' });
    expect(squash(await summary.textContent())).toContain(`Subtotal (2 items)${rupees(kurtaPrice + 1125)}`);

    // In the cart the fabric steps by 0.5 m too.
    await fabricLine.getByRole('button', { name: 'Increase quantity' }).click();
    expect(squash(await fabricLine.getByTestId('cart-line-quantity').textContent())).toBe('3 m × ₹450');
    await fabricLine.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(squash(await fabricLine.getByTestId('cart-line-quantity').textContent())).toBe('2.5 m × ₹450');

    // Checkout: the same line texts; the request sends lines with the variant.
    await summary.getByRole('button', { name: 'Checkout' }).click();
    await waitForPath(page, '/checkout');
    // The cart stays on screen until the checkout page's chunk has loaded.
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const checkoutSummary = main(page).getByRole('region', { name: 'Order Summary' });
    const summaryText = squash(await checkoutSummary.innerText());
    expect(summaryText).toContain('M / Maroon');
    expect(summaryText).toContain(`1 × ${rupees(kurtaPrice)}`);
    expect(summaryText).toContain('2.5 m × ₹450');
    expect(summaryText).toContain(`Total ${rupees(kurtaPrice + 1125)}`);
    await fillShipping(page);
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/orders',
    );
    await page.getByRole('button', { name: 'Create Order' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? 'null')).toEqual({
      lines: [
        { productId: kurta.id, variantId: maroonM.id, size: 'M', color: 'Maroon', quantity: 1 },
        expect.objectContaining({ productId: fabric.id, quantity: 2.5 }),
      ],
      shippingAddress: SHIPPING,
    });
    const orderId = ((await response.json()) as { id: string }).id;
    await waitForPath(page, /^\/payment\?orderId=/);

    // The API has the snapshot: size, colour, unit and quantity.
    const order = (await apiCall<Order>('GET', `/orders/${encodeURIComponent(orderId)}`, undefined, token))
      .body;
    expect(
      order.items.map((item) => [item.productTitle, item.size, item.color, item.unit, item.quantity]),
    ).toEqual([
      [KURTA, 'M', 'Maroon', 'piece', 1],
      [FABRIC, null, null, 'm', 2.5],
    ]);
    expect(order.items[1]?.lineTotal).toBe(1125);
    expect(order.total).toBe(kurtaPrice + 1125);

    // My Orders: 'M / Maroon', '2.5 m × ₹450', the amounts, the total and until when payment is held.
    await page.goto(`${shop()}/orders`);
    const card = orderCard(page, orderId);
    await card.waitFor();
    const rows = await itemRows(card);
    expect(rows[0]).toEqual([`${KURTA}M / Maroon`, `1 × ${rupees(kurtaPrice)}`, rupees(kurtaPrice)]);
    expect(rows[1]?.[0]).toContain(FABRIC);
    expect(rows[1]?.slice(1)).toEqual(['2.5 m × ₹450', '₹1,125']);
    expect(squash(await card.getByTestId('order-total').textContent())).toBe(rupees(kurtaPrice + 1125));
    expect(squash(await card.getByTestId('order-pay-by').textContent())).toMatch(/^Pay by \d{2}:\d{2}$/);
    const due = await card.getByTestId('order-pay-by').locator('time').getAttribute('datetime');
    expect(due).toBe(order.paymentDueAt);

    // Track Order shows the same lines.
    await page.goto(`${shop()}/track-order?id=${orderId}`);
    await page.locator('input[name="contactInfo"]').fill(SHIPPING.phone);
    await page.getByRole('button', { name: 'Track Order' }).click();
    const tracked = page.getByRole('region', { name: 'Order details' }).getByRole('article');
    await tracked.waitFor();
    expect((await itemRows(tracked))[1]?.slice(1)).toEqual(['2.5 m × ₹450', '₹1,125']);
    expect(await tracked.getByTestId('order-line-variant').first().textContent()).toBe('M / Maroon');
  });

  it('a sold-out variant cannot be bought, and fabric only in its steps', async () => {
    const kurta = await productByTitle(KURTA);
    const fabric = await productByTitle(FABRIC);
    const soldOut = variantOf(kurta, 'XL', 'Maroon');
    expect(soldOut.available).toBe(false);
    const refused = await orderThroughApi([{ productId: kurta.id, variantId: soldOut.id, quantity: 1 }]);
    expect(refused.status).toBe(409);
    const offStep = await orderThroughApi([{ productId: fabric.id, quantity: 2.25 }]);
    expect(offStep.status).toBe(400);
    expect(JSON.stringify(offStep.body)).toContain('Fabric is sold in steps of 0.5 m from 1 m');
  });

  it('a 4th unpaid order is refused with a link to My Orders, where a Pending order can be cancelled', async () => {
    const kurta = await productByTitle(KURTA);
    const maroonM = variantOf(kurta, 'M', 'Maroon');
    const line = { productId: kurta.id, variantId: maroonM.id, quantity: 1 };

    // Fill the account up to 3 unpaid orders (the previous test left one).
    const mine = () => apiCall<Order[]>('GET', '/orders', undefined, token);
    while ((await mine()).body.filter((order) => order.status === 0).length < 3) {
      const created = await orderThroughApi([line]);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const page = await shopPage(true);
    await page.goto(`${shop()}/`);
    await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([item])), {
      id: kurta.id,
      name: KURTA,
      image: '',
      price: variantPrice(maroonM),
      quantity: 1,
      selectedSize: 'M',
      selectedColor: 'Maroon',
      variantId: maroonM.id,
    });
    await page.goto(`${shop()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Create Order' }).click();
    const alert = main(page).getByRole('alert').filter({ hasText: TOO_MANY_UNPAID_ORDERS });
    await alert.waitFor();
    await alert.getByRole('link', { name: 'Go to My Orders' }).click();
    await waitForPath(page, '/orders');

    // Cancel the newest Pending order: confirm in place, then it reads Cancelled with its cause.
    const pending = (await mine()).body.filter((order) => order.status === 0);
    const orderId = pending[0]!.id;
    const card = orderCard(page, orderId);
    await card.waitFor();
    await card.getByRole('button', { name: `Cancel order ${orderId}` }).click();
    const question = card.getByRole('group', { name: /^Cancel this order\?/ });
    await question.getByRole('button', { name: 'Keep order' }).click();
    expect(await card.getByRole('button', { name: 'Yes, cancel order' }).count()).toBe(0);
    await card.getByRole('button', { name: `Cancel order ${orderId}` }).click();
    const cancelled = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/v1/orders/${orderId}/cancel`,
    );
    await question.getByRole('button', { name: 'Yes, cancel order' }).click();
    expect((await cancelled).status()).toBe(200);
    expect(await waitForToast(page, 'Order cancelled')).toBe(`Order ${orderId} has been cancelled.`);
    await eventually(() => card.getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(squash(await card.getByTestId('order-cancellation').textContent())).toMatch(/^Cancelled\b/);
    expect(await card.getByRole('link', { name: /Pay Now/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Cancel order/ }).count()).toBe(0);
    expect(await card.getByTestId('order-pay-by').count()).toBe(0);

    // With one unpaid order fewer, the same checkout goes through.
    await page.goto(`${shop()}/checkout`);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(page, /^\/payment\?orderId=/);
  });
});
