/**
 * The admin's variant grid on a phone (390 × 844). Generate lists the Size × Colour combinations a product
 * does not sell yet, none ticked, and adds only the ticked ones — at stock 0, tracked, marked 'New' until
 * edited or saved — so adding a colour never puts unlimited variants on sale, nor the combinations the shop
 * left out. A 25-variant product (5 sizes × 5 colours) is a compact grid with the stock and price of each
 * variant in its cell, without accessibility violations; a cell's stock and a price set for selected cells
 * are saved.
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists). With
 * `ADMIN_SCREENSHOTS=docs/admin` it saves screenshots of the grid there (docs/admin.md).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { apiCall as sharedApiCall, eventually, signInToAdmin, useStorefront, waitForToast } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

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

const screenshots = process.env.ADMIN_SCREENSHOTS;

/** With `ADMIN_SCREENSHOTS=<folder>`, saves what the phone shows from `top` down as `<name>.png` there. */
async function shot(page: Page, name: string, top: Locator) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await eventually(() => page.locator('[data-sonner-toast]').count()).toBe(0);
  await top.evaluate((element) => element.scrollIntoView({ behavior: 'instant' }));
  await eventually(() =>
    top.evaluate((element) => Math.round(element.getBoundingClientRect().top)),
  ).toBeLessThan(200);
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: false });
}

type AdminVariant = {
  id: string;
  size: string | null;
  color: string | null;
  stock: number | null;
  regularPrice: number | null;
};
type AdminProduct = { id: string; values: { variants: AdminVariant[] } };
type StoreVariant = { size: string | null; color: string | null; available: boolean };

/** Signs the demo owner in on `page` and returns the admin's token (for the admin API). */
async function signIn(page: Page): Promise<string> {
  await signInToAdmin(page, shop(), '/products');
  return (await page.evaluate(() => localStorage.getItem('resham-admin-token')))!;
}

/**
 * Creates a product through the admin API with a variant of `stock` for each `[size, colour]` given (a
 * kurta at ₹1,499 by default; `extra` overrides its fields, e.g. fabric by the metre).
 */
async function createProduct(
  token: string,
  sizes: string[],
  colors: string[],
  combos: [string | null, string | null][],
  { stock = 2, ...extra }: { stock?: number; [field: string]: unknown } = {},
) {
  const sku = `E2E-VAR-${randomInt(1e5, 1e6)}`;
  const created = await apiCall<AdminProduct>(
    'POST',
    '/admin/products',
    {
      sku,
      title: `Chanderi Kurta ${sku.slice(-6)}`,
      description: 'Woven in Chanderi.',
      category: 'Men',
      regularPrice: 1499,
      stock: null,
      unit: 'piece',
      images: [],
      attributes: [],
      sizes,
      colors,
      variants: combos.map(([size, color]) => ({
        sku: [sku, size, color].filter(Boolean).join('-').toUpperCase(),
        size,
        color,
        stock,
        regularPrice: null,
      })),
      ...extra,
    },
    token,
  );
  expect(created.status).toBe(201);
  return created.body.id;
}

const byCombo = <T extends { size: string | null; color: string | null }>(variants: T[]) =>
  new Map(variants.map((variant) => [[variant.size, variant.color].filter(Boolean).join(' / '), variant]));

describe('the admin variant grid at 390 × 844', () => {
  it('adds only the ticked combinations, at stock 0 and marked New, so nothing sells without limit', async () => {
    const page = await browser.newPage();
    const token = await signIn(page);
    const sizes = ['S', 'M', 'L'];
    // L / Rust is left out on purpose: the shop does not sell it.
    const sold = sizes.flatMap((size) => ['Indigo', 'Rust'].map((color): [string, string] => [size, color]));
    const id = await createProduct(
      token,
      sizes,
      ['Indigo', 'Rust'],
      sold.filter(([size, color]) => !(size === 'L' && color === 'Rust')),
    );
    await page.goto(`${shop()}/admin/products/${id}`);
    await page.getByRole('table', { name: 'Variants' }).waitFor();

    await page.getByLabel('Colours').fill('Indigo, Rust, Mustard');
    await page.getByRole('button', { name: 'Generate variants' }).click();
    const offered = page.getByRole('group', { name: 'Combinations not sold yet' }).getByRole('checkbox');
    await eventually(() => offered.count()).toBe(4);
    expect(
      await offered.evaluateAll((boxes) =>
        boxes.map((box) => (box as HTMLInputElement).labels![0]!.textContent),
      ),
    ).toEqual(['S / Mustard', 'M / Mustard', 'L / Rust', 'L / Mustard']);
    expect(
      await offered.evaluateAll((boxes) => boxes.filter((box) => (box as HTMLInputElement).checked).length),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'Add 0 variants' }).isDisabled()).toBe(true);

    await shot(
      page,
      'product-variants-generate',
      page.getByRole('heading', { name: 'Options and variants' }),
    );
    await page.getByRole('checkbox', { name: 'M / Mustard' }).check();
    await page.getByRole('checkbox', { name: 'L / Mustard' }).check();
    await page.getByRole('button', { name: 'Add 2 variants' }).click();
    await waitForToast(page, '2 variants added at stock 0');

    const grid = page.getByRole('table', { name: 'Variants' });
    expect(await grid.getByLabel('Stock, M / Mustard').inputValue()).toBe('0');
    expect(await grid.getByLabel('Stock, L / Mustard').inputValue()).toBe('0');
    expect(await grid.getByLabel('Stock, S / Mustard').count()).toBe(0);
    expect(await grid.getByLabel('Stock, L / Rust').count()).toBe(0);
    await grid.getByRole('button', { name: 'Add L / Rust' }).waitFor();
    // Highlighted and described as new, for the eye and for a screen reader.
    expect(await grid.getByText('New', { exact: true }).count()).toBe(2);
    const description = (label: string) =>
      grid.getByLabel(label).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await description('Stock, L / Mustard')).toBe('New');
    await shot(page, 'product-variants-new', grid);
    expect(await description('Stock, M / Indigo')).toBe('');

    // Editing a new cell takes its mark off; saving takes off the others.
    await grid.getByLabel('Stock, M / Mustard').fill('3');
    expect(await grid.getByText('New', { exact: true }).count()).toBe(1);
    expect(await description('Stock, M / Mustard')).toBe('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Saved: the shop shows it now');
    await eventually(() => grid.getByText('New', { exact: true }).count()).toBe(0);

    const stored = await apiCall<AdminProduct>('GET', `/admin/products/${id}`, undefined, token);
    const variants = byCombo(stored.body.values.variants);
    expect(variants.size).toBe(7);
    expect(variants.get('M / Mustard')?.stock).toBe(3);
    expect(variants.get('L / Mustard')?.stock).toBe(0);
    expect(variants.has('L / Rust')).toBe(false);
    expect(variants.has('S / Mustard')).toBe(false);
    const storefront = await apiCall<{ variants: StoreVariant[] }>('GET', `/products/${id}`);
    const offeredToShoppers = byCombo(storefront.body.variants);
    expect(offeredToShoppers.get('M / Mustard')?.available).toBe(true);
    expect(offeredToShoppers.get('L / Mustard')?.available).toBe(false);
  });

  it('shows 25 variants as a compact grid and saves a cell’s stock and a price set for selected cells', async () => {
    const page = await browser.newPage();
    const token = await signIn(page);
    const sizes = ['XS', 'S', 'M', 'L', 'XL'];
    const colors = ['Indigo', 'Rust', 'Mustard', 'Teal', 'Ivory'];
    const id = await createProduct(
      token,
      sizes,
      colors,
      sizes.flatMap((size) => colors.map((color): [string, string] => [size, color])),
    );
    await page.goto(`${shop()}/admin/products/${id}`);
    const grid = page.getByRole('table', { name: 'Variants' });
    await grid.waitFor();
    expect(await grid.getByLabel(/^Stock, /).count()).toBe(25);
    expect(await grid.getByLabel(/^Price, /).count()).toBe(25);
    // Rows are the sizes, smallest first; columns the colours in order.
    expect(await grid.getByRole('rowheader').allTextContents()).toEqual(sizes);
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual(colors);

    const section = page.locator('section[aria-labelledby="variants-title"]');
    const { tableHeight, sectionHeight, pageHeight, pageWidth } = await section.evaluate((element) => ({
      tableHeight: element.querySelector('table')!.getBoundingClientRect().height,
      sectionHeight: element.getBoundingClientRect().height,
      pageHeight: document.documentElement.scrollHeight,
      pageWidth: document.documentElement.scrollWidth,
    }));
    // The grid of 25 variants about 530 px high, options and bulk actions included about 1,000 px (25
    // stacked cards were about 4,700 px); the page's other ~1,850 px are the product's own fields.
    expect(tableHeight).toBeLessThan(600);
    expect(sectionHeight).toBeLessThan(1100);
    expect(pageHeight).toBeLessThan(3000);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);

    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="variants-title"]')
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);

    await shot(page, 'product-variants', page.getByText('Select all (0/25)'));
    await grid.getByLabel('Stock, M / Teal').fill('7');
    await grid.getByLabel('Select M / Rust').check();
    await grid.getByLabel('Select XL / Ivory').check();
    await page.getByLabel('Price to set (₹)').fill('1799');
    await page.getByRole('button', { name: 'Set price for 2 selected' }).click();
    await waitForToast(page, 'Price set for 2 variants');
    expect(await grid.getByLabel('Price, XL / Ivory').inputValue()).toBe('1799');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Saved: the shop shows it now');

    const stored = byCombo(
      (await apiCall<AdminProduct>('GET', `/admin/products/${id}`, undefined, token)).body.values.variants,
    );
    expect(stored.get('M / Teal')).toMatchObject({ stock: 7, regularPrice: null });
    expect(stored.get('M / Rust')).toMatchObject({ stock: 2, regularPrice: 1799 });
    expect(stored.get('XL / Ivory')).toMatchObject({ stock: 2, regularPrice: 1799 });
    expect(stored.get('S / Teal')).toMatchObject({ stock: 2, regularPrice: null });

    await page.reload();
    await grid.waitFor();
    expect(await grid.getByLabel('Stock, M / Teal').inputValue()).toBe('7');
  });

  it('keeps a simple list for fabric in colours only; not tracked is the owner’s explicit choice', async () => {
    const page = await browser.newPage();
    const token = await signIn(page);
    const id = await createProduct(
      token,
      [],
      ['Indigo', 'Rust'],
      [
        [null, 'Indigo'],
        [null, 'Rust'],
      ],
      {
        title: `Sanganeri Cotton Fabric ${randomInt(1e5, 1e6)}`,
        category: 'Fabrics',
        unit: 'm',
        minQuantity: 1,
        quantityStep: 0.5,
        regularPrice: 349,
        stock: 10.5,
      },
    );
    await page.goto(`${shop()}/admin/products/${id}`);
    const list = page.getByRole('list', { name: 'Variants' });
    await list.waitFor();
    expect(await page.getByRole('table', { name: 'Variants' }).count()).toBe(0);
    expect(await list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByLabel('Stock, Indigo').inputValue()).toBe('10.5');

    // A tracked stock left blank is refused, not taken as 'sells without limit'.
    await list.getByLabel('Stock, Indigo').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Some fields need attention');
    await page
      .getByRole('list', { name: 'Problems with variants' })
      .getByText('Indigo: Stock must be a number')
      .waitFor();
    await list.getByLabel('Stock, Indigo').fill('12');

    await list.getByRole('button', { name: 'Details of Rust' }).click();
    await page.getByLabel(/^Not tracked: sells without limit/).check();
    expect(await list.getByLabel('Stock, Rust').inputValue()).toBe('');
    expect(await list.getByLabel('Stock, Rust').getAttribute('placeholder')).toBe('∞');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Saved: the shop shows it now');
    const stored = byCombo(
      (await apiCall<AdminProduct>('GET', `/admin/products/${id}`, undefined, token)).body.values.variants,
    );
    expect(stored.get('Indigo')?.stock).toBe(12);
    expect(stored.get('Rust')?.stock).toBeNull();
  });
});
