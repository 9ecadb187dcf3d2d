/**
 * The shopper's return request on a phone (390 × 844, docs/returns.md): a shopper's order of a kurta in
 * M / Red and a plain piece is paid, shipped and delivered through the admin API; on My Orders the order
 * offers 'Return or exchange'; the return page lists both lines; the shopper asks to exchange the kurta for
 * L / Red (sold-out sizes — M / Black — are struck and disabled) and to return the other piece for a refund, adds a photo,
 * and lands on My Orders where the order shows the return 'Return requested' with both lines.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { KURTA, productByTitle } from './demo-kurta-and-fabric';
import { DEMO_OWNER, eventually, squash, useStorefront, waitForPath, waitForToastsGone } from './helpers';
import { axeViolations } from './axe';
import { useOwnServer } from './servers';
import { firstPlainProduct, ownerMovesOrder, placeOrderAs, registerShopper } from './shopper-order';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);

const { shop, apiCall } = useOwnServer();

type ServerReturn = { number: string; status: string; photos: string[]; lines: { productTitle: string }[] };

describe('a shopper asks for a return and an exchange, at 390 × 844', () => {
  it('exchanges the kurta M for L and returns a plain piece; My Orders shows Return requested', async () => {
    // A shopper and their order: the kurta in M / Red and a plain piece (no variants).
    const { email, token } = await registerShopper(shop(), 'returns');
    const kurta = await productByTitle(shop(), KURTA);
    const medium = kurta.variants.find((variant) => variant.size === 'M' && variant.color === 'Red')!;
    expect(medium).toBeTruthy();
    const list = await apiCall<{ data: { id: string; title: string }[] }>(
      'GET',
      '/products?page=1&limit=100',
    );
    const plain = await firstPlainProduct(shop(), list.body.data);
    const orderNumber = await placeOrderAs(shop(), token, {
      lines: [
        { productId: kurta.id, variantId: medium.id, quantity: 1 },
        { productId: plain.id, quantity: 1 },
      ],
    });

    // The owner takes it to Delivered.
    const owner = (await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER)).body.token;
    await ownerMovesOrder(shop(), owner, orderNumber);

    // My Orders offers 'Return or exchange' on the delivered order.
    const page = await browser.newPage();
    await browser.context.addCookies([{ name: 'auth_token', value: token, url: shop() }]);
    await page.goto(`${shop()}/orders`);
    const card = page.locator(`article[data-order-id="${orderNumber}"]`);
    await card.waitFor();
    await card.getByText(/^Returns accepted until \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    await card.getByRole('link', { name: `Return or exchange items of order ${orderNumber}` }).click();
    await waitForPath(page, `/orders/${orderNumber}/return`);
    await page.getByRole('heading', { level: 1, name: 'Return or exchange' }).waitFor();
    // The page's address is served too (a reload, a shared link).
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Return or exchange' }).waitFor();
    const lines = page.getByTestId('return-line');
    await eventually(() => lines.count()).toBe(2);

    // Nothing chosen: the form says so.
    await page.getByRole('button', { name: 'Ask for return' }).click();
    await page.getByText('Please choose at least one item').waitFor();

    // The kurta: exchange for L / Red.
    const kurtaLine = lines.filter({ hasText: KURTA });
    await kurtaLine.getByRole('checkbox').check();
    await kurtaLine.getByLabel('Reason').selectOption({ label: 'Size too small' });
    await kurtaLine.getByRole('radio', { name: 'Exchange for another size or colour' }).check();
    // M / Black is sold out in the demo shop: struck and disabled, as on the product page.
    const soldOut = kurtaLine.getByRole('button', { name: 'M / Black, sold out' });
    expect(await soldOut.isDisabled()).toBe(true);
    const large = kurtaLine.getByRole('button', { name: 'L / Red', exact: true });
    await large.click();
    expect(await large.getAttribute('aria-pressed')).toBe('true');
    // Every struck size is disabled, and its name says it is sold out.
    for (const struck of await kurtaLine.locator('button.line-through').all()) {
      expect(await struck.isDisabled()).toBe(true);
      expect(await struck.getAttribute('aria-label')).toMatch(/, sold out$/);
    }

    // The plain piece: a refund.
    const plainLine = lines.filter({ hasText: plain!.title });
    await plainLine.getByRole('checkbox').check();
    await plainLine.getByLabel('Reason').selectOption({ label: 'Changed my mind' });
    expect(await plainLine.getByRole('radio', { name: 'Refund' }).isChecked()).toBe(true);

    // A photo and a note.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('#return-photos')
      .setInputFiles({ name: 'kurta.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('list', { name: 'Photos to send' }).getByText('kurta.jpg').waitFor();
    await page.getByLabel('Note (optional)').fill('Tight at the shoulders.');
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.getByRole('button', { name: 'Ask for return' }).click();

    // Back on My Orders: the return, requested, with both lines.
    await waitForPath(page, '/orders');
    const returned = page.locator(`article[data-order-id="${orderNumber}"]`).getByTestId('order-return');
    await returned.waitFor();
    expect(squash(await returned.getByTestId('return-status').textContent())).toBe('Return requested');
    const text = squash(await returned.textContent());
    expect(text).toContain(`${KURTA} (M / Red) × 1 — Size too small — Exchange for L / Red`);
    expect(text).toContain(`${plain!.title} × 1 — Changed my mind — Refund ₹`);
    await returned.getByRole('img', { name: /^Photo 1 of return RT-/ }).waitFor();
    // The page's content, without the toast lane: a toast fading in or out has too little contrast for axe
    // (the lane itself is checked by e2e/accessibility.e2e.ts).
    await waitForToastsGone(page);
    expect((await axeViolations(page, 'main')).join('\n')).toBe('');

    // Track Order shows the return too.
    await page.goto(`${shop()}/track-order?id=${orderNumber}`);
    await eventually(() => page.getByLabel('Email or Phone').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    const tracked = page.getByRole('region', { name: 'Order details' }).getByTestId('order-return');
    await tracked.waitFor();
    expect(squash(await tracked.getByTestId('return-status').textContent())).toBe('Return requested');

    // The server holds the same, with the photo.
    const order = await apiCall<{ returns: ServerReturn[] }>(
      'GET',
      `/orders/${orderNumber}`,
      undefined,
      token,
    );
    expect(order.body.returns).toHaveLength(1);
    expect(order.body.returns[0]).toMatchObject({ status: 'requested' });
    expect(order.body.returns[0]!.number).toMatch(/^RT-/);
    expect(order.body.returns[0]!.photos).toHaveLength(1);
  });
});
