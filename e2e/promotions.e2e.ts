/**
 * An automatic promotion on a phone (390 × 844; docs/discounts.md "Automatic promotions"): the owner starts 'Saree Utsav',
 * 20% off the Sarees category, through the admin API; the shopper sees the promotional price with the regular
 * price struck on the sarees listing and the promotion's name on the product page, the cart and the checkout total
 * use it; the admin's Promotions panel lists it as active, and pausing it there ends the promotional prices.
 *
 * This file starts its own server (a fresh demo shop), since the promotion changes the shop's prices.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  apiCall,
  DEMO_OWNER,
  eventually,
  headerCartLink,
  productSizes,
  rupees,
  squash,
  signInToAdmin,
  useStorefront,
  waitForPath,
  waitForToast,
  waitForToastsGone,
  type ApiProduct,
} from './helpers';
import { registerShopper, SHOPPER_PASSWORD } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

type PromotedProduct = ApiProduct & { promotion?: { name: string; endsAt: string } | null };

/** `instant` as an India wall-clock time `YYYY-MM-DDTHH:mm`. */
const indiaLocal = (instant: Date) => new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 16);

/** The sarees of the demo shop as the API lists them. */
async function sarees(): Promise<PromotedProduct[]> {
  const { status, body } = await apiCall<{ data: PromotedProduct[] }>(
    'GET',
    '/products?category=Women&parentCategory=Sarees&limit=100',
    undefined,
    undefined,
    shop(),
  );
  expect(status).toBe(200);
  return body.data;
}

const cardOf = (page: Page, product: ApiProduct) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });

describe('Saree Utsav', () => {
  it('shows 20% off sarees with the regular price struck, and the cart and checkout charge it', async () => {
    const before = await sarees();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((saree) => !saree.promotion)).toBe(true);

    const owner = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER, undefined, shop());
    const created = await apiCall<{ status: string; categories: string[] }>(
      'POST',
      '/admin/promotions',
      {
        name: 'Saree Utsav',
        kind: 'percent',
        value: 20,
        scope: 'categories',
        categories: ['Sarees'],
        startsAt: indiaLocal(new Date(Date.now() - 3_600_000)),
        endsAt: indiaLocal(new Date(Date.now() + 86_400_000)),
      },
      owner.body.token,
      shop(),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', categories: ['Sarees'] });

    // Every saree sells at the lower of 20% off its regular price and its own sale price, never both.
    const during = await sarees();
    for (const saree of during) {
      const regularPaise = Math.round(saree.regularPrice! * 100);
      const promotionPaise = regularPaise - Math.floor((regularPaise * 20 + 50) / 100);
      const sale = before.find((item) => item.id === saree.id)!.discountedPrice;
      const salePaise = sale === null ? regularPaise : Math.round(sale * 100);
      expect([saree.title, Math.round((saree.discountedPrice ?? saree.regularPrice!) * 100)]).toEqual([
        saree.title,
        Math.min(promotionPaise, salePaise),
      ]);
      expect(saree.promotion?.name ?? null).toBe(promotionPaise < salePaise ? 'Saree Utsav' : null);
    }
    const promoted = during.find((saree) => saree.promotion && productSizes(saree).length <= 1);
    expect(promoted, 'a saree the promotion prices, added from its card').toBeDefined();
    const price = promoted!.discountedPrice!;
    const regular = promoted!.regularPrice!;

    const page = await browser.newPage();
    await page.goto(`${shop()}/products?category=women&parentCategory=Sarees`);
    const card = cardOf(page, promoted!);
    await card.waitFor();
    expect(
      squash(
        await card
          .locator('p')
          .filter({ has: page.locator('del') })
          .innerText(),
      ),
    ).toBe(`${rupees(price)} Original price ${rupees(regular)}`);
    expect(squash(await card.locator('del').innerText())).toBe(`Original price ${rupees(regular)}`);

    // The product page: the price, the struck regular price and the promotion's name as its sale badge.
    await page.goto(`${shop()}/product/${promoted!.id}`);
    await eventually(async () =>
      squash(await page.getByTestId('product-price').locator('..').innerText()),
    ).toBe(`${rupees(price)} Original price ${rupees(regular)} Saree Utsav`);
    await page.goBack();
    await card.waitFor();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    // 'Added to cart' lies over the header on a phone until it fades.
    await waitForToastsGone(page);
    await headerCartLink(page).click();
    await waitForPath(page, '/cart');
    const cartSummary = page.getByRole('region', { name: 'Order Summary' });
    await eventually(async () => squash(await cartSummary.innerText())).toContain(
      `Subtotal (1 item) ${rupees(price)}`,
    );

    const { email } = await registerShopper(shop(), 'utsav');
    await page.goto(`${shop()}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${shop()}/checkout`);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await eventually(async () => squash(await summary.innerText())).toContain(
      `Subtotal (1 item) ${rupees(price)}`,
    );
    // No address yet: no shipping charge is quoted, so the total is the promotional price.
    await eventually(async () => squash(await summary.innerText())).toContain(`Total ${rupees(price)}`);
  });

  it("lists it in the admin's Promotions panel, where pausing it ends the promotional prices", async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, shop(), '/discounts/promotions');
    const row = page
      .getByRole('list', { name: 'Promotions' })
      .getByRole('listitem')
      .filter({ hasText: 'Saree Utsav' });
    await row.waitFor();
    expect(squash(await row.innerText())).toMatch(
      /^Saree Utsav Active 20% off · Sarees \d{4}-\d{2}-\d{2} \d{2}:\d{2} to \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(India time\) Edit Pause Duplicate$/,
    );
    const paused = waitForToast(page, 'Saree Utsav paused');
    await row.getByRole('button', { name: 'Pause' }).click();
    await paused;
    await eventually(async () => squash(await row.innerText())).toContain('Saree Utsav Paused');
    expect((await sarees()).every((saree) => !saree.promotion)).toBe(true);
  });
});
