/**
 * Shipping with Shiprocket from the admin on a phone (390 × 844, docs/shipping.md), against the built-in TEST
 * MODE sandbox (no account set, not production): the owner sees TEST MODE in the Shiprocket settings, presses
 * 'Ship with Shiprocket' on a paid order — it comes back Shipped with a sandbox AWB, and the kept label PDF
 * downloads; a second paid order is ticked on the order list and shipped with the bulk action.
 *
 * This file starts its own server (a fresh demo shop: the demo owner exists and its orders are its own).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../src/server/test/pdf-text';
import { axeViolations } from './axe';
import { useOwnServer } from './servers';
import { type ApiProduct, eventually, signInToAdmin, squash, useStorefront } from './helpers';
import { payThroughSandbox } from './sandbox-gateway';
import { placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

const { shop, apiCall } = useOwnServer();

/** A shopper's order of one plain product, paid through the sandbox gateway: Processing. */
async function paidOrder(label: string): Promise<string> {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  const order = await placeShopperOrder(shop(), list.body.data, label);
  await payThroughSandbox(shop(), order);
  return order.orderNumber;
}

describe('Ship with Shiprocket in the admin at 390 × 844', () => {
  it('books one order and many with the TEST MODE sandbox, and downloads the label', async () => {
    const first = await paidOrder('sr.one');
    const second = await paidOrder('sr.two');
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), '/settings/shipping');
    await page.getByRole('heading', { name: 'Shipping with Shiprocket' }).waitFor();
    await page
      .getByText(
        "TEST MODE: no Shiprocket account is set, so 'Ship with Shiprocket' uses the built-in sandbox.",
        { exact: false },
      )
      .waitFor();
    expect(squash(await page.getByTestId('shiprocket-webhook-url').textContent())).toBe(
      `${shop()}/api/v1/couriers/shiprocket/webhook`,
    );

    await page.goto(`${shop()}/admin/orders/${first}`);
    await page.getByRole('heading', { name: first }).waitFor();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Processing');
    await page.getByRole('button', { name: 'Ship with Shiprocket' }).click();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Shipped');
    const panel = page.getByRole('region', { name: 'Shiprocket' });
    await eventually(async () => squash(await panel.textContent())).toMatch(
      /^TEST MODE ?Shiprocket AWB SRTEST\d{9} · Shiprocket sandbox \(TEST MODE\)Download label$/,
    );
    const awb = /SRTEST\d{9}/.exec(squash(await panel.textContent()))![0];
    expect((await axeViolations(page, 'section[aria-label="Shiprocket"]')).join('\n')).toBe('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download label' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Label-${first}.pdf`);
    const [text] = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain(`AWB ${awb}`);
    expect(text).toContain('TEST MODE shipping label');

    // Many at once: tick the Processing order on the list.
    await page.goto(`${shop()}/admin/orders?status=processing`);
    await page.getByLabel(`Select ${second} to ship with Shiprocket`).check();
    await page.getByRole('button', { name: 'Ship 1 with Shiprocket' }).click();
    const outcomes = page.getByRole('list', { name: 'Shiprocket bookings' });
    await eventually(async () => squash(await outcomes.textContent())).toMatch(
      new RegExp(`^${second}: shipped, AWB SRTEST\\d{9} \\(Shiprocket sandbox \\(TEST MODE\\)\\)$`),
    );
  });
});
