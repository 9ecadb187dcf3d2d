/**
 * Server-rendered pages: their content is in the HTML before any JavaScript runs, React takes them over
 * without a hydration error (no mismatch, no blocked inline script), and the shopper's own state — cart and
 * sign-in, which the server does not draw — appears right after.
 */
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, CHROMIUM_PATH, untilLive } from './browser';
import { apiCall, apiProducts, eventually, headerCartLink, rupees, screenPrice, squash } from './helpers';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Rendered-page-2719';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page; with `javaScript: false` it shows only the server's HTML. */
async function phonePage(javaScript = true): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    javaScriptEnabled: javaScript,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    // A product image may 404 in a test shop; everything else logged as an error is a problem.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return { page, problems };
}

describe('pages rendered on the server', () => {
  it('a listing, a product, the home page and a policy show their content with JavaScript off', async () => {
    const { products } = await apiProducts('category=women&page=1&limit=12');
    const product = products[0]!;
    const { page } = await phonePage(false);

    await page.goto('/products?category=women');
    expect(squash(await page.getByRole('heading', { level: 1 }).textContent())).toBe("Women's Ethnic Wear");
    for (const shown of products.slice(0, 4))
      expect(await page.getByText(shown.title, { exact: true }).count()).toBeGreaterThan(0);

    await page.goto(`/product/${product.id}`);
    expect(squash(await page.getByRole('heading', { level: 1 }).textContent())).toBe(product.title);
    expect(await page.getByText(rupees(screenPrice(product))).count()).toBeGreaterThan(0);

    await page.goto('/');
    expect(await page.getByRole('heading', { name: 'Premium Fabrics & Fashion' }).count()).toBe(1);

    await page.goto('/shipping');
    expect(squash(await page.getByRole('heading', { level: 1 }).textContent())).toBe('Shipping Policy');
    await page.context().close();
  });

  it('hydrates every rendered page without an error, and the page then works', async () => {
    const product = (await apiProducts('category=women&page=1&limit=1')).products[0]!;
    const { page, problems } = await phonePage();
    for (const path of [
      '/',
      '/products?category=women',
      `/product/${product.id}`,
      '/shipping',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await untilLive(page);
      expect(problems, path).toEqual([]);
    }
    // Interactive after hydration: the listing's pagination and filters answer clicks.
    await page.goto('/products');
    await untilLive(page);
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await eventually(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the shopper's cart and sign-in appear after hydration (the server draws neither)", async () => {
    const product = (await apiProducts('category=women&page=1&limit=1')).products[0]!;
    const email = `rendered.${Date.now()}.${randomInt(1e6)}@example.com`;
    await apiCall('POST', '/users/register', {
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      password: PASSWORD,
    });
    const signedIn = await apiCall<{ token: string }>('POST', '/users/authorize', {
      email,
      password: PASSWORD,
    });
    const { page, problems } = await phonePage();
    await page.context().addCookies([{ name: 'auth_token', value: signedIn.body.token, url: baseUrl() }]);
    await page.addInitScript((id: string) => {
      localStorage.setItem(
        'cart',
        JSON.stringify([{ id, name: 'Saved kurta', price: 100, image: '', quantity: 3 }]),
      );
    }, product.id);
    await page.goto('/products?category=women');
    await untilLive(page);
    await eventually(async () => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    await eventually(async () => page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(
      0,
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
