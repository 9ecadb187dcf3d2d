/**
 * An order's whole life after delivery on a phone (390 × 844, docs/returns.md): a shopper's kurta in M and a
 * dupatta, paid through the sandbox gateway, are shipped (the tax invoice is issued) and delivered. The shopper
 * asks on My Orders to exchange the kurta for an L and to return the dupatta; the owner approves, receives (the M
 * is restocked), ships the L with a tracking number and refunds the dupatta through the sandbox gateway. After
 * each step the shopper's My Orders shows it, and the refund's credit note PDF names the original invoice.
 *
 * This file starts its own server (a fresh demo shop), so the stock figures are its own.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../src/shared/money';
import { pdfText } from '../src/server/test/pdf-text';
import { productByTitle } from './demo-kurta-and-fabric';
import {
  DEMO_OWNER,
  eventually,
  signInToAdmin,
  squash,
  useStorefront,
  waitForPath,
  waitForToast,
  waitForToastsGone,
} from './helpers';
import { payThroughSandbox } from './sandbox-gateway';
import { useOwnServer } from './servers';
import { ownerMovesOrder, placeOrderAs, registerShopper } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const KURTA = 'White Chikankari Cotton Kurta';
const DUPATTA = 'Ivory Phulkari Dupatta';

const { shop, apiCall } = useOwnServer();

type ApiOrder = {
  items: { id: string; productTitle: string; lineTotal: number }[];
  invoice: { number: string } | null;
  returns: { id: string; number: string; status: string }[];
};

/** The kurta's stock by size, as the owner's product editor reads it. */
async function kurtaStock(ownerToken: string, kurtaId: string): Promise<Record<string, number | null>> {
  const detail = await apiCall<{ values: { variants: { size: string; stock: number | null }[] } }>(
    'GET',
    `/admin/products/${kurtaId}`,
    undefined,
    ownerToken,
  );
  return Object.fromEntries(detail.body.values.variants.map((variant) => [variant.size, variant.stock]));
}

/** The shopper's My Orders card of `orderNumber`, freshly loaded, and its return. */
async function myOrder(page: Page, orderNumber: string) {
  await page.goto(`${shop()}/orders`);
  const card = page.locator(`article[data-order-id="${orderNumber}"]`);
  await card.waitFor();
  return { card, request: card.getByTestId('order-return') };
}

describe('a return and an exchange from request to refund, at 390 × 844', () => {
  it('exchange M for L and return a dupatta: approved, received, replacement shipped, refunded with a credit note', async () => {
    // The shopper's order: the kurta in M and the dupatta, paid through the sandbox gateway.
    const { email, token } = await registerShopper(shop(), 'journey');
    const kurta = await productByTitle(shop(), KURTA);
    const dupatta = await productByTitle(shop(), DUPATTA);
    const medium = kurta.variants.find((variant) => variant.size === 'M')!;
    const orderNumber = await placeOrderAs(shop(), token, {
      lines: [
        { productId: kurta.id, variantId: medium.id, quantity: 1 },
        { productId: dupatta.id, quantity: 1 },
      ],
    });
    await payThroughSandbox(shop(), { orderNumber, email, token });

    // The owner ships it (the invoice is issued) and it is delivered.
    const ownerToken = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
    await ownerMovesOrder(shop(), ownerToken, orderNumber, { alreadyPaid: true });
    const before = await kurtaStock(ownerToken, kurta.id);
    const order = (await apiCall<ApiOrder>('GET', `/orders/${orderNumber}`, undefined, token)).body;
    const invoiceNumber = order.invoice!.number;
    const dupattaPrice = order.items.find((item) => item.productTitle === DUPATTA)!.lineTotal;

    // The shopper asks on My Orders: the kurta for an L, the dupatta back for a refund.
    const shopper = await browser.newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
    let mine = await myOrder(shopper, orderNumber);
    await mine.card.getByRole('link', { name: `Return or exchange items of order ${orderNumber}` }).click();
    await waitForPath(shopper, `/orders/${orderNumber}/return`);
    const lines = shopper.getByTestId('return-line');
    await eventually(() => lines.count()).toBe(2);
    const kurtaLine = lines.filter({ hasText: KURTA });
    await kurtaLine.getByRole('checkbox').check();
    await kurtaLine.getByLabel('Reason').selectOption({ label: 'Size too small' });
    await kurtaLine.getByRole('radio', { name: 'Exchange for another size or colour' }).check();
    await kurtaLine.getByRole('button', { name: /^L( \/ White)?$/ }).click();
    const dupattaLine = lines.filter({ hasText: DUPATTA });
    await dupattaLine.getByRole('checkbox').check();
    await dupattaLine.getByLabel('Reason').selectOption({ label: 'Damaged or defective' });
    await shopper.getByRole('button', { name: 'Ask for return' }).click();
    await waitForPath(shopper, '/orders');
    mine = await myOrder(shopper, orderNumber);
    await eventually(async () => squash(await mine.request.getByTestId('return-status').textContent())).toBe(
      'Return requested',
    );
    const returnNumber = (await apiCall<ApiOrder>('GET', `/orders/${orderNumber}`, undefined, token)).body
      .returns[0]!.number;

    // The owner approves: the L is set aside for the exchange.
    const admin = await browser.newPage();
    await signInToAdmin(admin, shop(), '/returns');
    const card = admin.getByRole('article', { name: `Return ${returnNumber}` });
    const dialog = admin.getByRole('alertdialog');
    await card.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByLabel('Pickup note or reverse tracking number (optional)').fill('Pickup on Monday');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(admin, 'Return approved: the shopper was e-mailed');
    await waitForToastsGone(admin);
    expect(await kurtaStock(ownerToken, kurta.id)).toMatchObject({ M: before.M, L: before.L! - 1 });
    mine = await myOrder(shopper, orderNumber);
    expect(squash(await mine.request.getByTestId('return-status').textContent())).toBe('Return approved');
    expect(squash(await mine.request.textContent())).toContain('Pickup on Monday');

    // Received: both restocked (the M goes back on sale).
    const tabs = admin.getByRole('tablist', { name: 'Status' });
    await tabs.getByRole('tab', { name: 'Approved 1' }).click();
    await card.getByRole('button', { name: 'Receive' }).click();
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await waitForToast(admin, 'Return received: stock updated');
    await waitForToastsGone(admin);
    expect(await kurtaStock(ownerToken, kurta.id)).toMatchObject({ M: before.M! + 1, L: before.L! - 1 });
    mine = await myOrder(shopper, orderNumber);
    expect(squash(await mine.request.getByTestId('return-status').textContent())).toBe('Return received');

    // The L goes out with its own courier and tracking number.
    await tabs.getByRole('tab', { name: 'Received 1' }).click();
    await card.getByRole('button', { name: 'Ship replacement' }).click();
    await dialog.getByLabel('Courier').fill('Delhivery');
    await dialog.getByLabel('Tracking (AWB) number').fill('DLV2719000456');
    await dialog.getByRole('button', { name: 'Ship replacement' }).click();
    await waitForToast(admin, 'Replacement shipped: the shopper was e-mailed the tracking number');
    await waitForToastsGone(admin);
    mine = await myOrder(shopper, orderNumber);
    const replacement = mine.request.getByTestId('return-replacement');
    expect(squash(await replacement.textContent())).toContain('Replacement shipped with Delhivery');
    expect(squash(await replacement.textContent())).toContain('DLV2719000456');

    // The dupatta's refund through the sandbox gateway, for the return, from the order's Refunds panel.
    await admin.goto(`${shop()}/admin/orders/${orderNumber}`);
    const panel = admin.getByRole('region', { name: 'Refunds' });
    await panel.getByRole('button', { name: 'Refund' }).click();
    const refundDialog = admin.getByRole('dialog', { name: `Refund order ${orderNumber}` });
    await refundDialog.getByLabel('Return (optional)').selectOption({ index: 1 });
    expect(Number(await refundDialog.getByLabel('Amount (₹)').inputValue())).toBe(dupattaPrice);
    expect(await refundDialog.getByLabel('How it is paid').inputValue()).toBe('gateway');
    await refundDialog.getByLabel('Reason').fill('Dupatta returned: pulled thread');
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    const toastText = await waitForToast(admin, `Refund of ${formatRupees(dupattaPrice)} processed`);
    const creditNote = toastText.replace(/^Credit note /, '');
    expect(creditNote).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);

    // The shopper reads the refund, and the credit note names the original invoice.
    mine = await myOrder(shopper, orderNumber);
    const refunds = mine.card.getByTestId('order-refunds');
    await refunds.waitFor();
    expect(squash(await refunds.textContent())).toMatch(
      new RegExp(
        `^Refund of ${formatRupees(dupattaPrice).replace('.', '\\.')} processed on \\d{1,2} [A-Z][a-z]{2}$`,
      ),
    );
    await mine.card.getByRole('button', { name: `Credit note ${creditNote}` }).waitFor();
    const pdf = await fetch(
      `${shop()}/api/v1/orders/${orderNumber}/credit-notes/${encodeURIComponent(creditNote)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(pdf.status).toBe(200);
    const [text] = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Credit note no.: ${creditNote}`);
    expect(text).toContain(`Against invoice ${invoiceNumber} of`);
    expect(text).toContain(DUPATTA);
    expect(text).not.toContain(KURTA);
  });
});
