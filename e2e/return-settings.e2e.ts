/**
 * The return settings on a phone (390 × 844, docs/returns.md "Settings"): the demo owner sets a 10-day return
 * window with a ₹99 pickup fee in Settings → Returns (a window of 91 days is refused under its field first); the
 * default Return Policy page then states both, and the product page says '10-day returns and size exchanges'
 * for a kurta and 'This item cannot be returned' for fabric sold by the metre, until the owner ticks
 * 'Returnable' on the fabric in the product editor.
 *
 * This file starts its own server (a fresh demo shop), since it changes the shop's return settings.
 */
import { describe, expect, it } from 'vitest';
import { FABRIC, KURTA, productByTitle } from './demo-kurta-and-fabric';
import { useOwnServer } from './servers';
import { apiCall, signInToAdmin, useStorefront, waitForToast } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

const { shop } = useOwnServer();

describe('the return settings at 390 × 844', () => {
  it('the owner sets a 10-day window and a ₹99 pickup fee; the returns policy and product pages say so', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), '/settings');
    const returns = page.getByRole('form', { name: 'Returns' });
    const window = returns.getByLabel('Return window (days)');
    await expect.poll(() => window.inputValue()).toBe('7');
    await expect.poll(() => returns.getByLabel('Offer size and colour exchanges').isChecked()).toBe(true);

    await window.fill('91');
    await returns.getByRole('button', { name: 'Save return settings' }).click();
    await returns.getByText('must be at most 90').waitFor();

    await window.fill('10');
    await returns.getByLabel('Return pickup fee (₹)').fill('99');
    await returns.getByRole('button', { name: 'Save return settings' }).click();
    await page.getByText('Return settings saved').waitFor();
    const info = await apiCall<{ returns: unknown }>('GET', '/storeInfo', undefined, undefined, shop());
    expect(info.body.returns).toEqual({
      windowDays: 10,
      exchanges: true,
      pickupFee: 99,
      returnAddress: null,
    });

    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/return`);
    await shopper.getByRole('heading', { name: 'Return Policy' }).waitFor();
    await shopper.getByText(/you can return it within 10 days from delivery/).waitFor();
    await shopper
      .getByText(
        'A return pickup fee of ₹99 is deducted from your refund, unless the product arrived damaged, defective or not what you ordered.',
      )
      .waitFor();

    const kurta = await productByTitle(shop(), KURTA);
    await shopper.goto(`${shop()}/product/${kurta.id}`);
    await shopper.getByText('10-day returns and size exchanges').waitFor();
    const fabric = await productByTitle(shop(), FABRIC);
    await shopper.goto(`${shop()}/product/${fabric.id}`);
    await shopper.getByText('This item cannot be returned').waitFor();

    // The owner makes the fabric returnable in the product editor; its page says so.
    await page.goto(`${shop()}/admin/products/${fabric.id}`);
    const returnable = page.getByLabel('Returnable');
    await expect.poll(() => returnable.isChecked()).toBe(false);
    await returnable.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Saved: the shop shows it now');
    await shopper.goto(`${shop()}/product/${fabric.id}`);
    await shopper.getByText(/^10-day returns/).waitFor();
    expect(await shopper.getByText('This item cannot be returned').count()).toBe(0);
  });
});
