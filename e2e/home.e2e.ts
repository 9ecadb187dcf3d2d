/** Home page (docs/product.md §2 "Main layout", "Home", "Product card"). */
import { describe, expect, it } from 'vitest';
import {
  apiProducts,
  eventually,
  headerCartLink,
  recordApiRequests,
  screenPrice,
  scrollTo,
  squash,
  storeInfo,
  useStorefront,
  waitForPath,
  type ApiProduct,
  openInBrowser,
} from './helpers';

const { newPage } = useStorefront();

const categoryHref = (name: string) => `/products?category=${encodeURIComponent(name.toLowerCase())}`;

/** The featured products the home page should list: first store category, lower-cased, limit 4 (docs/product.md §7). */
async function expectedFeatured(): Promise<ApiProduct[]> {
  const info = await storeInfo();
  const category = info.categories[0]!.toLowerCase();
  return (await apiProducts(`featured=true&limit=4&category=${encodeURIComponent(category)}`)).products;
}

describe('home page', () => {
  it("is titled with the store name and the header shows up to 3 categories, 'All Products' and Login", async () => {
    const page = await newPage();
    const info = await storeInfo();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: info.storeName }).waitFor();
    expect(await page.title()).toBe('Resham House');
    expect(info.storeName).toBe('Resham House');

    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    const expectedCategories = info.categories.slice(0, 3);
    expect(info.categories.length).toBeGreaterThan(3); // the demo shop has 4: the 4th must not be in the header
    expect(await links.allTextContents()).toEqual([...expectedCategories, 'All Products']);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([...expectedCategories.map(categoryHref), '/products']);

    // 'All categories' lists every category, the 4th included, and leads to its listing.
    const allCategories = nav.getByText('All categories', { exact: true });
    await allCategories.click();
    const menu = nav.locator('details[open]');
    expect(await menu.getByRole('link').allTextContents()).toEqual(info.categories);
    await menu.getByRole('link', { name: 'Unstitched Fabrics', exact: true }).click();
    await waitForPath(page, '/products?category=unstitched%20fabrics');
    await page.getByRole('heading', { level: 1, name: 'Unstitched Fabrics' }).waitFor();
    expect(await nav.locator('details[open]').count()).toBe(0);

    const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
    expect(await login.getAttribute('href')).toBe('/login');
    expect(await page.getByRole('banner').getByRole('link', { name: 'My Account' }).count()).toBe(0);
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
  });

  it('hero buttons go to /products and /products?featured=true', async () => {
    const page = await newPage();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Resham House' });
    await hero.getByRole('link', { name: 'Shop Collection' }).click();
    await waitForPath(page, '/products');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();

    await page.goBack();
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Featured Items' }).click();
    await waitForPath(page, '/products?featured=true');
    // The listing shows the featured products only.
    const { products: featured, total } = await apiProducts('featured=true&page=1&limit=12');
    const cards = page.getByRole('main').getByRole('article');
    await cards.first().waitFor();
    const names = await cards.evaluateAll((articles) =>
      articles.map((a) => a.querySelector('h3')?.textContent?.trim()),
    );
    expect(names).toEqual(featured.map((product) => product.title));
    expect(names.length).toBe(total);
  });

  it("the promotional block's 'Explore Collection' and 'View All' go to /products", async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Collection' }).click();
    await waitForPath(page, '/products');
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Featured Products' })
      .getByRole('link', { name: 'View All' })
      .click();
    await waitForPath(page, '/products');
  });

  it('Featured Products shows 4 skeletons while loading and the empty message for an empty list', async () => {
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/products?**', async (route) => {
      if (!new URL(route.request().url()).searchParams.has('featured')) return route.fallback();
      await held;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: [], count: 0, pagination: { page: 1, limit: 4, total: 0 } }),
      });
    });
    await openInBrowser(page, '/');
    const section = page.getByRole('region', { name: 'Featured Products' });
    const loading = section.getByLabel('Loading featured products');
    await loading.waitFor();
    expect(await loading.getByTestId('product-card-skeleton').count()).toBe(4);
    release();
    await section.getByText('No featured products available at the moment.', { exact: true }).waitFor();
    expect(await section.getByRole('article').count()).toBe(0);
    expect(await section.getByTestId('product-card-skeleton').count()).toBe(0);
  });

  it('a failing featured list shows the empty message (logged only)', async () => {
    const page = await newPage();
    await page.route('**/api/v1/products?**', (route) =>
      new URL(route.request().url()).searchParams.has('featured')
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await openInBrowser(page, '/');
    const section = page.getByRole('region', { name: 'Featured Products' });
    await section.getByText('No featured products available at the moment.', { exact: true }).waitFor();
    expect(await section.getByRole('article').count()).toBe(0);
  });

  it("'Premium Fabrics & Fashion' shows every category, each with an image, linking to its listing", async () => {
    const page = await newPage();
    const info = await storeInfo();
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Premium Fabrics & Fashion' });
    await section.getByRole('link').first().waitFor();
    const cards = section.getByRole('link');
    expect(info.categories).toEqual(['Men', 'Women', 'Accessories', 'Unstitched Fabrics']);
    expect(await cards.count()).toBe(info.categories.length);
    for (const [index, name] of info.categories.entries()) {
      const card = cards.nth(index);
      expect(squash(await card.textContent())).toContain(name);
      expect(await card.getAttribute('href')).toBe(categoryHref(name));
      const image = await card.locator('img').getAttribute('src');
      expect(image).toBe(info.categoryImages[name]);
      expect(image).toMatch(/^\/media\//);
    }
    expect(await cards.nth(0).getAttribute('href')).toBe('/products?category=men');

    await cards.nth(1).click();
    await waitForPath(page, '/products?category=women');
    await page.getByRole('heading', { level: 1, name: "Women's Ethnic Wear" }).waitFor();
  });

  it("'Featured Products' shows the first category's featured products as cards with the right badges", async () => {
    const page = await newPage();
    const featured = await expectedFeatured();
    expect(featured).toHaveLength(4);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Products' });
    const cards = section.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    expect(await section.getByTestId('product-card-skeleton').count()).toBe(0);
    expect(await section.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/products');

    const names = await cards.evaluateAll((articles) =>
      articles.map((a) => a.querySelector('h3')?.textContent?.trim()),
    );
    expect(names).toEqual(featured.map((product) => product.title));

    let sawSale = false;
    let sawPremium = false;
    for (const [index, product] of featured.entries()) {
      const card = cards.nth(index);
      const price = screenPrice(product);
      const sale =
        product.discountedPrice !== null &&
        product.regularPrice !== null &&
        product.discountedPrice < product.regularPrice;
      const premium = price > 5000;
      sawSale ||= sale;
      sawPremium ||= premium;
      expect(await card.getByText('Premium Quality', { exact: true }).count(), product.title).toBe(1);
      expect(await card.getByText('Sale', { exact: true }).count(), `${product.title}: Sale badge`).toBe(
        sale ? 1 : 0,
      );
      expect(
        await card.getByText('Premium', { exact: true }).count(),
        `${product.title}: Premium badge`,
      ).toBe(premium ? 1 : 0);
      expect(await card.getByRole('link', { name: product.title, exact: true }).getAttribute('href')).toBe(
        `/product/${product.id}`,
      );
    }
    // The demo data exercises both badges and a card without one.
    expect(sawSale).toBe(true);
    expect(sawPremium).toBe(true);
  });

  it('the product card overlay appears on hover and hides when the pointer leaves', async () => {
    const page = await newPage();
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first();
    await card.waitFor();
    const overlay = card.getByTestId('product-card-overlay');
    expect(await overlay.isVisible()).toBe(false);
    await card.hover();
    await overlay.waitFor({ state: 'visible' });
    expect(await card.getByRole('button', { name: 'Quick View' }).isVisible()).toBe(true);
    await page.mouse.move(1, 1);
    await overlay.waitFor({ state: 'hidden' });
  });

  it('the newsletter box refuses an empty address in the browser, without a request', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first().waitFor();
    const newsletter = page.getByRole('region', { name: 'Join our newsletter' });
    const email = newsletter.getByLabel('Email address');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('required')).not.toBeNull();

    // An empty field is refused by the browser: no toast.
    const requests = recordApiRequests(page);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    // Signing up changes the shop: e2e/messages.e2e.ts does it on a server of its own.
    expect(requests.filter((url) => url.includes('/newsletter'))).toEqual([]);
  });

  it('the header gets its shadow only after scrolling more than 20 px', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first().waitFor();
    const header = page.getByRole('banner');
    const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    const flat = await shadow();

    await scrollTo(page, 15);
    // Give the scroll listener a frame; the attribute must still be false at 15 px.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(15);
    expect(await header.getAttribute('data-scrolled')).toBe('false');

    await scrollTo(page, 200);
    await eventually(() => header.getAttribute('data-scrolled')).toBe('true');
    await eventually(shadow).not.toBe(flat);
    expect(await shadow()).not.toBe('none');

    await scrollTo(page, 0);
    await eventually(() => header.getAttribute('data-scrolled')).toBe('false');
  });
});
