/**
 * Shared helpers of the browser tests: API reads to compute expectations from the running app's data,
 * toast lookups (sonner), request recording, and the page-error check every test ends with.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { baseUrl, useBrowser } from './browser';

/** The product as the API returns it (docs/product.md §3 "Product (as returned by the server)"). */
export type ApiProduct = {
  id: string;
  title: string;
  description: string;
  imgUrl: string;
  category: string;
  parentCategory: string | null;
  regularPrice: number | null;
  discountedPrice: number | null;
  images: { url: string }[];
  attributes: { id: string; key: string; value: string[]; metricUnit: string | null }[];
};

export type ApiProductList = { data: ApiProduct[]; count?: number; pagination?: { total: number } };

export type ApiStoreInfo = {
  storeName: string;
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  categories: string[];
  categoryImages: Record<string, string>;
  policies: Record<string, string>;
};

/** GET `${baseUrl}/api/v1{path}` as JSON (fails the test on a non-2xx answer). */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/v1${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Calls `${origin}/api/v1{path}` with an optional JSON body and bearer token, whatever the status; returns the
 * status and the parsed body (null when empty). `origin` defaults to the shared test server's.
 */
export async function apiCall<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
  origin: string = baseUrl(),
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A product list page; `query` is the query string without '?'. */
export async function apiProducts(query: string): Promise<{ products: ApiProduct[]; total: number }> {
  const list = await api<ApiProductList>(`/products?${query}`);
  return { products: list.data, total: list.pagination?.total ?? list.count ?? 0 };
}

/** Every product of the demo shop (walks the pages at the API's page size). */
export async function allProducts(): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page += 1) {
    const { products: batch, total } = await apiProducts(`page=${page}&limit=100`);
    products.push(...batch);
    if (batch.length === 0 || products.length >= total) return products;
  }
}

export const storeInfo = () => api<ApiStoreInfo>('/storeInfo');

/** The screen price of a product (docs/product.md §3): discountedPrice if present, else regularPrice, else 0. */
export function screenPrice(product: ApiProduct): number {
  return product.discountedPrice ?? product.regularPrice ?? 0;
}

/** Values of an attribute read case-insensitively by one of `keys` (docs/product.md §3). */
export function attributeValues(product: ApiProduct, keys: string[]): string[] {
  return product.attributes.find((attribute) => keys.includes(attribute.key.toLowerCase()))?.value ?? [];
}

export const productSizes = (product: ApiProduct) => attributeValues(product, ['size', 'sizes']);

/**
 * ₹ with en-IN grouping, no decimals for whole rupees and otherwise exactly 2 (docs/product.md §9: ₹1,999,
 * ₹2,747.50), computed independently of the app.
 */
export function rupees(amount: number): string {
  const whole = Math.round(amount * 100) % 100 === 0;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** Collapses runs of white space (text read from the DOM). */
export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The sonner toast whose title is exactly `title`. */
export function toastByTitle(page: Page, title: string): Locator {
  return page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
}

/** Waits for the toast titled `title` and returns its description text. */
export async function waitForToast(page: Page, title: string): Promise<string> {
  const toast = toastByTitle(page, title).first();
  await toast.waitFor({ state: 'visible' });
  const description = toast.locator('[data-description]');
  return (await description.count()) === 0 ? '' : squash(await description.textContent());
}

/**
 * Waits until no toast is left, with the pointer moved off the toasts' lane at the top first: sonner keeps
 * toasts while the pointer rests on them, and a control under the lane cannot take a click meanwhile.
 */
export async function waitForToastsGone(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.mouse.move(1, (viewport?.height ?? 600) - 1);
  // Every toast, not only the first: a second one stacked under it (or shown meanwhile) fades out later.
  await eventually(() => page.locator('[data-sonner-toast]').count()).toBe(0);
}

/** Records the URLs of every /api/ request the page makes from now on. */
export function recordApiRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) urls.push(request.url());
  });
  return urls;
}

const requestsOf = new WeakMap<Page, Set<Request>>();

/**
 * Starts counting the requests `page` has in flight (call it before the page navigates); `noRequestInFlight`
 * then waits until every request it made has finished or failed.
 */
export function trackRequests(page: Page): void {
  if (requestsOf.has(page)) return;
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  requestsOf.set(page, pending);
}

/** Waits until no request `page` made since {@link trackRequests} is still in flight. */
export async function noRequestInFlight(page: Page): Promise<void> {
  const pending = requestsOf.get(page);
  if (!pending) throw new Error('call trackRequests(page) before the page navigates');
  await eventually(() => pending.size).toBe(0);
}

/** Current path plus query of the page. */
export function pathWithQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page's path (and query, when `expected` has one) matches. */
export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  await page.waitForURL((url) => {
    const actual =
      typeof expected === 'string' && !expected.includes('?') ? url.pathname : `${url.pathname}${url.search}`;
    return typeof expected === 'string' ? actual === expected : expected.test(actual);
  });
}

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls instantly (the app's html has `scroll-behavior: smooth`). */
export async function scrollTo(page: Page, top: number | 'bottom'): Promise<void> {
  await page.evaluate((target) => {
    const y = target === 'bottom' ? document.documentElement.scrollHeight : target;
    window.scrollTo({ top: y, behavior: 'instant' });
  }, top);
}

/**
 * `useBrowser()` plus the check every test ends with: no uncaught page errors (hygiene every test keeps).
 */
export function useStorefront(viewport?: { width: number; height: number }) {
  const browser = useBrowser(viewport);
  afterEach(() => {
    expect(browser.errors, 'uncaught errors in the page').toEqual([]);
  });
  return browser;
}

/** The cart link of the header, whose accessible name carries the item count ("Cart, 2 items"). */
export function headerCartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, / });
}

/** The item-count badge shown on the header's cart link (empty string when there is none). */
export async function headerCartBadge(page: Page): Promise<string> {
  const link = headerCartLink(page);
  return squash(await link.textContent());
}

/**
 * `expect.poll` with a timeout that suits a loaded 2-core machine (vitest's default is 1 s): for smooth
 * scrolling, transitions and state that settles after a render.
 */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 50 });
}

/**
 * Opens `path` as a page the browser renders itself: a page opened by its address arrives rendered by the
 * server with its data, so a test that changes or holds back what the API answers starts on /contact (drawn
 * in the browser) and moves to `path` through the router, as a click on a link would.
 */
export async function openInBrowser(page: Page, path: string): Promise<void> {
  await page.goto('/contact');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The demo shop's owner (seeded with the demo data). */
export const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };

/**
 * Opens `/admin{path}` of the shop at `shop` signed out, signs in as {@link DEMO_OWNER} on the sign-in page it
 * leads to, and waits to be back at `path`.
 */
export async function signInToAdmin(page: Page, shop: string, path: string): Promise<void> {
  await page.goto(`${shop}/admin${path}`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`/admin${path}$`));
}

/** With `ADMIN_SCREENSHOTS=docs/admin`, saves the screen there as `{name}.png` (docs/admin.md); otherwise nothing. */
export async function adminScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.ADMIN_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: false });
}
