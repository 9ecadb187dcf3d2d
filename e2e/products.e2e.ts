/** Products listing (docs/product.md §2 "Products page", §5 "Other", §7 "Product list filters", §9). */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openInBrowser,
  apiProducts,
  pathWithQuery,
  scrollTo,
  scrollY,
  squash,
  useStorefront,
  waitForPath,
  eventually,
} from './helpers';

const { newPage } = useStorefront();

const PAGE_SIZE = 12;

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const headline = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const parentFilter = (page: Page) => page.getByRole('combobox', { name: 'Category' });

/** The pagination bar's slots as shown: page numbers and '…' (previous/next excluded). */
async function paginationSlots(page: Page): Promise<string[]> {
  const items = pagination(page).locator('li'); // the ellipsis items are aria-hidden
  const texts = (await items.allTextContents()).map(squash);
  return texts.filter((text) => text !== 'Previous' && text !== 'Next' && text !== '');
}

/** First, last, 2 pages either side of the current one, and '…' where pages are skipped (docs/product.md §2, §9). */
function expectedSlots(current: number, totalPages: number): string[] {
  const slots: string[] = [];
  let previous = 0;
  for (let n = 1; n <= totalPages; n += 1) {
    if (n === 1 || n === totalPages || Math.abs(n - current) <= 2) {
      if (n - previous > 1) slots.push('…');
      slots.push(String(n));
      previous = n;
    }
  }
  return slots;
}

/** Waits until the listing shows product cards (or its empty/error state) and returns the headline. */
async function waitForListing(page: Page): Promise<string> {
  await page
    .getByRole('main')
    .getByRole('article')
    .or(page.getByText('No products found with the selected filters.'))
    .or(page.getByText('Failed to load products. Please try again.'))
    .first()
    .waitFor();
  return squash(await headline(page).textContent());
}

describe('products page', () => {
  it('headlines: men, women, another category, no category', async () => {
    const page = await newPage();
    await page.goto('/products?category=men');
    expect(await waitForListing(page)).toBe("Men's Ethnic Wear");
    expect(
      await page.getByRole('main').getByRole('heading', { level: 2, name: "Men's Collection" }).count(),
    ).toBe(1);

    // Client-side navigation through the header and footer links changes only the query string.
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('link', { name: 'Women', exact: true }).click();
    await waitForPath(page, '/products?category=women');
    await headline(page).filter({ hasText: "Women's Ethnic Wear" }).waitFor();
    expect(await waitForListing(page)).toBe("Women's Ethnic Wear");

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Unstitched Fabrics', exact: true })
      .click();
    await waitForPath(page, '/products?category=unstitched%20fabrics');
    await headline(page).filter({ hasText: 'Unstitched Fabrics' }).waitFor();
    expect(await waitForListing(page)).toBe('Unstitched Fabrics');

    await header.getByRole('link', { name: 'All Products', exact: true }).click();
    await waitForPath(page, '/products');
    await headline(page).filter({ hasText: 'All Products' }).waitFor();
    expect(await waitForListing(page)).toBe('All Products');
  });

  it('a category listing shows exactly the products the API gives for it', async () => {
    const page = await newPage();
    const { products, total } = await apiProducts('page=1&limit=12&category=women&gender=Women');
    await page.goto('/products?category=women');
    await waitForListing(page);
    const names = await cards(page).evaluateAll((articles) =>
      articles.map((a) => a.querySelector('h3')?.textContent?.trim()),
    );
    expect(names).toEqual(products.map((product) => product.title));
    expect(total).toBeGreaterThan(PAGE_SIZE);
    expect(squash(await page.getByText(/^Showing \d+ to \d+ of \d+ items$/).textContent())).toBe(
      `Showing 1 to 12 of ${total} items`,
    );
  });

  it("'All Products' paginates 12 per page; next page updates the URL, the range text, aria-current and scrolls up", async () => {
    const page = await newPage();
    const { total } = await apiProducts('page=1&limit=12');
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    const totalPages = Math.ceil(total / PAGE_SIZE);

    await page.goto('/products');
    expect(await waitForListing(page)).toBe('All Products');
    expect(await cards(page).count()).toBe(PAGE_SIZE);
    const rangeText = page.getByText(/^Showing \d+ to \d+ of \d+ items$/);
    expect(squash(await rangeText.textContent())).toBe(`Showing 1 to 12 of ${total} items`);
    expect(
      await pagination(page)
        .getByRole('button', { name: 'Page 1', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await pagination(page).getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    expect(await paginationSlots(page)).toEqual(expectedSlots(1, totalPages));

    const firstPageNames = await cards(page).allTextContents();
    await scrollTo(page, 'bottom');
    expect(await scrollY(page)).toBeGreaterThan(300);
    await pagination(page).getByRole('button', { name: 'Next page' }).click();

    await waitForPath(page, '/products?page=2');
    await page.getByText(`Showing 13 to 24 of ${total} items`, { exact: true }).waitFor();
    await eventually(() => scrollY(page)).toBe(0);
    expect(
      await pagination(page)
        .getByRole('button', { name: 'Page 2', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(
      await pagination(page)
        .getByRole('button', { name: 'Page 1', exact: true })
        .getAttribute('aria-current'),
    ).toBeNull();
    expect(await cards(page).count()).toBe(PAGE_SIZE);
    expect(await cards(page).allTextContents()).not.toEqual(firstPageNames);
    expect(await paginationSlots(page)).toEqual(expectedSlots(2, totalPages));
  });

  it('a far page shows first and last pages, a window of 2 either side and ellipses', async () => {
    const page = await newPage();
    const { total } = await apiProducts('page=1&limit=12');
    const totalPages = Math.ceil(total / PAGE_SIZE);
    expect(totalPages).toBeGreaterThanOrEqual(5);

    await page.goto(`/products?page=${totalPages}`);
    await waitForListing(page);
    const slots = await paginationSlots(page);
    expect(slots).toEqual(expectedSlots(totalPages, totalPages));
    expect(slots.slice(0, 2)).toEqual(['1', '…']);
    expect(await cards(page).count()).toBe(total - (totalPages - 1) * PAGE_SIZE);
    expect(
      await page
        .getByText(`Showing ${(totalPages - 1) * PAGE_SIZE + 1} to ${total} of ${total} items`, {
          exact: true,
        })
        .count(),
    ).toBe(1);
    expect(await pagination(page).getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // Jumping to page 1 from the last page: the window moves and the ellipsis is now before the last page.
    await pagination(page).getByRole('button', { name: 'Page 1', exact: true }).click();
    await waitForPath(page, '/products?page=1');
    await page.getByText(`Showing 1 to 12 of ${total} items`, { exact: true }).waitFor();
    const firstSlots = await paginationSlots(page);
    expect(firstSlots).toEqual(expectedSlots(1, totalPages));
    expect(firstSlots.slice(-2)).toEqual(['…', String(totalPages)]);
  });

  it('the parent-category filter lists the distinct parent categories and sets, resets and removes the parameter', async () => {
    const page = await newPage();
    const { products: menProducts } = await apiProducts('category=men&limit=100');
    const parents = [
      ...new Set(
        menProducts.map((product) => product.parentCategory).filter((name): name is string => !!name),
      ),
    ];
    expect(parents.length).toBeGreaterThan(1);
    const chosen = parents[1]!;
    const { total: chosenTotal } = await apiProducts(
      `page=1&limit=12&category=men&gender=Men&parentCategory=${encodeURIComponent(chosen)}`,
    );
    expect(chosenTotal).toBeGreaterThan(0);

    await page.goto('/products?category=men&page=2');
    expect(await waitForListing(page)).toBe("Men's Ethnic Wear");
    const filter = parentFilter(page);
    await eventually(() => filter.locator('option').allTextContents()).toEqual(['All', ...parents]);
    expect(await filter.inputValue()).toBe('');

    await filter.selectOption({ label: chosen });
    await page.waitForURL((url) => url.searchParams.get('parentCategory') === chosen);
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe('men');
    expect(url.searchParams.get('page') ?? '1').toBe('1');
    await headline(page).filter({ hasText: chosen }).waitFor();
    expect(squash(await headline(page).textContent())).toBe(chosen);
    await eventually(() => cards(page).count()).toBe(Math.min(PAGE_SIZE, chosenTotal));
    expect(await page.title()).toContain(chosen);

    await filter.selectOption({ label: 'All' });
    await page.waitForURL((next) => !next.searchParams.has('parentCategory'));
    expect(pathWithQuery(page)).toBe('/products?category=men');
    await headline(page).filter({ hasText: "Men's Ethnic Wear" }).waitFor();
  });

  it("a filter without results shows the empty message and 'Clear Filters' removes it", async () => {
    const page = await newPage();
    await page.goto('/products?category=men&parentCategory=No%20Such%20Thing');
    await page.getByText('No products found with the selected filters.', { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await pagination(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('parentCategory'));
    expect(new URL(page.url()).searchParams.get('category')).toBe('men');
    await cards(page).first().waitFor();
    expect(await page.getByText('No products found with the selected filters.').count()).toBe(0);
  });

  it('the grid toggle switches between 3 and 2 columns at 1280 px and is hidden at 390 px', async () => {
    const page = await newPage();
    await page.goto('/products');
    await waitForListing(page);
    const toggle = page.getByRole('group', { name: 'Grid layout' });
    expect(await toggle.isVisible()).toBe(true);
    const three = toggle.getByRole('button', { name: '3 columns' });
    const two = toggle.getByRole('button', { name: '2 columns' });
    expect(await three.getAttribute('aria-pressed')).toBe('true');
    expect(await two.getAttribute('aria-pressed')).toBe('false');

    const grid = page
      .getByRole('main')
      .getByRole('list')
      .filter({ has: page.getByRole('article') });
    const columnCount = () =>
      grid.evaluate(
        (element) => getComputedStyle(element).gridTemplateColumns.split(' ').filter(Boolean).length,
      );
    // 3 columns, up to 4 on wide screens (docs/product.md §2).
    const wide = await columnCount();
    expect(wide).toBeGreaterThanOrEqual(3);
    expect(wide).toBeLessThanOrEqual(4);

    await two.click();
    expect(await two.getAttribute('aria-pressed')).toBe('true');
    expect(await three.getAttribute('aria-pressed')).toBe('false');
    await eventually(columnCount).toBe(2);
    await three.click();
    await eventually(columnCount).toBe(wide);

    await page.setViewportSize({ width: 390, height: 844 });
    await toggle.waitFor({ state: 'hidden' });
    expect(await toggle.isVisible()).toBe(false);
    expect(await columnCount()).toBe(2);
  });

  it("a failing API shows 'Failed to load products. Please try again.' and 'Try Again' reloads", async () => {
    const page = await newPage();
    let failing = true;
    await page.route('**/api/v1/products?**', (route: Route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await openInBrowser(page, '/products');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load products. Please try again.' });
    await alert.waitFor();
    expect(squash(await alert.getByRole('paragraph').textContent())).toBe(
      'Failed to load products. Please try again.',
    );
    expect(await cards(page).count()).toBe(0);

    failing = false;
    const reloaded = page.waitForEvent('load');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(PAGE_SIZE);
    expect(await page.getByText('Failed to load products. Please try again.').count()).toBe(0);
  });

  it("a card's Add to Cart on a product with several sizes asks for a size and 'Choose size' opens the product", async () => {
    const page = await newPage();
    const { products } = await apiProducts('page=1&limit=12&category=men&gender=Men');
    const product = products.find(
      (candidate) =>
        (candidate.attributes.find((a) => a.key.toLowerCase() === 'size')?.value.length ?? 0) > 1,
    );
    expect(product).toBeDefined();
    await page.goto('/products?category=men');
    const card = cards(page).filter({
      has: page.getByRole('heading', { name: product!.title, exact: true }),
    });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Please select a size' });
    await toast.waitFor();
    expect(squash(await toast.locator('[data-description]').textContent())).toBe(
      'You must select a size before adding to cart',
    );
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Cart, / })
        .getAttribute('aria-label'),
    ).toBe('Cart, 0 items');
    await toast.getByRole('button', { name: 'Choose size' }).click();
    await waitForPath(page, `/product/${product!.id}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: product!.title }).waitFor();
  });

  it('the header marks the current category link', async () => {
    const page = await newPage();
    await page.goto('/products?category=women');
    await waitForListing(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Women', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await nav.getByRole('link', { name: 'Men', exact: true }).getAttribute('aria-current')).toBeNull();
    expect(
      await nav.getByRole('link', { name: 'All Products', exact: true }).getAttribute('aria-current'),
    ).toBeNull();
    await nav.getByRole('link', { name: 'All Products', exact: true }).click();
    await waitForPath(page, '/products');
    // The previous listing's cards stay until the new ones come: wait for the headline, not for cards.
    await eventually(async () => squash(await headline(page).textContent())).toBe('All Products');
    expect(
      await nav.getByRole('link', { name: 'All Products', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows 12 skeleton cards while the products load', async () => {
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/products?**', async (route: Route) => {
      await held;
      await route.fallback();
    });
    await openInBrowser(page, '/products');
    const loading = page.getByLabel('Loading products');
    await loading.waitFor();
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    expect(await loading.getByTestId('product-card-skeleton').count()).toBe(12);
    expect(await cards(page).count()).toBe(0);

    release();
    await cards(page).first().waitFor();
    expect(await page.getByTestId('product-card-skeleton').count()).toBe(0);
    expect(await cards(page).count()).toBe(PAGE_SIZE);
  });
});
