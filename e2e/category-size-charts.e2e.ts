/**
 * Size charts per category on a phone (390 × 844), on a server of its own (the owner changes the shop): the
 * demo owner gives the Kurtis sub-category its own chart in centimetres in the admin's settings, with rows typed
 * out of order and sizes no kurti is sold in; a kurti's product page then shows that chart with only the
 * kurti's sizes, smallest first, while a men's kurta still shows the shop's chart.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productByTitle } from './demo-kurta-and-fabric';
import { startServer } from './servers';
import { signInToAdmin, squash, useStorefront, waitForToast } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const KURTI = 'Coral Linen Kurti'; // Women / Kurtis, sizes S–XL
const KURTA = 'White Chikankari Cotton Kurta'; // Men / Kurtas, sizes S–XXL

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, path: string) => signInToAdmin(page, shop(), path);

/** The rows of the size chart dialog's tables as text, by table title. */
async function chartRows(page: Page): Promise<Record<string, string[]>> {
  await page.getByRole('button', { name: 'Size chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await dialog.waitFor();
  const rows: Record<string, string[]> = {};
  for (const table of await dialog.getByRole('table').all()) {
    const title = squash(await table.locator('caption').innerText());
    rows[title] = (await table.locator('tbody tr').allInnerTexts()).map(squash);
  }
  return rows;
}

describe('size charts per category at 390 × 844', () => {
  it("the owner gives Kurtis its own chart; a kurti shows it with only its sizes, a kurta the shop's", async () => {
    const page = await browser.newPage();
    await signIn(page, '/settings');
    const form = page.getByRole('form', { name: 'Size charts per category' });
    await form.getByText('No category has its own chart yet.', { exact: true }).waitFor();
    await form.getByLabel('Category or sub-category').fill('Kurtis');
    await form.getByLabel('Unit').selectOption('cm');
    await form
      .getByLabel('Tables')
      .fill(
        [
          '# Kurti',
          'Size, Bust, Length',
          'XXL, 112, 114',
          '3XL, 117, 114',
          'S, 91, 112',
          'XL, 107, 114',
          'M, 96, 112',
          'L, 101.5, 112',
        ].join('\n'),
      );
    await form.getByRole('button', { name: 'Save category chart' }).click();
    await waitForToast(page, 'Category size charts saved');
    await form.getByRole('list', { name: 'Categories with their own chart' }).getByText('Kurtis').waitFor();

    const kurti = await productByTitle(shop(), KURTI);
    await page.goto(`${shop()}/product/${kurti.id}`);
    await page.getByRole('heading', { level: 1, name: KURTI }).waitFor();
    expect(await chartRows(page)).toEqual({
      Kurti: ['S 91 112', 'M 96 112', 'L 101.5 112', 'XL 107 114'],
    });
    await page
      .getByRole('dialog', { name: 'Size chart' })
      .getByText('All measurements in centimetres (cm).', { exact: true })
      .waitFor();

    const kurta = await productByTitle(shop(), KURTA);
    await page.goto(`${shop()}/product/${kurta.id}`);
    await page.getByRole('heading', { level: 1, name: KURTA }).waitFor();
    const shopChart = await chartRows(page);
    expect(Object.keys(shopChart)).toEqual(["Women's kurta", "Men's kurta"]);
    expect(shopChart["Men's kurta"]!.map((row) => row.split(' ')[0])).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
  });
});
