/**
 * Test mode: while the store simulates payments (store info `testMode: true`), every page starts with a thin
 * bar reading 'Test mode: no real money moves', above the header and in the page's flow. The demo store the
 * harness starts has no gateway set up, so it runs in test mode.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { headerCartLink, openInBrowser, storeInfo, useStorefront, waitForPath } from './helpers';

const { newPage } = useStorefront();

const NOTICE = 'Test mode: no real money moves';
const bar = (page: Page) => page.getByText(NOTICE, { exact: true });

/** The bar is on top of the page, thin, not floating, and the header starts where it ends. */
async function expectBarAboveHeader(page: Page): Promise<void> {
  await bar(page).waitFor();
  const barBox = await bar(page).boundingBox();
  const headerBox = await page.getByRole('banner').boundingBox();
  expect(barBox).not.toBeNull();
  expect(headerBox).not.toBeNull();
  expect(barBox!.y).toBe(0);
  expect(barBox!.height).toBeLessThanOrEqual(32);
  expect(headerBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 0.5);
  expect(await bar(page).evaluate((element) => getComputedStyle(element).position)).toBe('static');
}

/** Answers GET /storeInfo with the real answer changed by `change`. */
function changeStoreInfo(change: (info: Record<string, unknown>) => Record<string, unknown>) {
  return async (route: Route) => {
    const response = await route.fetch();
    const info = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: change(info) });
  };
}

describe('test mode', () => {
  it('the demo store is in test mode: the bar shows above the header on home and on the cart page', async () => {
    expect((await storeInfo()) as unknown as { testMode?: unknown }).toMatchObject({ testMode: true });
    const page = await newPage();
    await page.goto('/');
    await expectBarAboveHeader(page);

    await headerCartLink(page).click();
    await waitForPath(page, '/cart');
    await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
    await expectBarAboveHeader(page);
  });

  it('a store that takes real payments shows no bar, nor does an answer without testMode', async () => {
    const page = await newPage();
    for (const change of [
      (info: Record<string, unknown>) => ({ ...info, testMode: false }),
      ({ testMode: _dropped, ...info }: Record<string, unknown>) => info,
    ]) {
      await page.route('**/api/v1/storeInfo', changeStoreInfo(change));
      await openInBrowser(page, '/');
      // Store info has settled once the home page shows its category cards (they and the bar read the same
      // answer; one without testMode is outside the contract, so the page falls back and shows no bar).
      await page
        .getByRole('region', { name: 'Premium Fabrics & Fashion' })
        .getByRole('link')
        .first()
        .waitFor();
      expect(await bar(page).count()).toBe(0);
      await page.unroute('**/api/v1/storeInfo');
    }
  });
});
