/**
 * The admin's settings on a phone (390 × 844): the demo owner renames the shop and rewrites the terms page —
 * with a `<script>` and an `onerror=` that must run neither in the admin's preview nor in the shop — and the
 * storefront shows both; exports the catalogue, imports a changed copy (preview, then Apply) and the product
 * page shows the change; the demo shop's WhatsApp number gives 'Ask on WhatsApp' on product pages and 'Share
 * order' after an order, and clearing it removes them. With `ADMIN_SCREENSHOTS=docs/admin` it saves a
 * screenshot of each screen there (docs/admin.md).
 *
 * This file starts its own server (a fresh demo shop), since it changes the shop's name, texts and catalogue.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  apiCall,
  type ApiProduct,
  eventually,
  signInToAdmin,
  useStorefront,
  adminScreenshot,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const HOSTILE_TERMS =
  '<h2>Our own terms</h2><p>Sold by {companyName}.</p>' +
  '<script>window.__policyScript = 1</script><img src="/missing.png" onerror="window.__policyScript = 2">';

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;

/** The shop's products of the first page of the list (API), in listing order. */
async function listedProducts(): Promise<ApiProduct[]> {
  const { body } = await apiCall<{ data: ApiProduct[] }>(
    'GET',
    '/products?page=1&limit=100',
    undefined,
    undefined,
    shop(),
  );
  return body.data;
}

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, path: string) => signInToAdmin(page, shop(), path);

/** Whether the hostile policy's script or handler ran in `page`. */
/**
 * Waits until every picture of the page has loaded or failed, and the tasks that queued have run: an inline
 * handler of one of them (the hostile policy's `onerror`) would have run by then.
 */
async function picturesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const policyScriptRan = (page: Page) =>
  page.evaluate(() => (window as unknown as { __policyScript?: number }).__policyScript ?? null);

describe('the admin settings at 390 × 844', () => {
  it('the owner renames the shop and rewrites a policy whose script never runs; the storefront shows both', async () => {
    const page = await browser.newPage();
    await signIn(page, '/settings');
    const name = page.getByLabel('Store name');
    await expect.poll(() => name.inputValue()).toBe('Resham House');
    await adminScreenshot(page, 'settings');
    await name.fill('Resham House Varanasi');
    await page.getByRole('button', { name: 'Save store info' }).click();
    await page.getByText('Store info saved').waitFor();

    // A bad GSTIN is refused under its field with the catalogue file's message.
    await page.getByLabel('GSTIN').fill('09AAGCR4375J1ZX');
    await page.getByRole('button', { name: 'Save GST settings' }).click();
    await page.getByText('check character does not match').waitFor();
    await page.getByLabel('GSTIN').fill('09aagcr4375j1zw');
    await page.getByRole('button', { name: 'Add a category default' }).click();
    await page.getByLabel('Category', { exact: true }).last().fill('Stoles');
    await page.getByLabel('HSN', { exact: true }).last().fill('12');
    await page.getByRole('button', { name: 'Save GST settings' }).click();
    await page.getByText('must be an HSN code of 4, 6 or 8 digits').waitFor();
    await page.getByLabel('HSN', { exact: true }).last().fill('6214');
    await page.getByLabel('GST rate').last().selectOption('5');
    await page.getByRole('button', { name: 'Save GST settings' }).click();
    await page.getByText('GST settings saved').waitFor();

    // Women moves to the front of the header's categories.
    await page.getByRole('button', { name: 'Move Women up' }).click();
    await page.getByRole('button', { name: 'Save categories' }).click();
    await page.getByText('Categories saved').waitFor();
    const info = await apiCall<{ categories: string[] }>('GET', '/storeInfo', undefined, undefined, shop());
    expect(info.body.categories.slice(0, 2)).toEqual(['Women', 'Men']);

    await page.getByRole('link', { name: 'Policy pages' }).click();
    await page.getByRole('button', { name: /Terms and Conditions/ }).click();
    await page.getByLabel('Terms and Conditions (HTML)').fill(HOSTILE_TERMS);
    const preview = page.getByTestId('policy-preview');
    await preview.getByRole('heading', { name: 'Our own terms' }).waitFor();
    await preview.getByText('Sold by Resham Textiles Private Limited.').waitFor();
    expect(await preview.innerHTML()).not.toMatch(/script|onerror/);
    await picturesSettled(page);
    expect(await policyScriptRan(page)).toBeNull();
    await adminScreenshot(page, 'policies');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Terms and Conditions saved').waitFor();

    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/`);
    await eventually(() => shopper.title()).toContain('Resham House Varanasi');
    await shopper.goto(`${shop()}/terms`);
    await shopper.getByRole('heading', { name: 'Our own terms' }).waitFor();
    await shopper.getByText('Sold by Resham Textiles Private Limited.').waitFor();
    await picturesSettled(shopper);
    expect(await policyScriptRan(shopper)).toBeNull();
  });

  it('the owner exports the catalogue, imports a changed copy after its preview, and the shop shows it', async () => {
    const page = await browser.newPage();
    await signIn(page, '/catalog-file');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export catalogue' }).click();
    const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
      store: Record<string, unknown>;
      products: { sku: string; title: string }[];
    };
    expect(exported.products).toHaveLength(64);
    expect(exported.store).toMatchObject({
      companyName: 'Resham Textiles Private Limited',
      whatsappNumber: '+919839041736',
    });

    // Beside it, the CSV for spreadsheets: one row per variant with its stock, Shopify's columns.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await csvFile.path())!, 'utf8').split('\n');
    expect(csv[0]).toBe(
      'Handle,Title,Type,Status,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Unit,Image Src,Variant Image',
    );
    expect(csv.find((line) => line.startsWith('fab-slk-001,'))).toMatch(
      /^fab-slk-001,Emerald Pure Mulberry Silk Fabric,Unstitched Fabrics,active,Title,Default Title,,,FAB-SLK-001,1899\.00,,[\d.]+,m,/,
    );

    // The export itself changes nothing.
    const unchangedPath = join(tmpdir(), `resham-unchanged-${Date.now()}.json`);
    writeFileSync(unchangedPath, JSON.stringify(exported));
    await page.getByLabel('Catalogue file (.json)').setInputFiles(unchangedPath);
    await page.getByText('Nothing to change: the shop already matches this file.').waitFor();

    const first = exported.products[0]!;
    const changed = {
      ...exported,
      products: [{ ...first, title: `${first.title} (New Weave)` }, ...exported.products.slice(1)],
    };
    const changedPath = join(tmpdir(), `resham-changed-${Date.now()}.json`);
    writeFileSync(changedPath, JSON.stringify(changed));
    await page.getByLabel('Catalogue file (.json)').setInputFiles(changedPath);
    const previewBox = page.getByRole('region', { name: 'Import preview' });
    await previewBox.getByText(/0 to add, 1 to change, 63 unchanged/).waitFor();
    await previewBox.getByText(`${first.title} (New Weave)`).waitFor();
    await adminScreenshot(page, 'catalog-file');
    await previewBox.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/Imported: 0 added, 1 changed, 63 unchanged/).waitFor();

    // A bad file is refused with the CLI's places and messages.
    const badPath = join(tmpdir(), `resham-bad-${Date.now()}.json`);
    writeFileSync(badPath, JSON.stringify({ ...exported, products: [{ ...first, regularPrice: 0 }] }));
    await page.getByLabel('Catalogue file (.json)').setInputFiles(badPath);
    await page.getByRole('alert').getByText('products[0].regularPrice: must be above 0').waitFor();

    const shopper = await browser.newPage();
    const renamed = (await listedProducts()).find(
      (product) => product.title === `${first.title} (New Weave)`,
    );
    expect(renamed).toBeTruthy();
    await shopper.goto(`${shop()}/product/${renamed!.id}`);
    await shopper.getByRole('heading', { name: `${first.title} (New Weave)`, level: 1 }).waitFor();
  });

  it("shows 'Ask on WhatsApp' and 'Share order' with the shop's number, and neither once it is cleared", async () => {
    const shopper = await browser.newPage();
    const product = (await listedProducts())[1]!;
    await shopper.goto(`${shop()}/product/${product.id}`);
    const title = product.title;
    await shopper.getByRole('heading', { name: title, level: 1 }).waitFor();
    const ask = shopper.getByRole('link', { name: 'Ask on WhatsApp' });
    const href = (await ask.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/919839041736?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1]!);
    expect(text).toContain(title);
    expect(text).toContain(shopper.url());

    await shopper.goto(`${shop()}/order-success?orderId=RS-7KQ29XD3`);
    const share = shopper.getByRole('link', { name: 'Share order' });
    const shareText = decodeURIComponent((await share.getAttribute('href'))!.split('?text=')[1]!);
    expect(shareText).toContain('RS-7KQ29XD3');

    const page = await browser.newPage();
    await signIn(page, '/settings');
    await page.getByLabel('WhatsApp number').fill('');
    await page.getByRole('button', { name: 'Save store info' }).click();
    await page.getByText('Store info saved').waitFor();
    const later = await browser.newPage();
    await later.goto(`${shop()}/order-success?orderId=RS-7KQ29XD3`);
    await later.getByRole('link', { name: 'View Orders' }).waitFor();
    expect(await later.getByRole('link', { name: 'Share order' }).count()).toBe(0);
  });

  it('the owner sets shipping on the Delivery screen and the shop charges it; GSTR-1 sheets download from Settings', async () => {
    const page = await browser.newPage();
    await signIn(page, '/settings');
    await page.getByRole('link', { name: 'Delivery and COD' }).click();
    await page.getByRole('heading', { name: 'Delivery' }).first().waitFor();
    await page.getByLabel('Shipping charge (₹)').fill('79');
    await page.getByLabel('Free shipping from (₹)').fill('1499');
    await page.getByRole('button', { name: 'Save delivery settings' }).click();
    await page.getByText('Delivery settings saved').waitFor();
    await adminScreenshot(page, 'delivery');

    // The delivery check the product page and checkout use quotes the new charge, free from ₹1,499.
    const below = await apiCall<{ served: boolean; shipping: number }>(
      'GET',
      '/delivery/check?postalCode=302001&subtotal=1000',
      undefined,
      undefined,
      shop(),
    );
    expect(below.body).toMatchObject({ served: true, shipping: 79 });
    const above = await apiCall<{ shipping: number }>(
      'GET',
      '/delivery/check?postalCode=302001&subtotal=1500',
      undefined,
      undefined,
      shop(),
    );
    expect(above.body.shipping).toBe(0);

    // A month's HSN summary, as the accountant files it.
    await page.goto(`${shop()}/admin/settings`);
    await page.getByRole('heading', { name: 'GST returns (GSTR-1)' }).waitFor();
    await page.getByLabel('Month').fill('2026-11');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'HSN summary' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('gstr1-2026-11-hsn.csv');
    expect(readFileSync((await download.path())!, 'utf8').split('\r\n')[0]).toMatch(/^Supply,HSN,/);
  });
});
