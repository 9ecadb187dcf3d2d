/** Cart (docs/product.md §2 "Cart", §3 "Cart item", §4 "Cart", §9). */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiProducts,
  eventually,
  attributeValues,
  headerCartLink,
  productSizes,
  rupees,
  screenPrice,
  squash,
  useStorefront,
  waitForPath,
  waitForToast,
  type ApiProduct,
} from './helpers';

const { newPage } = useStorefront();

const CATEGORY = 'unstitched fabrics';

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

const onlyOption = (values: string[]) => (values.length === 1 ? values[0]! : null);

/** The size and colour a card preselects, as the cart shows them: 'One Size / Peach'. */
const variantText = (product: ApiProduct) =>
  [onlyOption(productSizes(product)), onlyOption(attributeValues(product, ['color', 'colors', 'colours']))]
    .filter(Boolean)
    .join(' / ');

const cardOf = (page: Page, product: ApiProduct) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });

const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');

const lineOf = (page: Page, product: ApiProduct) =>
  cartLines(page).filter({ has: page.getByRole('link', { name: product.title, exact: true }) });

const lineQuantity = (line: Locator) => line.locator('output');

/** The line-total paragraph ("Line total" is visually hidden, the amount is shown). */
const lineTotal = (line: Locator) => line.locator('p').filter({ hasText: /^\s*Line total/ });

/** The 'Subtotal (n items)' row of the summary. */
const subtotal = (page: Page) =>
  page
    .getByRole('region', { name: 'Order Summary' })
    .getByText(/^Subtotal/)
    .locator('..');

/** Adds A twice and B once from the listing's cards; returns [A, B]. */
async function fillCart(page: Page): Promise<[ApiProduct, ApiProduct]> {
  const [a, b] = await twoCardProducts();
  await page.goto(`/products?category=${encodeURIComponent(CATEGORY)}`);
  await cardOf(page, a).waitFor();
  await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
  await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
  await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
  await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
  await cardOf(page, b).getByRole('button', { name: 'Add to Cart' }).click();
  await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 3 items');
  return [a, b];
}

describe('cart', () => {
  it("an empty cart says 'Your cart is empty' and 'Continue Shopping' goes home", async () => {
    const page = await newPage();
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
    expect(await cartLines(page).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Continue Shopping' }).click();
    await waitForPath(page, '/');
    await page.getByRole('region', { name: 'Premium Fabrics & Fashion' }).waitFor();
  });

  it('lists lines with line totals and a subtotal, changes quantities, and survives a reload', async () => {
    const page = await newPage();
    const [a, b] = await fillCart(page);
    const priceA = screenPrice(a);
    const priceB = screenPrice(b);

    await headerCartLink(page).click();
    await waitForPath(page, '/cart');
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    expect(await cartLines(page).count()).toBe(2);

    const lineA = lineOf(page, a);
    const lineB = lineOf(page, b);
    expect(await lineQuantity(lineA).textContent()).toBe('2');
    expect(await lineQuantity(lineB).textContent()).toBe('1');
    expect(squash(await lineTotal(lineA).textContent())).toBe(`Line total ${rupees(priceA * 2)}`);
    expect(squash(await lineTotal(lineB).textContent())).toBe(`Line total ${rupees(priceB)}`);
    expect(squash(await lineA.getByTestId('cart-line-quantity').textContent())).toBe(`2 × ${rupees(priceA)}`);
    expect(squash(await lineB.getByTestId('cart-line-quantity').textContent())).toBe(`1 × ${rupees(priceB)}`);
    expect(squash(await subtotal(page).textContent())).toBe(
      `Subtotal (3 items)${rupees(priceA * 2 + priceB)}`,
    );
    // The chosen size and colour read 'One Size / Peach'.
    if (variantText(a)) {
      expect(squash(await lineA.getByTestId('cart-line-variant').textContent())).toBe(variantText(a));
    }

    // Plus and minus; minus is disabled at 1.
    const minusB = lineB.getByRole('button', { name: 'Decrease quantity' });
    const plusB = lineB.getByRole('button', { name: 'Increase quantity' });
    expect(await minusB.isDisabled()).toBe(true);
    await plusB.click();
    expect(await lineQuantity(lineB).textContent()).toBe('2');
    expect(squash(await lineTotal(lineB).textContent())).toBe(`Line total ${rupees(priceB * 2)}`);
    expect(squash(await subtotal(page).textContent())).toBe(
      `Subtotal (4 items)${rupees(priceA * 2 + priceB * 2)}`,
    );
    expect(await minusB.isDisabled()).toBe(false);
    await minusB.click();
    expect(await lineQuantity(lineB).textContent()).toBe('1');
    expect(await minusB.isDisabled()).toBe(true);
    await lineA.getByRole('button', { name: 'Decrease quantity' }).click();
    await lineA.getByRole('button', { name: 'Increase quantity' }).click();
    expect(squash(await subtotal(page).textContent())).toBe(
      `Subtotal (3 items)${rupees(priceA * 2 + priceB)}`,
    );

    // The cart lives in localStorage `cart` and is restored on load.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
    expect(await cartLines(page).count()).toBe(2);
    expect(await lineQuantity(lineOf(page, a)).textContent()).toBe('2');
    expect(await lineQuantity(lineOf(page, b)).textContent()).toBe('1');
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? 'null') as Record<
      string,
      unknown
    >[];
    expect(stored).toEqual([
      {
        id: a.id,
        name: a.title,
        image: a.imgUrl,
        price: priceA,
        quantity: 2,
        selectedSize: onlyOption(productSizes(a)),
        selectedColor: onlyOption(attributeValues(a, ['color', 'colors', 'colours'])),
      },
      {
        id: b.id,
        name: b.title,
        image: b.imgUrl,
        price: priceB,
        quantity: 1,
        selectedSize: onlyOption(productSizes(b)),
        selectedColor: onlyOption(attributeValues(b, ['color', 'colors', 'colours'])),
      },
    ]);
  });

  it("removes a line, and 'Clear Cart' empties the cart with its toast", async () => {
    const page = await newPage();
    const [a, b] = await fillCart(page);
    await page.goto('/cart');
    await cartLines(page).first().waitFor();

    await lineOf(page, a)
      .getByRole('button', { name: `Remove ${a.title}` })
      .click();
    await eventually(() => cartLines(page).count()).toBe(1);
    expect(await lineOf(page, b).count()).toBe(1);
    expect(await waitForToast(page, `${a.title} removed from cart`)).toBe('');
    expect(squash(await subtotal(page).textContent())).toBe(`Subtotal (1 item)${rupees(screenPrice(b))}`);
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    expect(await waitForToast(page, 'Cart cleared')).toBe('All items have been removed from your cart.');
    await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  });

  it('the same product added twice is one line; the quantity-increased toast says so', async () => {
    const page = await newPage();
    const [a] = await twoCardProducts();
    await page.goto(`/products?category=${encodeURIComponent(CATEGORY)}`);
    await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Added to cart')).toBe(`${a.title} added to your cart`);
    await cardOf(page, a).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(`${a.title} quantity increased`, { exact: true }).waitFor();
    await page.goto('/cart');
    await cartLines(page).first().waitFor();
    expect(await cartLines(page).count()).toBe(1);
    expect(await lineQuantity(lineOf(page, a)).textContent()).toBe('2');
  });

  it('lines differ by size; a quantity change touches one line and remove deletes every line of that product', async () => {
    const page = await newPage();
    const [a, b] = await twoCardProducts();
    const line = (product: ApiProduct, size: string, quantity: number) => ({
      id: product.id,
      name: product.title,
      image: product.imgUrl,
      price: screenPrice(product),
      quantity,
      selectedSize: size,
      selectedColor: null,
    });
    await page.goto('/');
    await page.evaluate(
      (lines) => localStorage.setItem('cart', JSON.stringify(lines)),
      [line(a, 'S', 1), line(a, 'M', 1), line(b, 'One Size', 1)],
    );
    await page.goto('/cart');
    await cartLines(page).first().waitFor();
    expect(await cartLines(page).count()).toBe(3);
    const sized = (size: string) =>
      cartLines(page).filter({ has: page.getByTestId('cart-line-variant').getByText(size, { exact: true }) });
    const small = sized('S');
    const medium = sized('M');
    await small.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await lineQuantity(small).textContent()).toBe('2');
    expect(await lineQuantity(medium).textContent()).toBe('1');
    expect(squash(await subtotal(page).textContent())).toBe(
      `Subtotal (4 items)${rupees(screenPrice(a) * 3 + screenPrice(b))}`,
    );

    await medium.getByRole('button', { name: `Remove ${a.title}` }).click();
    await eventually(() => cartLines(page).count()).toBe(1);
    expect(await lineOf(page, b).count()).toBe(1);
    expect(squash(await subtotal(page).textContent())).toBe(`Subtotal (1 item)${rupees(screenPrice(b))}`);
  });

  it("Checkout while signed out shows 'Login Required' and goes to /login", async () => {
    const page = await newPage();
    const [a] = await twoCardProducts();
    await page.goto('/');
    await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([item])), {
      id: a.id,
      name: a.title,
      image: a.imgUrl,
      price: screenPrice(a),
      quantity: 1,
      selectedSize: null,
      selectedColor: null,
    });
    await page.goto('/cart');
    await cartLines(page).first().waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    expect(await waitForToast(page, 'Login Required')).toBe('Please login to proceed with checkout');
    await waitForPath(page, '/login');
  });
});
