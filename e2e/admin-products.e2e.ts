/**
 * The admin's product editor on a phone (390 × 844): the demo owner creates a kurta with 3 sizes × 2 colours
 * through the variant grid (Generate with every combination ticked, a variant's SKU, price and stock in its
 * cell, stock for all variants at once) and uploads two pictures of it; it appears on the storefront with those pictures and a shopper buys one of its variants
 * (checkout, cash on delivery); the owner changes the price, the storefront shows it within 2 seconds and
 * the pictures stay; the page shows the history of both saves.
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists). With
 * `ADMIN_SCREENSHOTS=docs/admin` it saves screenshots of the editor there.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  apiCall as sharedApiCall,
  eventually,
  rupees,
  useStorefront,
  waitForPath,
  waitForToast,
  waitForToastsGone,
  adminScreenshot,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const SKU = `E2E-KUR-${randomInt(1e5, 1e6)}`;
const TITLE = `Ajrakh Cotton Kurta ${SKU.slice(-6)}`;

const PASSWORD = 'Zari-weave-2719';
const ADDRESS = {
  fullName: 'Kabir Malhotra',
  address: '22 Hazratganj',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  phone: '+91 98390 41736',
};

let server: { baseUrl: string; stop: () => Promise<void> };
let folder: string;
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  sharedApiCall<T>(method, path, body, undefined, shop());

beforeAll(async () => {
  server = (await startServer()) as typeof server;
  folder = mkdtempSync(join(tmpdir(), 'resham-admin-products-'));
});
afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A picture file in one colour, written to the test's folder. */
async function pictureFile(name: string, format: 'png' | 'jpeg', r: number): Promise<string> {
  const picture = sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r, g: 70, b: 60 } },
  });
  const path = join(folder, name);
  writeFileSync(path, await (format === 'png' ? picture.png() : picture.jpeg()).toBuffer());
  return path;
}

/** A new customer's session token (registered and signed in through the API). */
async function customerToken(): Promise<string> {
  const email = `buyer.${Date.now()}.${randomInt(1e6)}@example.com`;
  await apiCall('POST', '/users/register', {
    firstName: 'Kabir',
    lastName: 'Malhotra',
    email,
    password: PASSWORD,
  });
  return (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password: PASSWORD })).body
    .token;
}

type Detail = {
  regularPrice: number;
  images: { url: string; srcset?: string }[];
  variants: { id: string; size: string; color: string; price: number }[];
};

/** True when nothing on the page is wider than the phone (no sideways scrolling). */
const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the admin product editor at 390 × 844', () => {
  it('creates a kurta with 6 variants and two pictures that a shopper buys, and a new price shows within 2 s', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop()}/admin/products`);
    await page.waitForURL(/\/admin\/sign-in$/);
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/products$/);
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    // Saving an empty form is refused under its fields, with the catalogue file's messages.
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('must not be empty').first().waitFor();

    await page.getByLabel(/^Title/).fill(TITLE);
    await page.getByLabel(/^SKU/).fill(SKU);
    await page.getByLabel('Description').fill('Hand block printed with natural dyes.');
    await page.getByLabel(/^Category/).fill('Men');
    await page.getByLabel('Sub-category').fill('Kurtas');
    await page.getByLabel(/^Price \(₹\)/).fill('1899');
    await page.getByLabel('Sizes').fill('M, L, XL');
    await page.getByLabel('Colours').fill('Indigo, Madder Red');
    await page.getByRole('button', { name: 'Generate variants' }).click();
    await page.getByRole('button', { name: 'Tick all 6' }).click();
    await page.getByRole('button', { name: 'Add 6 variants' }).click();
    const grid = page.getByRole('table', { name: 'Variants' });
    await eventually(() => grid.getByLabel(/^Stock, /).count()).toBe(6);
    await grid.getByRole('button', { name: 'Details of XL / Madder Red' }).click();
    expect(await page.getByLabel('SKU of XL / Madder Red').inputValue()).toBe(`${SKU}-XL-MADDER-RED`);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await fitsThePhone(page)).toBe(true);

    // Stock 4 for every variant at once, then 1 for XL / Indigo alone, and its own price.
    await page.getByLabel('Stock to set (pieces)').fill('4');
    await page.getByRole('button', { name: 'Set stock for all 6' }).click();
    await grid.getByLabel('Stock, XL / Indigo').fill('1');
    await grid.getByLabel('Price, XL / Indigo').fill('1999');
    await page.getByRole('heading', { name: 'Options and variants' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Create product' }).click();
    await waitForToast(page, 'Product created');
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: TITLE }).waitFor();

    // Two pictures on its Images screen (its link sits under the toasts' lane at the top).
    await waitForToastsGone(page);
    await page.getByRole('link', { name: 'Images' }).click();
    await page.getByRole('heading', { name: 'Images' }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        await pictureFile('ajrakh-front.png', 'png', 150),
        await pictureFile('ajrakh-back.jpg', 'jpeg', 60),
      ]);
    const uploads = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await eventually(() => uploads.filter({ hasText: 'Uploaded' }).count()).toBe(2);
    await page.goBack();
    await page.getByRole('heading', { name: TITLE }).waitFor();

    // The storefront sells it: 6 variants and the two pictures, and a shopper buys M / Madder Red.
    const detail = await apiCall<Detail>('GET', `/products/${productId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.images).toHaveLength(2);
    expect(detail.body.images.every((image) => image.url.startsWith('/media/store/') && image.srcset)).toBe(
      true,
    );
    expect(
      detail.body.variants.map((variant) => `${variant.size}/${variant.color}/${variant.price}`),
    ).toEqual([
      'M/Indigo/1899',
      'M/Madder Red/1899',
      'L/Indigo/1899',
      'L/Madder Red/1899',
      'XL/Indigo/1999',
      'XL/Madder Red/1899',
    ]);
    const shopper = await browser.newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: await customerToken(), url: shop() }]);
    await shopper.goto(`${shop()}/product/${productId}`);
    const main = shopper.getByRole('main');
    await main.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(
      await main.locator(`img[src="${detail.body.images[0]!.url}"]`).first().getAttribute('srcset'),
    ).toContain('640w');
    await main
      .getByRole('group', { name: /^Colour/ })
      .getByRole('button', { name: 'Madder Red', exact: true })
      .click();
    await main.getByRole('group', { name: /Size/ }).getByRole('button', { name: 'M', exact: true }).click();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(shopper, 'Added to cart')).toBe(`${TITLE} added to your cart`);
    const cart = await shopper.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]);
    expect(cart).toHaveLength(1);
    await shopper.goto(`${shop()}/checkout`);
    await shopper.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    for (const [name, value] of Object.entries(ADDRESS)) {
      const input = shopper.locator(`form [name="${name}"]`);
      if (name === 'state') await input.selectOption(value);
      else await input.fill(value);
    }
    await shopper.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(shopper, /^\/payment\?orderId=/);
    await shopper.getByLabel('Payment method').selectOption({ label: 'Cash on delivery' });
    await shopper
      .getByRole('region', { name: 'Payment form' })
      .getByRole('button', { name: 'Place order' })
      .click();
    await waitForPath(shopper, /^\/order-success\?orderId=/);
    const orderNumber = new URL(shopper.url()).searchParams.get('orderId')!;
    await page.goto(`${shop()}/admin/orders/${orderNumber}`);
    await page.getByText(`SKU ${SKU}-M-MADDER-RED · Size M · Madder Red`).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: TITLE }).waitFor();

    // The owner lowers the price; the storefront shows it within 2 seconds.
    await page.getByLabel(/^Price \(₹\)/).fill('1699');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = Date.now();
    await waitForToast(page, 'Saved: the shop shows it now');
    await expect
      .poll(async () => (await apiCall<Detail>('GET', `/products/${productId}`)).body.regularPrice, {
        timeout: 2000,
        interval: 50,
      })
      .toBe(1699);
    expect(Date.now() - saved).toBeLessThan(2000);
    const after = await apiCall<Detail>('GET', `/products/${productId}`);
    expect(after.body.variants.map((variant) => variant.id)).toEqual(
      detail.body.variants.map((variant) => variant.id),
    );
    // The editor read the product again after the uploads: its save keeps the two pictures.
    expect(after.body.images.map((image) => image.url)).toEqual(detail.body.images.map((image) => image.url));
    await shopper.goto(`${shop()}/product/${productId}`);
    await main.getByText(rupees(1699)).first().waitFor();

    // The history: created, then the price change by the owner.
    const history = page.getByRole('list', { name: 'Changes in the admin' });
    await history.getByText(`${DEMO_OWNER.email}: created`).waitFor();
    await history.getByText('Price changed from ₹1,899 to ₹1,699').waitFor();
    // The store's own words only: no field names, no arrows.
    expect(await history.textContent()).not.toMatch(/regularPrice|→/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await adminScreenshot(page, 'product');
    await history.scrollIntoViewIfNeeded();
    await adminScreenshot(page, 'product-history');
    expect(await fitsThePhone(page)).toBe(true);
  });
});
