/**
 * The owner's returns queue on a phone (390 × 844): a shopper's delivered kurta in M / Red waits in
 * Requested as an exchange for L; the owner approves it with a pickup note (the L is set aside), receives it
 * and restocks the M, ships the replacement with a courier and tracking number, and closes it — the stock
 * figures follow. On the order page the return is listed, and a shipped order is marked 'Returned to origin'
 * behind its confirmation: cancelled with that cause, refund due (it was paid by UPI).
 *
 * The shopper asks for the exchange through the API (`POST /orders/{id}/returns`); this file runs its own server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { productByTitle } from './demo-kurta-and-fabric';
import {
  adminScreenshot,
  DEMO_OWNER,
  signInToAdmin,
  squash,
  useStorefront,
  waitForToast,
  waitForToastsGone,
  type ApiProduct,
} from './helpers';
import { axeViolations } from './axe';
import { useOwnServer } from './servers';
import { ownerMovesOrder, placeOrderAs, placeShopperOrder, registerShopper } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const KURTA = 'Black and Red Pochampally Ikat Kurta';

const { shop, apiCall } = useOwnServer();

let ownerToken = '';
let kurtaId = '';
let exchangeOrder = '';
let rtoOrder = '';
let returnNumber = '';

/** The owner moves order `orderNumber` along: paid by UPI, then shipped, then (unless `stopAt`) delivered. */
const ownerMoves = (orderNumber: string, stopAt?: 'shipped') =>
  ownerMovesOrder(shop(), ownerToken, orderNumber, { stopAt });

/** The kurta variants' stock as the admin's product editor reads it, by SKU. */
async function kurtaStock(): Promise<Record<string, number | null>> {
  const detail = await apiCall<{ values: { variants: { sku: string; stock: number | null }[] } }>(
    'GET',
    `/admin/products/${kurtaId}`,
    undefined,
    ownerToken,
  );
  return Object.fromEntries(detail.body.values.variants.map((variant) => [variant.sku, variant.stock]));
}

beforeAll(async () => {
  ownerToken = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
  expect(ownerToken).toBeTruthy();

  // A shopper orders the kurta in M / Red; the shop delivers it.
  const kurta = await productByTitle(shop(), KURTA);
  kurtaId = kurta.id;
  const m = kurta.variants.find((variant) => variant.size === 'M' && variant.color === 'Red')!;
  const l = kurta.variants.find((variant) => variant.size === 'L' && variant.color === 'Red')!;
  const { token } = await registerShopper(shop(), 'returns');
  exchangeOrder = await placeOrderAs(shop(), token, {
    lines: [{ productId: kurta.id, variantId: m.id, quantity: 1 }],
  });
  await ownerMoves(exchangeOrder);

  // Another shopper's order is on its way when the courier brings it back.
  const products = (await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100')).body.data;
  rtoOrder = (await placeShopperOrder(shop(), products, 'returns-rto')).orderNumber;
  await ownerMoves(rtoOrder, 'shipped');

  // The shopper asks to exchange the M for an L.
  const detail = await apiCall<{ items: { id: string }[] }>(
    'GET',
    `/orders/${exchangeOrder}`,
    undefined,
    token,
  );
  const requested = await apiCall<{ number: string }>(
    'POST',
    `/orders/${exchangeOrder}/returns`,
    {
      lines: [
        { lineId: detail.body.items[0]!.id, quantity: 1, reason: 'size-too-small', exchangeVariantId: l.id },
      ],
      note: 'Too tight at the shoulders',
    },
    token,
  );
  expect(requested.status).toBe(201);
  returnNumber = requested.body.number;
});

describe('the returns queue at 390 × 844', () => {
  it('approves, receives (restock) and ships the replacement of an exchange, then closes it', async () => {
    expect(await kurtaStock()).toMatchObject({ 'MEN-KUR-006-M-RED': 8, 'MEN-KUR-006-L-RED': 3 });
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), '/returns');
    await page.getByRole('heading', { level: 1, name: 'Returns' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Status' });
    await tabs.getByRole('tab', { name: 'Requested 1' }).waitFor();
    const card = page.getByRole('article', { name: `Return ${returnNumber}` });
    expect(squash(await card.textContent())).toContain('Exchange for size L, Red');
    expect(squash(await card.textContent())).toContain('“Too tight at the shoulders”');
    expect(squash(await card.textContent())).toContain(`Order ${exchangeOrder}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await adminScreenshot(page, 'returns');

    // Approve with a pickup note: the L is set aside.
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Approve return ${returnNumber}?` }).waitFor();
    await dialog
      .getByLabel('Pickup note or reverse tracking number (optional)')
      .fill('Pickup on Monday, 10 am–1 pm');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(page, 'Return approved: the shopper was e-mailed');
    await waitForToastsGone(page);
    await page.getByText('No return requests waiting.').waitFor();
    expect(await kurtaStock()).toMatchObject({ 'MEN-KUR-006-M-RED': 8, 'MEN-KUR-006-L-RED': 2 });

    // Receive: the M goes back on sale.
    await tabs.getByRole('tab', { name: 'Approved 1' }).click();
    await card.getByText('Pickup: Pickup on Monday, 10 am–1 pm').waitFor();
    await card.getByRole('button', { name: 'Receive' }).click();
    await dialog.getByRole('heading', { name: `Receive return ${returnNumber}?` }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Restock' }).isChecked()).toBe(true);
    expect((await axeViolations(page, '[role="alertdialog"]')).join('\n')).toBe('');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await waitForToast(page, 'Return received: stock updated');
    await waitForToastsGone(page);
    expect(await kurtaStock()).toMatchObject({ 'MEN-KUR-006-M-RED': 9, 'MEN-KUR-006-L-RED': 2 });

    // Ship the replacement with its courier and tracking number; no Close before that.
    await tabs.getByRole('tab', { name: 'Received 1' }).click();
    await card.getByText('Restocked').waitFor();
    expect(await card.getByRole('button', { name: 'Close', exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Ship replacement' }).click();
    await dialog.getByLabel('Courier').fill('Delhivery');
    await dialog.getByLabel('Tracking (AWB) number').fill('DLV2719000123');
    await dialog.getByRole('button', { name: 'Ship replacement' }).click();
    await waitForToast(page, 'Replacement shipped: the shopper was e-mailed the tracking number');
    await waitForToastsGone(page);
    const replacement = card.getByTestId('replacement');
    await replacement.waitFor();
    expect(squash(await replacement.textContent())).toBe('Replacement shipped by Delhivery: DLV2719000123');
    expect(await replacement.getByRole('link').getAttribute('href')).toBe(
      'https://www.delhivery.com/track/package/DLV2719000123',
    );
    // The replacement left from the L set aside at approval.
    expect(await kurtaStock()).toMatchObject({ 'MEN-KUR-006-L-RED': 2 });

    await card.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await waitForToast(page, 'Return closed');
    await waitForToastsGone(page);
    await tabs.getByRole('tab', { name: 'Closed 1' }).click();
    await card.getByText('Return closed').first().waitFor();

    // The order page lists the return, linking back to it.
    await card.getByRole('link', { name: exchangeOrder }).click();
    await page.getByRole('heading', { level: 1, name: exchangeOrder }).waitFor();
    const returns = page.getByRole('region', { name: 'Returns' });
    await returns.getByRole('link', { name: returnNumber }).click();
    await page.getByRole('article', { name: `Return ${returnNumber}` }).waitFor();
  });

  it("marks a shipped order 'Returned to origin' behind a confirmation", async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), `/orders/${rtoOrder}`);
    await page.getByTestId('order-status').getByText('Shipped').waitFor();
    await page.getByRole('button', { name: 'Returned to origin' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Mark order ${rtoOrder} returned to origin?` }).waitFor();
    await dialog.getByRole('button', { name: 'Returned to origin' }).click();
    await waitForToast(page, 'Marked returned to origin: the stock is back on sale');
    await page.getByTestId('order-status').getByText('Cancelled').waitFor();
    await page.getByText('Cancelled: returned to origin').waitFor();
    await page.getByText('Refund due', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Returned to origin' }).count()).toBe(0);
    expect(squash(await page.getByRole('list', { name: 'Audit' }).textContent())).toContain(
      'marked it returned to origin',
    );
  });
});
