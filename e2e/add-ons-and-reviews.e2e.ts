/**
 * Add-ons and reviews in one journey on a phone (390 × 844, docs/add-ons.md, docs/reviews.md):
 * - A guest opens a demo saree, ticks 'Blouse stitching', types her blouse measurements and ticks 'Fall &
 *   pico'; the PIN check's estimate adds the longest lead time (7 days). She adds it to the cart, creates an
 *   account keeping the measurements, and at her first sign-in they become her profile 'Mine', which the
 *   product page's picker then shows chosen. Both add-ons show in the cart and at checkout (with the estimate);
 *   she orders and pays by UPI (test mode, the signed webhook). Her earlier kurta (size M) order is delivered.
 * - The owner ships the saree with the orders CLI, reads the measurements in full on the packing slip, and the
 *   PDF tax invoice carries each add-on as its own service line under SAC 998822 at 5 %; then delivers it.
 * - The shopper reviews the saree: the reviews section (its own chunk) offers 'Write a review'; a too short
 *   text is refused; she gives 4 stars, a title, a text, 'Runs small' and a photo; the page shows the rating,
 *   the fit summary (in the section and beside the choices), 'Verified purchase' and the photo, which opens in
 *   a dialog; the page as served carries `aggregateRating` in its JSON-LD, and so does the page after a reload.
 *   On the kurta's page the form shows the size bought; once reviewed, the fit summary sits under the size
 *   buttons and the review says 'Size bought: M'.
 * - The owner edits blouse stitching on the admin's Add-ons screen: the server's field messages show under the
 *   fields, and the corrected price and lead time are saved.
 *
 * This file starts its own server on a data directory it keeps, so it can stop the server and ship with the
 * orders CLI on the embedded database.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { pdfText } from '../src/server/test/pdf-text';
import { KURTA, productByTitle, PUNE, type DemoProduct } from './demo-kurta-and-fabric';
import {
  apiCall as sharedApiCall,
  DEMO_OWNER,
  eventually,
  signInToAdmin,
  squash,
  toastByTitle,
  useStorefront,
  waitForPath,
} from './helpers';
import {
  ownerMovesOrder,
  payByUpiWebhook,
  placeOrderAs,
  SHOPPER_PASSWORD,
  shipWithOrdersCli,
} from './shopper-order';

const browser = useStorefront({ width: 390, height: 844 });
const { newPage } = browser;

const UPI_WEBHOOK_SECRET = 'e2e-add-ons-upi-webhook-secret-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'resham-add-ons-e2e-'));
let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;
const apiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
  sharedApiCall<T>(method, path, body, token, shop());
const start = async () => {
  server = (await startServer({ env: { DATA_DIR: dataDir, UPI_WEBHOOK_SECRET } })) as typeof server;
};

/** Her blouse, in inches, in the form's order. */
const BLOUSE: [string, string][] = [
  ['Bust', '36'],
  ['Under-bust', '31'],
  ['Waist', '32'],
  ['Shoulder', '14.5'],
  ['Sleeve length', '6'],
  ['Sleeve round', '11'],
  ['Armhole', '16'],
  ['Blouse length', '14'],
  ['Front neck depth', '7'],
  ['Back neck depth', '8'],
];
const BLOUSE_TEXT = BLOUSE.map(([label, value]) => `${label} ${value} in`).join(', ');
const LEAD_NOTE = '(with 7 days for stitching and finishing)';
const TEXT = 'Rich zari and a soft drape, but the blouse piece runs a little small.';

type OrderLine = { addOns?: { title: string; profileName: string | null; total: number }[] };
let token = '';
let saree = { id: '', title: '' };
let kurta: DemoProduct;
let orderId = '';

beforeAll(async () => {
  await start();
  const listed = await apiCall<{ data: { id: string; title: string }[] }>(
    'GET',
    '/products?category=Women&parentCategory=Sarees&limit=100',
  );
  for (const item of listed.body.data) {
    const detail = await apiCall<{ variants: unknown[]; available: boolean; unit: string }>(
      'GET',
      `/products/${item.id}`,
    );
    const offered = await apiCall<{ addOns: { code: string }[] }>('GET', `/products/${item.id}/add-ons`);
    if (
      detail.body.available &&
      detail.body.variants.length === 0 &&
      offered.body.addOns.some((addOn) => addOn.code === 'blouse-stitching')
    ) {
      saree = item;
      break;
    }
  }
  expect(saree.id, 'a plain demo saree offering blouse stitching').not.toBe('');
  kurta = await productByTitle(shop(), KURTA);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The JSON-LD `Product` of `html`. */
function jsonLdProduct(html: string) {
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return ld.find((entry) => entry['@type'] === 'Product') as
    { aggregateRating?: { ratingValue: unknown; reviewCount: unknown } } | undefined;
}

describe('a saree with blouse stitching and fall & pico, ordered, delivered and reviewed', () => {
  it('keeps a guest’s measurements as the profile Mine at sign-up, and orders the saree with both add-ons', async () => {
    const page = await newPage();
    await page.goto(`${shop()}/product/${saree.id}`);
    const main = page.getByRole('main');
    const addOns = main.getByRole('group', { name: 'Add-ons' });
    await addOns.getByRole('checkbox', { name: /^Blouse stitching/ }).check();
    await addOns.getByRole('radio', { name: 'Enter measurements' }).check();
    for (const [label, value] of BLOUSE) await addOns.getByLabel(label, { exact: true }).fill(value);
    await addOns.getByRole('checkbox', { name: /^Fall & pico/ }).check();
    // The estimate adds the longest lead time of the two (7 days, not 7 + 2).
    await main.getByPlaceholder('PIN code').fill(PUNE.postalCode);
    await main.getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(() => main.getByTestId('delivery-check-result').textContent()).toContain(LEAD_NOTE);
    await main.getByRole('button', { name: 'Add to Cart' }).first().click();

    // A new account keeps the typed measurements; the first sign-in saves them as 'Mine'.
    const email = `add-ons.${Date.now()}.${randomInt(1e6)}@example.com`;
    await page.goto(`${shop()}/register`);
    const keep = page.getByRole('checkbox', {
      name: "Save the measurements I entered for Blouse stitching as my profile 'Mine'",
    });
    expect(await keep.isChecked()).toBe(true);
    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await page.getByLabel('Confirm password').fill(SHOPPER_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/login');
    // The sign-in page itself (its chunk may still be loading while the address already says /login, and the
    // sign-up page has a 'Password' field too).
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Signed in (the session cookie), then the kept measurements become the account's profile 'Mine', and
    // the shopper is told so.
    const authToken = async () =>
      (await browser.context.cookies(shop())).find((cookie) => cookie.name === 'auth_token')?.value ?? null;
    await eventually(authToken).not.toBeNull();
    token = (await authToken())!;
    const profiles = () =>
      apiCall<{ profiles: { name: string; set: string }[] }>(
        'GET',
        '/account/measurements',
        undefined,
        token,
      );
    await eventually(async () => (await profiles()).body.profiles).toMatchObject([
      { name: 'Mine', set: 'blouse' },
    ]);
    await toastByTitle(page, "Measurements saved as 'Mine'").first().waitFor({ state: 'attached' });
    // Her earlier order of the kurta in M, delivered (reviewed at the end).
    const medium = kurta.variants.find((variant) => variant.size === 'M' && variant.color === 'Red')!;
    const kurtaOrder = await placeOrderAs(shop(), token, {
      lines: [{ productId: kurta.id, variantId: medium.id, quantity: 1 }],
    });
    const owner = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
    await ownerMovesOrder(shop(), owner, kurtaOrder);

    // The picker now shows the saved profile, chosen.
    await page.goto(`${shop()}/product/${saree.id}`);
    await expect
      .poll(async () =>
        addOns.getByRole('combobox', { name: 'Profile' }).locator('option:checked').innerText(),
      )
      .toBe('Mine');

    await page.goto(`${shop()}/cart`);
    const cart = page.getByRole('main');
    await cart.getByText('+ Blouse stitching ₹1,200').waitFor();
    await cart.getByText('+ Fall & pico ₹150').waitFor();

    await page.goto(`${shop()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    for (const [name, value] of Object.entries(PUNE)) {
      const field = page.locator(`form [name="${name}"]`);
      if (name === 'state') await field.selectOption(value);
      else await field.fill(value);
    }
    await expect.poll(() => page.getByTestId('checkout-estimate').textContent()).toContain(LEAD_NOTE);
    await page.getByRole('button', { name: 'Create Order' }).click();
    await waitForPath(page, /^\/payment\?orderId=/);
    orderId = new URL(page.url()).searchParams.get('orderId')!;

    const order = (
      await apiCall<{ total: number; items: OrderLine[] }>('GET', `/orders/${orderId}`, undefined, token)
    ).body;
    expect(order.items[0]!.addOns).toMatchObject([
      { title: 'Blouse stitching', profileName: 'Mine', total: 1200 },
      { title: 'Fall & pico', profileName: null, total: 150 },
    ]);
    await payByUpiWebhook(shop(), UPI_WEBHOOK_SECRET, orderId, order.total);
  }, 120_000);

  it('shows the owner the measurements on the packing slip and the service lines on the invoice', async () => {
    await server.stop();
    shipWithOrdersCli(dataDir, orderId);
    await start();

    const page = await newPage();
    await signInToAdmin(page, shop(), `/orders/${orderId}/slip`);
    await page.getByRole('heading', { name: 'Packing slip' }).waitFor();
    const slip = page.getByRole('list', { name: 'Add-ons' });
    await expect
      .poll(async () => squash(await slip.innerText()))
      .toBe(`+ Blouse stitching Mine: ${BLOUSE_TEXT} + Fall & pico`);

    const invoice = await fetch(`${shop()}/api/v1/orders/${orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.status).toBe(200);
    const [text] = await pdfText(new Uint8Array(await invoice.arrayBuffer()));
    const flat = squash(text);
    expect(flat).toContain(`Blouse stitching — ${saree.title}`);
    expect(flat).toContain(`Fall & pico — ${saree.title}`);
    // ₹1,200 GST-inclusive at 5 %: ₹1,142.86 + ₹57.14; ₹150: ₹142.86 + ₹7.14.
    expect(flat).toContain(
      '2 Blouse stitching — ' + saree.title + ' 998822 1 ₹1,200 ₹1,142.86 5 % ₹57.14 ₹1,200',
    );
    expect(flat).toContain('3 Fall & pico — ' + saree.title + ' 998822 1 ₹150 ₹142.86 5 % ₹7.14 ₹150');

    const owner = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
    const delivered = await apiCall('POST', `/admin/orders/${orderId}/deliver`, {}, owner);
    expect(delivered.status).toBe(200);
    // Stopping the server, the CLI and a restart on the embedded database take long on a loaded machine.
  }, 180_000);

  it('reviews the saree with a photo and Runs small; the page and its JSON-LD show the rating', async () => {
    const page = await newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
    await page.goto(`${shop()}/product/${saree.id}`);
    await page.getByRole('heading', { level: 2, name: 'Reviews' }).scrollIntoViewIfNeeded();
    await page.getByText('No reviews yet.').waitFor();
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Write a review' }) });
    await form.waitFor();

    // Too short a text: the shared schema refuses it before anything is sent.
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel('Title').fill('Lovely colour');
    await form.getByLabel('Your review').fill('Too short');
    await form.getByRole('button', { name: 'Send review' }).click();
    await form.getByText('must be at least 20 characters').waitFor();

    await form.getByLabel('Your review').fill(TEXT);
    await form.getByRole('radio', { name: 'Runs small' }).check();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    await form
      .locator('#review-photos')
      .setInputFiles({ name: 'saree.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('button', { name: 'Send review' }).click();

    await page.getByText('Thank you: your review is published.').waitFor();
    const summary = page.getByTestId('review-summary');
    await summary.getByText('1 review', { exact: true }).first().waitFor();
    await summary.getByRole('img', { name: 'Rated 4.0 out of 5' }).waitFor();
    expect(await page.getByTestId('fit-summary').textContent()).toBe('Runs small (1 of 1)');
    // The fit summary beside the choices follows the same answer.
    await expect
      .poll(() => page.getByTestId('size-fit-summary').textContent())
      .toBe('Fit: Runs small (1 of 1) from reviews');
    await page.getByRole('heading', { level: 3, name: 'Lovely colour' }).waitFor();
    await page.getByText('Verified purchase').waitFor();

    // The photo opens larger in a dialog and closes again.
    const photos = page.getByRole('list', { name: 'Photos' });
    await photos.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Review photo' });
    await dialog.getByRole('img', { name: 'Review photo, larger' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The page as served: JSON-LD with the rating from the published review.
    const html = await (await fetch(`${shop()}/product/${saree.id}`)).text();
    expect(jsonLdProduct(html)?.aggregateRating).toMatchObject({ ratingValue: '4.0', reviewCount: 1 });
    // And in the browser after a reload, with the fit summary beside the choices from the first load on.
    await page.reload();
    const inPage = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(inPage.some((text) => text.includes('aggregateRating'))).toBe(true);
    await expect
      .poll(() => page.getByTestId('size-fit-summary').textContent())
      .toContain('Runs small (1 of 1)');

    // The kurta: the form knows the size bought; once reviewed, the fit summary sits under the size buttons.
    await page.goto(`${shop()}/product/${kurta.id}`);
    await page.getByRole('heading', { level: 2, name: 'Reviews' }).scrollIntoViewIfNeeded();
    const kurtaForm = page.locator('form', { has: page.getByRole('heading', { name: 'Write a review' }) });
    await kurtaForm.getByText('Size bought: M').waitFor();
    const reviewed = await apiCall(
      'POST',
      `/products/${kurta.id}/reviews`,
      {
        rating: 5,
        title: 'Soft cotton',
        text: 'Soft cotton and a lovely red, but order one size up.',
        fit: 'small',
      },
      token,
    );
    expect(reviewed.status).toBe(201);
    await page.reload();
    const sizes = page.locator('[data-choice="size"]');
    await expect
      .poll(() => sizes.getByTestId('size-fit-summary').textContent())
      .toContain('Runs small (1 of 1)');
    await page.getByRole('heading', { level: 2, name: 'Reviews' }).scrollIntoViewIfNeeded();
    await page.getByText('Size bought: M').waitFor();
  }, 120_000);

  it("lets the owner edit the add-ons on the Add-ons screen, with the server's field messages", async () => {
    const owner = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER);
    const before = await apiCall<{ addOns: { code: string; price: number }[] }>(
      'GET',
      '/admin/add-ons',
      undefined,
      owner.body.token,
    );
    const at = before.body.addOns.findIndex((addOn) => addOn.code === 'blouse-stitching');
    expect(at).toBeGreaterThanOrEqual(0);
    const page = await newPage();
    await signInToAdmin(page, shop(), '/add-ons');
    await page.getByRole('heading', { level: 1, name: 'Add-ons' }).waitFor();
    const blouse = page.getByRole('group', { name: `Add-on ${at + 1}`, exact: true });
    expect(await blouse.getByLabel('Code').inputValue()).toBe('blouse-stitching');
    expect(await blouse.getByLabel('Price (₹)').inputValue()).toBe('1200');
    await blouse.getByLabel('Price (₹)').fill('0');
    await blouse.getByLabel('SAC').fill('12345');
    await page.getByRole('button', { name: 'Save add-ons' }).click();
    await blouse.getByText('must be above 0').waitFor();
    await blouse.getByText('must be a SAC of 6 digits starting with 99').waitFor();

    await blouse.getByLabel('Price (₹)').fill('1250');
    await blouse.getByLabel('SAC').fill('998822');
    await blouse.getByLabel('Extra days of lead time').fill('8');
    await page.getByRole('button', { name: 'Save add-ons' }).click();
    await page.getByRole('status').filter({ hasText: 'Add-ons saved' }).waitFor();
    const after = await apiCall<{ addOns: { code: string; price: number; leadDays: number }[] }>(
      'GET',
      '/admin/add-ons',
      undefined,
      owner.body.token,
    );
    expect(after.body.addOns[at]).toMatchObject({ code: 'blouse-stitching', price: 1250, leadDays: 8 });
    expect(after.body.addOns.length).toBe(before.body.addOns.length);
  });
});
