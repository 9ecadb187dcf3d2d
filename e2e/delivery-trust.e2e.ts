/**
 * Trust at every step on a phone (390 × 844), on the shared demo shop (free shipping in 3–7 days, cash on
 * delivery up to ₹5,000): the product page's PIN check refuses a PIN code of no state ('Enter a valid PIN
 * code'), shows the estimate as the latest date in India time ('Get it by Thu, 3 Dec') and whether cash on
 * delivery is available there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import { KURTA, productByTitle } from './demo-kurta-and-fabric';
import { squash, useStorefront } from './helpers';

const PHONE = { width: 390, height: 844 };
const { newPage } = useStorefront(PHONE);

/** The date `days` days from now in India, as 'Thu, 3 Dec' (computed apart from the app's own code). */
function indiaDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('weekday')}, ${part('day')} ${part('month').slice(0, 3)}`;
}

async function checkPin(page: Page, pin: string) {
  const form = page.getByRole('form', { name: 'Check delivery' });
  await form.getByLabel('PIN code').fill(pin);
  await form.getByRole('button', { name: 'Check' }).click();
}

describe('the product page PIN check at 390 × 844', () => {
  it('refuses PIN codes of no state, and gives the date and cash on delivery for a real one', async () => {
    const kurta = await productByTitle(baseUrl(), KURTA);
    const page = await newPage();
    await page.goto(`/product/${kurta.id}`);
    const section = page.getByRole('region', { name: 'Check delivery' });
    await section.waitFor();

    for (const pin of ['999999', '100000']) {
      await checkPin(page, pin);
      await expect.poll(async () => squash(await section.locator('#delivery-pin-error').textContent())).toBe(
        'Enter a valid PIN code',
      );
      expect(await page.getByTestId('delivery-check-result').count()).toBe(0);
    }

    await checkPin(page, '302001');
    await expect
      .poll(async () => squash(await page.getByTestId('delivery-check-result').textContent()))
      .toBe(`Get it by ${indiaDate(7)} · Free shipping`);
    expect(squash(await page.getByTestId('delivery-check-cod').textContent())).toBe(
      'Cash on delivery available',
    );
    expect(await section.locator('#delivery-pin-error').count()).toBe(0);
  });
});
