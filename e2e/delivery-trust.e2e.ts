/**
 * Trust at every step on a phone (390 × 844), on the shared demo shop (free shipping in 3–7 days, cash on
 * delivery up to ₹5,000): the product page's PIN check refuses a PIN code of no state ('Enter a valid PIN
 * code'), shows the estimate as the latest date in India time ('Get it by Thu, 3 Dec') and whether cash on
 * delivery is available there. At checkout a PIN code fills in its state, a refused submit's toast names the
 * fields, 'Save this address' keeps the address in the account's book, the next checkout picks it, and the
 * account page lists and deletes it; a full book (5) switches the box off.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import { KURTA, kurtaAndFabricCart, productByTitle } from './demo-kurta-and-fabric';
import { indiaDate } from './india-date';
import { apiCall, squash, useStorefront, waitForPath, waitForToast } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const { newPage } = browser;
const PASSWORD = 'Zari-weave-2719';
const JAIPUR = {
  address: '14 MI Road',
  city: 'Jaipur',
  postalCode: '302001',
  phone: '+91 94140 52368',
};

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
      await expect
        .poll(async () => squash(await section.locator('#delivery-pin-error').textContent()))
        .toBe('Enter a valid PIN code');
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

/** A new shopper's session token. */
async function newShopper(): Promise<string> {
  const email = `book.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall('POST', '/users/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  return (await apiCall<{ token: string }>('POST', '/users/authorize', { email, password: PASSWORD })).body
    .token;
}

/** A page signed in as `token` with 2 m of the demo fabric in the cart (no kurta stock is held). */
async function checkoutPage(token: string): Promise<Page> {
  const [, fabric] = await kurtaAndFabricCart(baseUrl());
  const page = await newPage();
  await browser.context.addCookies([{ name: 'auth_token', value: token, url: baseUrl() }]);
  await page.addInitScript((items) => localStorage.setItem('cart', JSON.stringify(items)), [fabric]);
  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  return page;
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

async function savedAddresses(token: string) {
  const response = await fetch(`${baseUrl()}/api/v1/account/addresses`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { addresses: { id: number; city: string; state: string }[] }).addresses;
}

describe('checkout and the address book at 390 × 844', () => {
  it('fills the state from the PIN code and names the fields in the toast', async () => {
    const page = await checkoutPage(await newShopper());
    await expect.poll(async () => field(page, 'fullName').inputValue()).toBe('Asha Verma');
    await field(page, 'postalCode').fill('302001');
    await expect.poll(async () => field(page, 'state').inputValue()).toBe('Rajasthan');

    await field(page, 'phone').fill(JAIPUR.phone);
    await page.getByRole('button', { name: 'Create Order' }).click();
    expect(await waitForToast(page, 'Please fill in: Address, City')).toBe(
      'All shipping information fields are required.',
    );

    await field(page, 'address').fill(JAIPUR.address);
    await field(page, 'city').fill(JAIPUR.city);
    await field(page, 'state').selectOption('Maharashtra');
    await page.getByRole('button', { name: 'Create Order' }).click();
    expect(await waitForToast(page, 'Please check: PIN code')).toBe('See the message under each field.');
    await page.getByText('PIN code does not match the state', { exact: true }).waitFor();

    await field(page, 'postalCode').fill('999999');
    await page.getByRole('button', { name: 'Create Order' }).click();
    await page.getByText('Enter a valid PIN code', { exact: true }).waitFor();
  });

  it('saves the address at checkout, offers it next time, and the account page deletes it', async () => {
    const token = await newShopper();
    const page = await checkoutPage(token);
    for (const [name, value] of Object.entries(JAIPUR)) await field(page, name).fill(value);
    await expect.poll(async () => field(page, 'state').inputValue()).toBe('Rajasthan');
    await page.getByLabel('Save this address').check();
    await page.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(page, /^\/payment\?orderId=/);
    expect((await savedAddresses(token)).map((entry) => [entry.city, entry.state])).toEqual([
      ['Jaipur', 'Rajasthan'],
    ]);

    const next = await checkoutPage(token);
    const line = 'Asha Verma, 14 MI Road, Jaipur, Rajasthan 302001, +91 94140 52368';
    const saved = next.getByRole('group', { name: 'Saved addresses' });
    await saved.getByRole('radio', { name: line }).check();
    expect(
      await Promise.all(
        ['address', 'city', 'state', 'postalCode', 'phone'].map((name) => field(next, name).inputValue()),
      ),
    ).toEqual(['14 MI Road', 'Jaipur', 'Rajasthan', '302001', '+91 94140 52368']);

    await next.goto('/account');
    const book = next.getByRole('region', { name: 'Saved addresses' });
    await book.getByText(line, { exact: true }).waitFor();
    await book.getByRole('button', { name: `Delete ${line}` }).click();
    await book
      .getByText('No saved addresses yet. Tick "Save this address" at checkout to keep one.', { exact: true })
      .waitFor();
    expect(await savedAddresses(token)).toEqual([]);
  });

  it('switches "Save this address" off while the book holds 5 addresses', async () => {
    const token = await newShopper();
    for (let house = 1; house <= 5; house += 1) {
      const answer = await fetch(`${baseUrl()}/api/v1/account/addresses`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          fullName: 'Asha Verma',
          ...JAIPUR,
          address: `${house} MI Road`,
          state: 'Rajasthan',
        }),
      });
      expect(answer.status).toBe(201);
    }
    const page = await checkoutPage(token);
    const box = page.getByLabel('Save this address');
    await box.waitFor();
    expect(await box.isDisabled()).toBe(true);
    await page
      .getByText('You can keep up to 5 addresses. Delete one to save another.', { exact: true })
      .waitFor();
    expect(await page.getByRole('group', { name: 'Saved addresses' }).getByRole('radio').count()).toBe(5);
  });
});
