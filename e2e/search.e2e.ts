/**
 * Storefront search and filters: the header's search box with suggestions (debounced, keyboard, Esc), the
 * listing's filters in the phone's bottom sheet and the wide screen's side panel with counts, the chips and
 * 'Clear all', the price range, the order, the URL as the whole state (reopening it, Back and Forward), and
 * a search that finds nothing. A phone (390×844) unless a test widens the window; every expectation is read
 * from the running app's API, so stock moved by other files does not matter.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { compareSizes } from '../src/shared/catalog/size-order';
import {
  api,
  eventually,
  pathWithQuery,
  squash,
  storeInfo,
  useStorefront,
  waitForPath,
  type ApiProduct,
} from './helpers';

const { newPage } = useStorefront({ width: 390, height: 844 });

type FacetValue = { value: string; count: number };
type Facets = Record<'size' | 'color' | 'fabric' | 'category', FacetValue[]> & {
  price: { min: number | null; max: number | null };
};
type Listing = { data: ApiProduct[]; pagination: { total: number }; facets: Facets; suggestion?: string };
type Suggestions = {
  products: { id: string; title: string }[];
  categories: { category: string; parentCategory: string | null; count: number }[];
};

/** The listing the page should show for an API query (page 1, 12 a page, with facets). */
const listing = (query: string) =>
  api<Listing>(`/products?page=1&limit=12${query ? `&${query}` : ''}&facets=1`);

const GROUPS = [
  ['Category', 'category'],
  ['Size', 'size'],
  ['Colour', 'color'],
  ['Fabric', 'fabric'],
] as const;
type Chosen = Partial<Record<(typeof GROUPS)[number][1], string[]>>;

/**
 * Rows a facet group should show: the API's values with counts, plus chosen values it lacks at 0 (after them;
 * for sizes, all in the natural order of sizes).
 */
function expectedRows(values: FacetValue[], chosen: string[] = [], bySize = false): string[] {
  const listed = new Set(values.map((item) => item.value.toLowerCase()));
  const missing = chosen
    .filter((value) => !listed.has(value.toLowerCase()))
    .map((value) => ({ value, count: 0 }));
  const rows = [...values, ...missing];
  if (bySize) rows.sort((a, b) => compareSizes(a.value, b.value));
  return rows.map((item) => `${item.value} (${item.count})`);
}

/** The rows of one facet group as shown ('M (11)'), every value listed ('Show all' pressed). */
async function facetRows(panel: Locator, group: string): Promise<string[]> {
  const fieldset = panel.getByRole('group', { name: group, exact: true });
  if ((await fieldset.count()) === 0) return [];
  const more = fieldset.getByRole('button', { name: /^Show all/ });
  if ((await more.count()) > 0) await more.click();
  return (await fieldset.locator('label').allTextContents()).map(squash);
}

/** Ticked values of a facet group. */
async function tickedValues(panel: Locator, group: string): Promise<string[]> {
  const boxes = panel.getByRole('group', { name: group, exact: true }).locator('label');
  return boxes.evaluateAll((labels) =>
    labels
      .filter((label) => (label.querySelector('input') as HTMLInputElement).checked)
      .map((label) => label.querySelector('span')!.textContent!.trim()),
  );
}

/** Waits until the listing has settled on the current URL (no request under way). */
async function settled(page: Page): Promise<void> {
  await page.locator('section[aria-label="Products"][aria-busy="false"]').waitFor();
}

/** Card titles in the order shown (read past the bottom sheet's aria-hidden). */
const shownTitles = (page: Page) => page.locator('main article h3').allTextContents();
const countText = async (page: Page) => squash(await page.locator('main p[role="status"]').textContent());
/** The count and the titles, read together: either alone can belong to the previous view for a moment. */
const shownResults = async (page: Page) => ({
  count: await countText(page),
  titles: await shownTitles(page),
});
const productsText = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

/**
 * The page shows what the API gives for `query`: the count, the products in order, and every facet group's
 * values with their counts (chosen ones ticked). Polled: the page may still show the previous view for a
 * moment after the URL changed.
 */
async function expectView(page: Page, panel: Locator, query: string, chosen: Chosen): Promise<Listing> {
  const expected = await listing(query);
  const shown = async () => {
    const facets: Record<string, string[]> = {};
    for (const [group] of GROUPS) facets[group] = await facetRows(panel, group);
    return { count: await countText(page), titles: await shownTitles(page), facets };
  };
  await eventually(shown).toEqual({
    count: productsText(expected.pagination.total),
    titles: expected.data.map((product) => product.title),
    facets: Object.fromEntries(
      GROUPS.map(([group, key]) => [group, expectedRows(expected.facets[key], chosen[key], key === 'size')]),
    ),
  });
  await settled(page);
  return expected;
}

const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const screenPrice = (product: ApiProduct) => product.discountedPrice ?? product.regularPrice ?? 0;

describe('search and filters on a phone', () => {
  it("typing 'banarsi' in the header suggests the Banarasi saree (debounced); Enter on it opens it", async () => {
    const page = await newPage();
    const suggestCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/search/suggest') suggestCalls.push(url.searchParams.get('q') ?? '');
    });
    await page.goto('/');
    const expected = await api<Suggestions>('/search/suggest?q=banarsi');
    const saree = expected.products.find((product) => product.title === 'Red Banarasi Katan Silk Saree');
    expect(saree).toBeDefined();

    // Phones show a search button; it opens the field, focused.
    expect(await page.getByRole('banner').getByRole('searchbox').isVisible()).toBe(false);
    // Typing at once: the keys land in the plain field, then in the combobox that replaces it, none lost.
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await page.keyboard.type('banarsi', { delay: 40 });
    expect(await searchBox(page).inputValue()).toBe('banarsi');

    const options = listbox(page).getByRole('option');
    await options.filter({ hasText: 'Red Banarasi Katan Silk Saree' }).waitFor();
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('true');
    // An earlier prefix's answer may still be on screen for a moment: wait for the one of the whole word.
    const total = expected.products.length + expected.categories.length + 1;
    const optionNames = () =>
      options.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    const shown = async () => {
      const all = await optionNames();
      return {
        count: all.length,
        products: all.slice(0, expected.products.length).map((n) => n?.split(', ₹')[0]),
      };
    };
    await expect
      .poll(shown)
      .toEqual({ count: total, products: expected.products.map((product) => product.title) });
    expect((await optionNames()).at(-1)).toBe('Search for "banarsi"');
    // One request after the typing stopped, not one a key.
    expect(suggestCalls.length).toBeLessThan('banarsi'.length);
    expect(suggestCalls.at(-1)).toBe('banarsi');

    const sareeIndex = expected.products.indexOf(saree!);
    for (let step = 0; step <= sareeIndex; step += 1) await page.keyboard.press('ArrowDown');
    const active = await searchBox(page).getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-label')).toMatch(
      /^Red Banarasi Katan Silk Saree, ₹/,
    );
    await page.keyboard.press('Enter');
    await waitForPath(page, `/product/${saree!.id}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: saree!.title }).waitFor();
    // Navigating closed the phone's search bar.
    await searchBox(page).waitFor({ state: 'hidden' });
  });

  it('Women → size M → maroon → up to ₹3,000, sorted by price: right products and counts at every step; the URL reopens the view', async () => {
    const page = await newPage();
    await page.goto('/products');
    await settled(page);
    // Phones get the filters in a bottom sheet, not the side panel.
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await expectView(page, sheet, '', {});

    const tick = async (group: string, value: string) => {
      await sheet
        .getByRole('group', { name: group, exact: true })
        .getByRole('checkbox', { name: new RegExp(`^${value} \\(\\d+\\)$`) })
        .click();
    };
    const showButton = sheet.getByRole('button', { name: /^Show \d+ products?$/ });

    await tick('Category', 'Women');
    await page.waitForURL((url) => url.searchParams.get('category') === 'women');
    let view = await expectView(page, sheet, 'category=women&gender=Women', { category: ['women'] });
    expect(await showButton.textContent()).toBe(`Show ${productsText(view.pagination.total)}`);

    await tick('Size', 'M');
    await page.waitForURL((url) => url.searchParams.getAll('size').join() === 'M');
    view = await expectView(page, sheet, 'category=women&gender=Women&size=M', {
      category: ['women'],
      size: ['M'],
    });
    expect(await showButton.textContent()).toBe(`Show ${productsText(view.pagination.total)}`);

    await tick('Colour', 'Maroon');
    await page.waitForURL((url) => url.searchParams.getAll('color').join() === 'Maroon');
    const colours = 'category=women&gender=Women&size=M&color=Maroon';
    const chosen = { category: ['women'], size: ['M'], color: ['Maroon'] };
    await expectView(page, sheet, colours, chosen);

    await sheet.getByLabel('Max (₹)').fill('3000');
    await sheet.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '3000');
    view = await expectView(page, sheet, `${colours}&maxPrice=3000`, chosen);
    expect(view.pagination.total).toBeGreaterThan(1);
    expect(view.data.every((product) => screenPrice(product) <= 3000)).toBe(true);

    await showButton.click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    const sorted = await listing(`${colours}&maxPrice=3000&sort=price_asc`);
    // The unsorted view can already be in price order: wait for the sorted request to settle.
    await settled(page);
    await eventually(() => shownResults(page)).toEqual({
      count: productsText(sorted.pagination.total),
      titles: sorted.data.map((product) => product.title),
    });
    const prices = sorted.data.map(screenPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');
    const chipNames = [
      'Remove filter Category: Women',
      'Remove filter Size: M',
      'Remove filter Colour: Maroon',
      'Remove filter Price: Up to ₹3,000',
    ];
    expect(await chips.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(
      chipNames,
    );
    expect(pathWithQuery(page)).toBe(
      '/products?category=women&size=M&color=Maroon&maxPrice=3000&sort=price_asc',
    );

    // The address alone reopens the same view.
    const again = await page.context().newPage();
    await again.goto(page.url());
    await settled(again);
    expect(await shownTitles(again)).toEqual(sorted.data.map((product) => product.title));
    expect(await countText(again)).toBe(productsText(sorted.pagination.total));
    expect(await again.getByLabel('Sort by').inputValue()).toBe('price_asc');
    expect(
      await again
        .getByRole('list', { name: 'Chosen filters' })
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(chipNames);
    await again.getByRole('button', { name: /^Filters/ }).click();
    const againSheet = again.getByRole('dialog', { name: 'Filters' });
    await againSheet.waitFor();
    expect(await tickedValues(againSheet, 'Size')).toEqual(['M']);
    expect(await tickedValues(againSheet, 'Colour')).toEqual(['Maroon']);
    expect(await againSheet.getByLabel('Max (₹)').inputValue()).toBe('3000');
    await again.close();
  });

  it('Esc closes the suggestion list, then the search bar, giving focus back to the search button', async () => {
    const page = await newPage();
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
    await button.click();
    await searchBox(page).waitFor();
    await eventually(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('silk');
    await listbox(page).waitFor();
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'hidden' });
    expect(await searchBox(page).isVisible()).toBe(true);
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('false');
    expect(await searchBox(page).inputValue()).toBe('silk');
    await page.keyboard.press('Escape');
    await searchBox(page).waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a search without results says so, links the categories and offers the correction', async () => {
    const page = await newPage();
    await page.goto('/products?q=zzzzqqq');
    const main = page.getByRole('main');
    await main.getByText('No products match "zzzzqqq"', { exact: true }).waitFor();
    expect(await main.getByText(/^Did you mean/).count()).toBe(0);
    const { categories } = await storeInfo();
    const browse = main.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
    expect(await browse.allTextContents()).toEqual(categories);
    expect(await browse.first().getAttribute('href')).toBe(
      `/products?category=${encodeURIComponent(categories[0]!.toLowerCase()).replace(/%20/g, '+')}`,
    );
    expect(squash(await main.getByRole('heading', { level: 1 }).textContent())).toBe('Results for "zzzzqqq"');

    const misspelt = await listing('q=banarsee&color=Teal');
    expect(misspelt.pagination.total).toBe(0);
    expect(misspelt.suggestion).toBe('banarasi');
    await page.goto('/products?q=banarsee&color=Teal');
    await main.getByText('No products match "banarsee"', { exact: true }).waitFor();
    const didYouMean = main.getByText(/^Did you mean/);
    expect(squash(await didYouMean.textContent())).toBe('Did you mean banarasi?');
    await didYouMean.getByRole('link', { name: 'banarasi' }).click();
    await waitForPath(page, '/products?q=banarasi');
    const found = await listing('q=banarasi');
    expect(found.pagination.total).toBeGreaterThan(0);
    await eventually(() => shownTitles(page)).toEqual(found.data.map((product) => product.title));
    // The header's field (hidden on a phone until opened) holds the search being viewed.
    expect(await page.locator('header input[name="q"]').inputValue()).toBe('banarasi');
  });
});

describe('search and filters on a wide screen', () => {
  it('keyboard in the suggestion list: arrows walk and wrap, Esc closes, Enter opens; the field does not move when the list loads', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const plain = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await plain.waitFor();
    expect(
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).isVisible(),
    ).toBe(false);
    // Where the field sits in the header (a test-mode bar above the header may appear meanwhile).
    const place = (field: Locator) =>
      field.evaluate((input) => {
        const box = input.getBoundingClientRect();
        const header = input.closest('header')!.getBoundingClientRect();
        return { x: box.x - header.x, y: box.y - header.y, width: box.width, height: box.height };
      });
    const before = await place(plain);
    await plain.click();
    await searchBox(page).waitFor();
    expect(await place(searchBox(page))).toEqual(before);
    await eventually(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);

    const expected = await api<Suggestions>('/search/suggest?q=banarsi');
    const total = expected.products.length + expected.categories.length + 1;
    await page.keyboard.type('banarsi');
    const options = listbox(page).getByRole('option');
    await eventually(() => options.count()).toBe(total);
    const activeLabel = async () => {
      const id = await searchBox(page).getAttribute('aria-activedescendant');
      if (!id) return null;
      const option = page.locator(`[id="${id}"]`);
      expect(await option.getAttribute('aria-selected')).toBe('true');
      return option.getAttribute('aria-label');
    };
    const labels = await options.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(await activeLabel()).toBeNull();
    await page.keyboard.press('ArrowDown');
    expect(await activeLabel()).toBe(labels[0]);
    await page.keyboard.press('ArrowDown');
    expect(await activeLabel()).toBe(labels[1]);
    await page.keyboard.press('ArrowUp');
    expect(await activeLabel()).toBe(labels[0]);
    await page.keyboard.press('ArrowUp');
    expect(await activeLabel()).toBe('Search for "banarsi"');
    await page.keyboard.press('ArrowDown');
    expect(await activeLabel()).toBe(labels[0]);

    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'hidden' });
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('false');
    expect(await searchBox(page).getAttribute('aria-activedescendant')).toBeNull();
    expect(await searchBox(page).inputValue()).toBe('banarsi');

    // Enter with no option chosen searches for the text.
    await page.keyboard.press('Enter');
    await waitForPath(page, '/products?q=banarsi');
    const found = await listing('q=banarsi');
    await eventually(() => shownResults(page)).toEqual({
      count: productsText(found.pagination.total),
      titles: found.data.map((product) => product.title),
    });
    expect(squash(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent())).toBe(
      'Results for "banarsi"',
    );
    expect(await page.getByLabel('Sort by').locator('option:checked').textContent()).toBe('Relevance');

    // ArrowDown opens the list again on the first option; Enter opens it.
    await searchBox(page).focus();
    await page.keyboard.press('ArrowDown');
    await listbox(page).waitFor();
    expect(await activeLabel()).toBe(labels[0]);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/product/${expected.products[0]!.id}`);
  });

  it('side panel: ticks and chips change the URL; Back and Forward replay it; a chip and Clear all remove filters', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/products?category=women');
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await settled(page);
    expect(await panel.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    await expectView(page, panel, 'category=women&gender=Women', { category: ['women'] });

    await panel.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(/ }).click();
    await waitForPath(page, '/products?category=women&size=M');
    await panel
      .getByRole('group', { name: 'Colour' })
      .getByRole('checkbox', { name: /^Teal \(/ })
      .click();
    await waitForPath(page, '/products?category=women&size=M&color=Teal');
    const withTeal = { category: ['women'], size: ['M'], color: ['Teal'] };
    await expectView(page, panel, 'category=women&gender=Women&size=M&color=Teal', withTeal);

    await page.goBack();
    await waitForPath(page, '/products?category=women&size=M');
    await expectView(page, panel, 'category=women&gender=Women&size=M', { category: ['women'], size: ['M'] });
    expect(await tickedValues(panel, 'Colour')).toEqual([]);
    await page.goBack();
    await waitForPath(page, '/products?category=women');
    await expectView(page, panel, 'category=women&gender=Women', { category: ['women'] });
    expect(await tickedValues(panel, 'Size')).toEqual([]);
    await page.goForward();
    await page.goForward();
    await waitForPath(page, '/products?category=women&size=M&color=Teal');
    await expectView(page, panel, 'category=women&gender=Women&size=M&color=Teal', withTeal);

    await page.getByRole('button', { name: 'Remove filter Size: M' }).click();
    await waitForPath(page, '/products?category=women&color=Teal');
    await expectView(page, panel, 'category=women&gender=Women&color=Teal', {
      category: ['women'],
      color: ['Teal'],
    });

    await page.getByRole('button', { name: 'Clear all' }).click();
    await waitForPath(page, '/products');
    expect(pathWithQuery(page)).toBe('/products');
    // The page may still show the previous view for a moment after the URL changed: poll.
    await expectView(page, panel, '', {});
    await eventually(async () =>
      squash(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()),
    ).toBe('All Products');
    expect(await page.getByRole('list', { name: 'Chosen filters' }).count()).toBe(0);
  });

  it('a chosen colour without products stays listed at 0 with the empty text; the price form refuses a reversed range', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/products?category=women&size=M&color=Magenta');
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await page.getByText('No products found with the selected filters.', { exact: true }).waitFor();
    const expected = await expectView(page, panel, 'category=women&gender=Women&size=M&color=Magenta', {
      category: ['women'],
      size: ['M'],
      color: ['Magenta'],
    });
    expect(expected.pagination.total).toBe(0);
    expect(await tickedValues(panel, 'Colour')).toEqual(['Magenta']);
    expect(await countText(page)).toBe('0 products');
    await page.getByRole('button', { name: 'Remove filter Colour: Magenta' }).waitFor();

    const price = panel.getByRole('form', { name: 'Price' });
    await price.getByLabel('Min (₹)').fill('5000');
    await price.getByLabel('Max (₹)').fill('1000');
    await price.getByRole('button', { name: 'Apply price' }).click();
    expect(squash(await price.getByRole('alert').textContent())).toBe('must not be above maxPrice');
    expect(new URL(page.url()).searchParams.has('minPrice')).toBe(false);
  });
});
