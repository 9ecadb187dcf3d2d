/**
 * Sizes in their natural order in the listing's filters on a phone (390 × 844): the bottom sheet's Size group
 * lists S, M, L, XL, XXL and then 'One Size' — smallest first, never alphabetically or by count — and a chosen
 * size the results lack (count 0) sits in its place among them.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, eventually, squash, useStorefront } from './helpers';

const { newPage } = useStorefront({ width: 390, height: 844 });

type Listing = { facets: { size: { value: string; count: number }[] } };

/** Opens the phone's filter sheet on `path` and returns it. */
async function filterSheet(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.waitFor();
  return sheet;
}

/** The Size group's values as listed ('Show all' pressed), without their counts. */
async function sizesListed(sheet: Locator): Promise<string[]> {
  const group = sheet.getByRole('group', { name: 'Size', exact: true });
  await group.waitFor();
  const more = group.getByRole('button', { name: /^Show all/ });
  if ((await more.count()) > 0) await more.click();
  return (await group.locator('label').allTextContents()).map((text) =>
    squash(text).replace(/ \(\d+\)$/, ''),
  );
}

describe('sizes in the filter panel on a phone', () => {
  it("lists the women's sizes S, M, L, XL, XXL, then One Size, as the API's facet does", async () => {
    const page = await newPage();
    const sheet = await filterSheet(page, '/products?category=women');
    await eventually(() => sizesListed(sheet)).toEqual(['S', 'M', 'L', 'XL', 'XXL', 'One Size']);
    const { facets } = await api<Listing>('/products?page=1&limit=12&category=women&gender=Women&facets=1');
    expect(facets.size.map((item) => item.value)).toEqual(['S', 'M', 'L', 'XL', 'XXL', 'One Size']);
    // The counts are the API's, whatever their order.
    const counts = await sheet
      .getByRole('group', { name: 'Size', exact: true })
      .locator('label')
      .allTextContents();
    expect(counts.map(squash)).toEqual(facets.size.map((item) => `${item.value} (${item.count})`));
  });

  it('puts a chosen size the results lack (XS, count 0) first, ticked, where it belongs', async () => {
    const page = await newPage();
    const sheet = await filterSheet(page, '/products?category=women&size=XS');
    await eventually(() => sizesListed(sheet)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size']);
    const xs = sheet
      .getByRole('group', { name: 'Size', exact: true })
      .getByRole('checkbox', { name: 'XS (0)' });
    expect(await xs.isChecked()).toBe(true);
  });
});
