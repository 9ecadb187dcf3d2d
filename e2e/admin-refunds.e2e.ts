/**
 * Refunds in the admin on a phone (390 × 844, docs/returns.md "Refunds"): a shopper's order paid through the
 * sandbox gateway (TEST MODE) is shipped and delivered by the owner, who then refunds part of it through the
 * gateway from the order's 'Refunds' panel: the panel shows paid, refunded and left, the refund processed and
 * its GST credit note, whose PDF names the original invoice. A second refund above what is left is refused
 * with the exact sentence.
 *
 * This file starts its own server (a fresh demo shop: the demo owner exists and its orders are its own).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../src/shared/money';
import { refundLeftMessage } from '../src/shared/returns/return-rules';
import { pdfText } from '../src/server/test/pdf-text';
import { axeViolations } from './axe';
import { useOwnServer } from './servers';
import { type ApiProduct, eventually, signInToAdmin, squash, useStorefront, waitForToast } from './helpers';
import { payThroughSandbox } from './sandbox-gateway';
import { placeShopperOrder } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

const { shop, apiCall } = useOwnServer();

/** A shopper's order of one plain product, paid through the sandbox gateway (its 'Success' post-back). */
async function paidByGateway(): Promise<{ orderNumber: string; total: number }> {
  const list = await apiCall<{ data: ApiProduct[] }>('GET', '/products?page=1&limit=100');
  const order = await placeShopperOrder(shop(), list.body.data, 'refunds.e2e');
  return { orderNumber: order.orderNumber, total: await payThroughSandbox(shop(), order) };
}

describe('refunds in the admin at 390 × 844', () => {
  it('the owner refunds part of a delivered order through the sandbox gateway and gets its credit note', async () => {
    const { orderNumber, total } = await paidByGateway();
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), `/orders/${orderNumber}`);
    await page.getByRole('heading', { name: orderNumber }).waitFor();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Processing');

    await page.getByLabel('Courier').fill('delhivery');
    await page.getByLabel('Tracking (AWB) number').fill('1234567890123');
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Shipped');
    const invoice = await page
      .getByRole('region', { name: 'Tax documents' })
      .getByRole('button', { name: /^Invoice / })
      .textContent();
    const invoiceNumber = squash(invoice).replace(/^Invoice /, '');
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await eventually(() => page.getByTestId('order-status').textContent()).toBe('Delivered');

    const panel = page.getByRole('region', { name: 'Refunds' });
    const totalText = formatRupees(total);
    await eventually(async () => squash(await panel.getByTestId('refund-amounts').textContent())).toBe(
      `Paid${totalText}Refunded₹0Left${totalText}`,
    );
    await panel.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
    await dialog.waitFor();
    expect((await axeViolations(page, '[role="dialog"]')).join('\n')).toBe('');
    expect(Number(await dialog.getByLabel('Amount (₹)').inputValue())).toBe(total);
    expect(await dialog.getByLabel('How it is paid').inputValue()).toBe('gateway');
    await dialog.getByLabel('Amount (₹)').fill('100');
    await dialog.getByLabel('Reason').fill('Pulled thread on the border');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    const toast = await waitForToast(page, 'Refund of ₹100 processed');
    expect(toast).toMatch(/^Credit note CN\/\d\d-\d\d\/\d{6}$/);
    const creditNote = toast.replace(/^Credit note /, '');
    await dialog.waitFor({ state: 'detached' });

    const refund = panel.getByTestId('refund');
    await eventually(async () => squash(await refund.textContent())).toContain('₹100 · Gateway');
    expect(squash(await refund.textContent())).toContain('Processed');
    expect((await axeViolations(page, 'section[aria-label="Refunds"]')).join('\n')).toBe('');
    expect(squash(await panel.getByTestId('refund-amounts').textContent())).toBe(
      `Paid${totalText}Refunded₹100Left${formatRupees(total - 100)}`,
    );
    const button = refund.getByRole('button', { name: `Credit note ${creditNote}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`Credit-Note-${creditNote.replace(/\//g, '-')}.pdf`);
    const [text] = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain(`Credit note no.: ${creditNote}`);
    expect(text).toContain(`Against invoice ${invoiceNumber} of`);

    // More than is left is refused with the exact sentence, under the amount.
    await panel.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByLabel('Amount (₹)').fill(String(total));
    await dialog.getByLabel('Reason').fill('Again');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText(refundLeftMessage(Math.round((total - 100) * 100))).waitFor();
  });
});
