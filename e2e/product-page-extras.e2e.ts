/**
 * The product page's extras on a phone (390 × 844): a card's Quick View adds to the cart with the product
 * page's rules and toasts; the sticky Add to Cart bar appears once the main button has scrolled away, sits
 * above the mobile bottom bar and adds the current choice; the store's size chart opens from 'Size chart'
 * (clothing sizes only); and the contact page's 'Follow Us' is hidden without social links and lists the
 * owner's links once set in the admin (on a server of its own, so the shared demo shop stays unchanged).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import {
  allProducts,
  apiProducts,
  eventually,
  rupees,
  scrollTo,
  squash,
  useStorefront,
  waitForToast,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const { newPage } = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };

/** The first product of the men's listing: a kurta in sizes S–XXL and colours (variants). */
async function firstMensProduct() {
  const { products } = await apiProducts('category=men&page=1&limit=12');
  return products[0]!;
}

/** Chooses the first colour that can be had, then the first size that can be had in it, inside `scope`. */
async function chooseColourAndSize(scope: Locator) {
  const colours = scope.getByRole('group', { name: /^Colour/ });
  if ((await colours.count()) > 0) await colours.locator('button:not([disabled])').first().click();
  await scope
    .getByRole('group', { name: /^Clothing Size/ })
    .locator('button:not([disabled])')
    .first()
    .click();
}

const mobileCartLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: /^Cart, / });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

describe('product page extras at 390 × 844', () => {
  it("Quick View shows the product and adds it with the page's rules; Esc closes it", async () => {
    const product = await firstMensProduct();
    const page = await newPage();
    await page.goto('/products?category=men');
    const card = page.getByRole('article', { name: product.title });
    await card.hover();
    const quickView = card.getByRole('button', { name: 'Quick View' });
    await quickView.click();

    const dialog = page.getByRole('dialog', { name: product.title });
    await dialog.waitFor();
    await dialog.getByRole('group', { name: /^Clothing Size/ }).waitFor();
    expect(squash(await dialog.getByTestId('quick-view-price').textContent())).toBe(
      rupees(product.discountedPrice ?? product.regularPrice ?? 0),
    );
    await dialog.getByText('Inclusive of all taxes', { exact: true }).waitFor();
    expect(await dialog.getByRole('link', { name: 'View full details' }).getAttribute('href')).toBe(
      `/product/${product.id}`,
    );

    // No size yet: the product page's message, nothing added.
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Please select a size')).toBe(
      'You must select a size before adding to cart',
    );

    // Esc closes it and gives the focus back to the card's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await quickView.evaluate((button) => button === document.activeElement)).toBe(true);

    await card.hover();
    await quickView.click();
    await dialog.getByRole('group', { name: /^Clothing Size/ }).waitFor();
    // The focus stays in the dialog.
    for (let press = 0; press < 12; press += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await chooseColourAndSize(dialog);
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Added to cart')).toBe(`${product.title} added to your cart`);
    await dialog.waitFor({ state: 'detached' });
    expect(squash(await mobileCartLink(page).textContent())).toContain('Cart, 1 item');
  });

  it('the sticky bar appears after the main button scrolls away, stays above the bottom bar and adds the choice', async () => {
    const product = await firstMensProduct();
    const page = await newPage();
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const bar = page.getByTestId('sticky-add-to-cart');
    expect(await bar.isVisible()).toBe(false);
    expect(await bar.getAttribute('aria-hidden')).toBe('true');

    await scrollTo(page, 'bottom');
    await eventually(() => bar.isVisible()).toBe(true);
    expect(squash(await bar.textContent())).toContain(
      squash(await page.getByTestId('product-price').textContent()),
    );

    // A missing size: the same toast as the main button, and the size buttons are brought into view.
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Please select a size')).toBe(
      'You must select a size before adding to cart',
    );
    const sizes = page.getByRole('main').locator('[data-choice="size"]');
    await eventually(() => sizes.evaluate((group) => group.contains(document.activeElement))).toBe(true);
    await eventually(async () => {
      const { y, height } = await box(sizes);
      return y >= 0 && y + height <= PHONE.height;
    }).toBe(true);

    await chooseColourAndSize(page.getByRole('main'));
    // Just past the main button: the rest of the page still fills the screen under the bar.
    const mainButton = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();
    const { y: buttonTop } = await box(mainButton);
    await scrollTo(page, (await page.evaluate(() => window.scrollY)) + buttonTop + 80);
    await eventually(() => bar.isVisible()).toBe(true);
    // Right above the mobile bottom bar, not over it.
    const barBox = await box(bar);
    const navBox = await box(page.getByRole('navigation', { name: 'Mobile navigation' }));
    const gap = navBox.y - (barBox.y + barBox.height);
    expect(gap).toBeGreaterThanOrEqual(-0.5);
    expect(gap).toBeLessThanOrEqual(2);
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Added to cart')).toBe(`${product.title} added to your cart`);

    // At the end of the page the bar keeps its own place: the footer is below it, not under it.
    await scrollTo(page, 'bottom');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    await eventually(
      async () => (await box(bar)).y + (await box(bar)).height <= (await box(footer)).y + 1,
    ).toBe(true);
  });

  it('opens the size chart from the size choice, in inches; none for One Size or fabric by the metre', async () => {
    const product = await firstMensProduct();
    const page = await newPage();
    await page.goto(`/product/${product.id}`);
    const open = page.getByRole('button', { name: 'Size chart' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Size chart' });
    await dialog.waitFor();
    await dialog.getByText('All measurements in inches (in).', { exact: true }).waitFor();
    const women = dialog.getByRole('table', { name: "Women's kurta", exact: true });
    expect(squash(await women.getByRole('row').first().innerText())).toBe(
      'Size Bust (in) Waist (in) Hip (in) Length (in)',
    );
    // Only the sizes the kurta is sold in (S–XXL): the chart's XS row is left out.
    expect(await women.getByRole('row', { name: /^XS / }).count()).toBe(0);
    expect(squash(await women.getByRole('row', { name: /^S / }).innerText())).toBe('S 34 28 37 44');
    const men = dialog.getByRole('table', { name: "Men's kurta", exact: true });
    expect(squash(await men.getByRole('row', { name: /^XXL / }).innerText())).toBe('XXL 46 40 19 43');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);

    const catalogue = await allProducts();
    for (const title of ['Emerald Pure Mulberry Silk Fabric', 'Red Banarasi Katan Silk Saree']) {
      const other = catalogue.find((candidate) => candidate.title === title)!;
      await page.goto(`/product/${other.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
      expect([title, await page.getByRole('button', { name: 'Size chart' }).count()]).toEqual([title, 0]);
    }
  });

  describe('the Follow Us links', () => {
    let server: { baseUrl: string; stop: () => Promise<void> } | undefined;
    afterAll(async () => {
      await server?.stop();
    });

    it('are hidden while the shop has none', async () => {
      const page = await newPage();
      await page.goto('/contact');
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
      await page.getByRole('heading', { name: 'Get in Touch' }).waitFor();
      expect(await page.getByText('Follow Us').count()).toBe(0);
    });

    it("list the owner's links once set in the admin, a wrong one refused with its message", async () => {
      server = (await startServer()) as { baseUrl: string; stop: () => Promise<void> };
      const shop = server.baseUrl;
      const admin = await newPage();
      await admin.goto(`${shop}/admin/settings`);
      await admin.waitForURL(/\/admin\/sign-in$/);
      await admin.getByLabel('Email').fill(DEMO_OWNER.email);
      await admin.getByLabel('Password').fill(DEMO_OWNER.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await admin.waitForURL(/\/admin\/settings$/);

      await admin.getByLabel('Instagram').fill('https://www.instagram.com/reshamhouse.example');
      await admin.getByLabel('Facebook').fill('https://www.instagram.com/reshamhouse.example');
      await admin.getByRole('button', { name: 'Save store info' }).click();
      await admin.getByText('must be an https:// link to facebook.com', { exact: true }).waitFor();
      await admin.getByLabel('Facebook').fill('');
      await admin.getByLabel('YouTube').fill('https://www.youtube.com/@reshamhouse.example');
      await admin.getByRole('button', { name: 'Save store info' }).click();
      await admin.getByText('Store info saved').waitFor();

      const page = await newPage();
      await page.goto(`${shop}/contact`);
      const follow = page.getByRole('list', { name: 'Follow Us' });
      await follow.waitFor();
      const links = follow.getByRole('link');
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent))).toEqual([
        'Instagram (opens in a new tab)',
        'YouTube (opens in a new tab)',
      ]);
      const instagram = follow.getByRole('link', { name: 'Instagram (opens in a new tab)' });
      expect(await instagram.getAttribute('href')).toBe('https://www.instagram.com/reshamhouse.example');
      expect(await instagram.getAttribute('rel')).toContain('noopener');
      expect(await follow.getByRole('link', { name: /^YouTube/ }).getAttribute('href')).toBe(
        'https://www.youtube.com/@reshamhouse.example',
      );
    });
  });
});
