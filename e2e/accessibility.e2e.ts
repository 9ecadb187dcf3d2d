/**
 * Accessibility of every storefront page: axe-core (through `@axe-core/playwright`) finds no violation of its
 * default rule set (WCAG 2.x A and AA plus axe's best practices: colour contrast, heading order, list and `dl`
 * structure, landmarks) and the experimental rule that a control's name contains its visible text, on a phone and on a desktop screen.
 *
 * Each page is checked once its content is in (no loading skeleton left), signed out and, for the account
 * pages, signed in.
 */
import { randomInt } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import {
  apiCall,
  type ApiProduct,
  eventually,
  noRequestInFlight,
  openInBrowser,
  trackRequests,
  useStorefront,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Zari-weave-2719';

const browser = useStorefront(PHONE);
const { newPage } = browser;

/** axe's violations on the page, as `rule: target, target` lines (empty when the page passes). */
async function violations(page: Page): Promise<string[]> {
  // 'label-content-name-mismatch' (a control's accessible name must contain its visible text, WCAG 2.5.3) is
  // one of axe's experimental rules, off unless asked for.
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Waits until the page's data is in: its heading is shown, nothing busy, no request in flight. */
async function settled(page: Page): Promise<void> {
  // Every page has its h1 once its (lazily loaded) screen is in; the layout around it comes earlier.
  await page.locator('h1').first().waitFor();
  await noRequestInFlight(page);
  await eventually(() => page.locator('[aria-busy="true"], [role="status"] .animate-pulse').count()).toBe(0);
}

async function expectAccessible(page: Page, path: string): Promise<void> {
  trackRequests(page);
  await page.goto(path);
  await settled(page);
  expect((await violations(page)).join('\n'), `axe violations on ${path}`).toBe('');
}

let productId = '';
/** A product sold by the piece without sizes or colours, so 'Add to Cart' needs no choice. */
let pieceProductId = '';
let customerToken = '';

beforeAll(async () => {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=12');
  productId = list.body.data[0]!.id;
  const all = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  for (const item of all.body.data) {
    const detail = await apiCall<{ unit: string; variants: unknown[]; available: boolean }>(
      'GET',
      `/products/${item.id}`,
    );
    if (detail.body.unit === 'piece' && detail.body.variants.length === 0 && detail.body.available) {
      pieceProductId = item.id;
      break;
    }
  }

  const email = `a11y.${Date.now()}.${randomInt(1e6)}@example.com`;
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
  customerToken = signedIn.body.token;
  // An order, so /orders shows an order card rather than its empty state.
  const placed = await apiCall(
    'POST',
    '/orders',
    {
      products: { [pieceProductId]: 1 },
      shippingAddress: {
        fullName: 'Asha Verma',
        address: '14 Chowk Bazaar, Aminabad',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226018',
        phone: '+91 98390 41736',
      },
    },
    customerToken,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
});

const PUBLIC_PAGES = [
  '/',
  '/products',
  '/products?category=women',
  '/products?q=zzzzqqq',
  '/cart',
  '/contact',
  '/track-order',
  '/order-success',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=abc',
  '/newsletter/unsubscribe?token=abc',
  '/terms',
  '/privacy',
  '/refund',
  '/return',
  '/shipping',
  '/about',
  '/no-such-page/really',
];

describe('axe finds no violation', () => {
  it.each(PUBLIC_PAGES)('on %s (phone, signed out)', async (path) => {
    const page = await newPage();
    await expectAccessible(page, path);
  });

  it('on /products while its products are loading (skeletons)', async () => {
    const page = await newPage();
    // The products arrive only once the check is done: the skeletons stay on screen for as long as it takes.
    let checked!: () => void;
    const done = new Promise<void>((resolve) => (checked = resolve));
    await page.route('**/api/v1/products?**', async (route) => {
      await done;
      await route.continue().catch(() => undefined);
    });
    await openInBrowser(page, '/products');
    await page.getByLabel('Loading products').waitFor();
    try {
      expect((await violations(page)).join('\n'), 'axe violations while loading').toBe('');
    } finally {
      checked();
    }
  });

  it('on a product page (phone, signed out)', async () => {
    const page = await newPage();
    await expectAccessible(page, `/product/${productId}`);
  });

  it.each(['/account', '/orders'])('on %s (phone, signed in)', async (path) => {
    const page = await newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: customerToken, url: baseUrl() }]);
    await expectAccessible(page, path);
  });

  it('on /cart and /checkout with a line in the cart (phone, signed in)', async () => {
    const page = await newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: customerToken, url: baseUrl() }]);
    await page.goto(`/product/${pieceProductId}`);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expectAccessible(page, '/cart');
    await expectAccessible(page, '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  });
});

describe('axe finds no violation on a desktop screen', () => {
  const desktop = useStorefront({ width: 1280, height: 800 });
  it.each(['/', '/products', '/contact', '/shipping'])('on %s', async (path) => {
    const page = await desktop.newPage();
    await expectAccessible(page, path);
  });
});
