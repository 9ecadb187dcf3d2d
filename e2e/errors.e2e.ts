/**
 * Route error boundaries: a page that fails while rendering, or whose code chunk cannot be loaded after a
 * deploy, shows 'Something went wrong' with 'Reload' instead of a blank page. A missing chunk first reloads the
 * page once by itself, remembered in sessionStorage so it never loops.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, headerCartLink, useStorefront, waitForPath } from './helpers';

const { newPage } = useStorefront();

const CHUNK_RELOAD_KEY = 'resham:chunk-reload';
const CART_CHUNK = '**/assets/cart-page-*.js';

const errorHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Something went wrong' });
const reloadMark = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY);

describe('error boundaries', () => {
  it('a page that throws while rendering shows the error screen under the header; another page works', async () => {
    const page = await newPage();
    // One cart line priced with paise, and a string method the rupee formatter needs for the paise that throws:
    // the cart page fails while it renders the prices.
    await page.addInitScript(() => {
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            id: 'broken-render',
            name: 'Test line',
            image: '',
            price: 99.5,
            quantity: 1,
            selectedSize: null,
            selectedColor: null,
          },
        ]),
      );
      Object.defineProperty(String.prototype, 'padStart', {
        configurable: true,
        get() {
          throw new Error('The rupee formatter is broken for this test');
        },
      });
    });
    await page.goto('/cart');
    await errorHeading(page).waitFor();
    const screen = page.getByRole('alert').filter({ has: errorHeading(page) });
    expect(await screen.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Shopping Cart' }).count()).toBe(0);
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await reloadMark(page)).toBeNull();

    // 'Reload' reloads the page (the formatter is still broken, so the screen comes back).
    const reloaded = page.waitForEvent('load');
    await screen.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await errorHeading(page).waitFor();

    // Leaving the failed page clears the error: the contact page renders in the same layout.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await waitForPath(page, '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await errorHeading(page).count()).toBe(0);
  });

  it('a page chunk that fails to load reloads the page once, then shows the error screen', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('region', { name: 'Premium Fabrics & Fashion' }).waitFor();

    // The deploy replaced the files: the cart page's chunk is gone.
    let chunkRequests = 0;
    await page.route(CART_CHUNK, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await headerCartLink(page).click();
    await errorHeading(page).waitFor();
    await eventually(() => loads).toBe(1);
    await eventually(() => chunkRequests).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await reloadMark(page)).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);

    // The chunk is back: 'Reload' shows the page and clears the mark for the next deploy.
    await page.unroute(CART_CHUNK);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
    expect(await reloadMark(page)).toBeNull();
    expect(loads).toBe(2);
  });
});
