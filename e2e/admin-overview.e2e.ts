/**
 * The admin's overview screens on a phone (390 × 844): the product list shows each product's picture (an
 * `<img>` whose alt text is the product's title, 40 × 48, loaded), the dashboard of a store without sales says
 * 'No sales in the last 30 days' instead of an empty chart and warns 'No backup in the last 26 hours' (the
 * server has no BACKUP_DIR), and once an order is paid the chart's labels are in the page's text size, not
 * scaled up with the drawing.
 *
 * This file starts its own server: a fresh demo shop, which has no orders until this file places one.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer } from '../scripts/start-server-process.mjs';
import { apiCall as sharedApiCall, type ApiProduct, eventually, squash, useStorefront } from './helpers';
import { placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

/** Opens `path` of the admin, signing the demo owner in on the way. */
async function openAdmin(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${shop()}/admin${path}`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === `/admin${path}`);
  return page;
}

/** Every product of this server's store, as the storefront's API gives them. */
async function storefrontProducts(): Promise<ApiProduct[]> {
  const found: ApiProduct[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await apiCall<{ data: ApiProduct[]; pagination: { total: number } }>(
      'GET',
      `/products?page=${page}&limit=100`,
    );
    found.push(...body.data);
    if (body.data.length === 0 || found.length >= body.pagination.total) return found;
  }
}

/** A shopper's order of one plain product (by the piece, no variants), marked paid by the owner: a sale today. */
async function paidOrder(): Promise<string> {
  const { orderNumber } = await placeShopperOrder(shop(), await storefrontProducts(), 'overview.e2e');
  const owner = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER);
  expect(owner.status).toBe(200);
  const paid = await apiCall(
    'POST',
    `/admin/orders/${encodeURIComponent(orderNumber)}/mark-paid`,
    { utr: '412345678901' },
    owner.body.token,
  );
  expect(paid.status).toBe(200);
  return orderNumber;
}

describe('the admin overview at 390 × 844', () => {
  it("shows each product's picture in the product list, titled, at a fixed size", async () => {
    const withPicture = new Map(
      (await storefrontProducts()).map((product) => [
        product.title,
        Boolean(product.imgUrl || product.images.length > 0),
      ]),
    );
    const page = await openAdmin('/products');
    const rows = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await eventually(() => rows.count()).toBe(25);
    let pictures = 0;
    for (const row of await rows.all()) {
      const title = squash(await row.locator('a > div:first-of-type > span').first().textContent());
      expect(withPicture.has(title), title).toBe(true);
      const image = row.getByRole('img', { name: title, exact: true });
      if (!withPicture.get(title)) {
        expect(await image.count()).toBe(0);
        continue;
      }
      pictures += 1;
      // Pictures load as they come near the screen (loading="lazy").
      await image.scrollIntoViewIfNeeded();
      await eventually(() =>
        image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
      ).toBe(true);
      const box = await image.boundingBox();
      expect([box?.width, box?.height]).toEqual([40, 48]);
    }
    expect(pictures).toBeGreaterThan(0);
  });

  it("says 'No sales in the last 30 days' on the dashboard of a store without sales", async () => {
    const page = await openAdmin('');
    const card = page.getByRole('region', { name: 'Daily sales, 30 days' });
    await card.getByText('No sales in the last 30 days', { exact: true }).waitFor();
    expect(await card.getByRole('img').count()).toBe(0);
  });

  it("warns 'No backup in the last 26 hours' on the dashboard of a store that took none", async () => {
    const page = await openAdmin('');
    const warning = page.getByRole('status', { name: 'Backups' });
    await warning.getByRole('heading', { name: 'No backup in the last 26 hours' }).waitFor();
    expect(await warning.getByRole('paragraph').textContent()).toBe(
      'Set BACKUP_DIR so the store takes one daily, or run npm run backup on the server.',
    );
  });

  it("labels the chart of a store with a sale in the page's text size", async () => {
    await paidOrder();
    const page = await openAdmin('');
    const card = page.getByRole('region', { name: 'Daily sales, 30 days' });
    await card.getByRole('img', { name: 'Daily sales for 30 days' }).waitFor();
    expect(await card.getByText('No sales in the last 30 days').count()).toBe(0);
    const today = card.getByText('today', { exact: true });
    const sizes = await today.evaluate((label) => ({
      label: getComputedStyle(label).fontSize,
      body: getComputedStyle(document.body).fontSize,
      drawnHeight: label.getBoundingClientRect().height,
    }));
    expect(sizes.label).toBe(sizes.body);
    // Drawn at that size too: a line of text, not a label scaled up with the chart.
    expect(sizes.drawnHeight).toBeLessThanOrEqual(parseFloat(sizes.body) * 1.6);
  });
});
