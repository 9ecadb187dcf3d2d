/**
 * The wishlist on a phone (390 × 844): a guest hearts a product, the header counts it, /wishlist lists it;
 * signing in merges it into the account (and clears the browser's list); removing it leaves the empty state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiProducts,
  eventually,
  squash,
  useStorefront,
  waitForPath,
  waitForToast,
  waitForToastsGone,
} from './helpers';

const { newPage } = useStorefront({ width: 390, height: 844 });
const PASSWORD = 'Phulkari-stitch-4821';

const wishlistLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Wishlist, / });
const wishlistLabel = async (page: Page) => wishlistLink(page).getAttribute('aria-label');

describe('wishlist', () => {
  it('guest heart → header count → /wishlist → sign in keeps it (merged) → remove → empty state', async () => {
    const [product] = (await apiProducts('limit=1')).products;
    expect(product).toBeDefined();
    const name = product!.title;
    const email = `wishlist-${Date.now()}@example.com`;
    const registered = await apiCall('POST', '/users/register', {
      firstName: 'Noor',
      lastName: 'Khan',
      email,
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);

    const page = await newPage();
    await page.goto('/');
    expect(await wishlistLabel(page)).toBe('Wishlist, 0 items');

    // Heart it on its page as a guest.
    await page.goto(`/product/${product!.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const heart = page.getByRole('button', { name: 'Add to Wishlist' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    const added = waitForToast(page, 'Added to wishlist');
    await heart.click();
    expect(await added).toBe(name);
    const saved = page.getByRole('button', { name: 'Remove from Wishlist' });
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => wishlistLabel(page)).toBe('Wishlist, 1 item');
    expect(squash(await wishlistLink(page).textContent())).toBe('1');

    // /wishlist lists it as a product card. On a phone the toasts' lane covers the header.
    await waitForToastsGone(page);
    await wishlistLink(page).click();
    await waitForPath(page, '/wishlist');
    await page.getByRole('heading', { level: 1, name: 'My Wishlist' }).waitFor();
    expect(await page.title()).toMatch(/^My Wishlist \| /);
    const list = page.getByRole('list', { name: 'Saved products' });
    await list.getByRole('article', { name }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);

    // Sign in: the browser's list is merged into the account and cleared from the browser.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/');
    await eventually(() => page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    expect(await wishlistLabel(page)).toBe('Wishlist, 1 item');
    const token = await page.evaluate(() =>
      decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('auth_token='))!
          .slice(11),
      ),
    );
    const account = await apiCall<{ productIds: string[] }>('GET', '/wishlist', undefined, token);
    expect(account).toEqual({ status: 200, body: { productIds: [product!.id] } });

    // The sign-in toast lies over the header until it fades.
    await waitForToastsGone(page);
    await wishlistLink(page).click();
    await waitForPath(page, '/wishlist');
    const card = page.getByRole('list', { name: 'Saved products' }).getByRole('article', { name });
    await card.waitFor();

    // Remove it: the empty state with its link to the products.
    const removed = waitForToast(page, 'Removed from wishlist');
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    expect(await removed).toBe(name);
    await page.getByRole('heading', { level: 1, name: 'Your wishlist is empty' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/products');
    await eventually(() => wishlistLabel(page)).toBe('Wishlist, 0 items');
    const after = await apiCall<{ productIds: string[] }>('GET', '/wishlist', undefined, token);
    expect(after.body).toEqual({ productIds: [] });
  });
});
