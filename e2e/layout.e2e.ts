/** Main layout, mobile layout, guards, contact, API test and keyboard (docs/product.md §2, §5 "Contact", §9). */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openInBrowser,
  recordApiRequests,
  scrollTo,
  scrollY,
  squash,
  storeInfo,
  useStorefront,
  waitForPath,
  eventually,
} from './helpers';

const { newPage } = useStorefront();

const PHONE = { width: 390, height: 844 };

const footer = (page: Page) => page.getByRole('contentinfo');

async function hrefs(scope: Locator): Promise<(string | null)[]> {
  return scope
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
}

/** Waits until the home page has rendered (and its lazy footer). */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('region', { name: 'Premium Fabrics & Fashion' }).getByRole('link').first().waitFor();
  await footer(page).waitFor();
}

describe('main layout', () => {
  it("the footer has the help and company links and the store's address, phone and e-mail", async () => {
    const page = await newPage();
    const info = await storeInfo();
    await openHome(page);
    const help = footer(page).getByRole('navigation', { name: 'Help' });
    expect(await hrefs(help)).toEqual([
      '/terms',
      '/privacy',
      '/refund',
      '/return',
      '/shipping',
      '/about',
      '/contact',
    ]);
    const company = footer(page).getByRole('navigation', { name: 'Company' });
    expect(await hrefs(company)).toEqual(['/account', '/orders', '/track-order']);
    const collections = footer(page).getByRole('navigation', { name: 'Collections' });
    expect(await collections.getByRole('link').allTextContents()).toEqual(info.categories);

    const address = footer(page).locator('address');
    expect(squash(await address.textContent())).toContain(info.companyAddress);
    const phone = address.getByRole('link', { name: info.companyPhone });
    expect(await phone.getAttribute('href')).toBe(`tel:${info.companyPhone.replace(/[^\d+]/g, '')}`);
    expect(await phone.getAttribute('href')).toBe('tel:+919839041736');
    const email = address.getByRole('link', { name: info.companyEmail });
    expect(await email.getAttribute('href')).toBe(`mailto:${info.companyEmail}`);
    expect(squash(await footer(page).textContent())).toContain(`${info.companyName}. All rights reserved.`);
  });

  it('scrolls to the top on a route change', async () => {
    const page = await newPage();
    await openHome(page);
    await scrollTo(page, 'bottom');
    expect(await scrollY(page)).toBeGreaterThan(500);
    await footer(page).getByRole('link', { name: 'About Us' }).click();
    await waitForPath(page, '/about');
    await eventually(() => scrollY(page)).toBe(0);
    await page.getByRole('article').getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    // A new query string on the same path is a route change too.
    await page.goto('/products?category=men');
    await page.getByRole('main').getByRole('article').first().waitFor();
    await scrollTo(page, 'bottom');
    expect(await scrollY(page)).toBeGreaterThan(300);
    await page.getByRole('banner').getByRole('link', { name: 'Women', exact: true }).click();
    await waitForPath(page, '/products?category=women');
    await eventually(() => scrollY(page)).toBe(0);
  });

  it('/account while signed out redirects to /login', async () => {
    const page = await newPage();
    await page.goto('/account');
    await waitForPath(page, '/login');

    await openHome(page);
    await footer(page).getByRole('link', { name: 'My Account' }).click();
    await waitForPath(page, '/login');
  });

  it('/contact: the form fields, the hours, and empty fields refused by the browser', async () => {
    const page = await newPage();
    const info = await storeInfo();
    await page.goto('/contact');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await main.getByText('Monday to Saturday, 10AM - 6PM', { exact: true }).count()).toBe(1);
    await main.getByText(info.companyEmail, { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: info.companyPhone }).getAttribute('href')).toBe(
      `tel:${info.companyPhone.replace(/[^\d+]/g, '')}`,
    );
    expect(await main.getByText(info.companyName, { exact: true }).count()).toBe(1);

    const fields = {
      name: main.getByLabel('Name', { exact: true }),
      email: main.getByLabel('Email', { exact: true }),
      subject: main.getByLabel('Subject', { exact: true }),
      message: main.getByLabel('Message', { exact: true }),
    };
    for (const [name, field] of Object.entries(fields)) {
      expect(await field.getAttribute('name')).toBe(name);
      expect(await field.getAttribute('required'), `${name} is required`).not.toBeNull();
    }
    expect(await fields.email.getAttribute('type')).toBe('email');
    expect(await fields.message.evaluate((element) => element.tagName)).toBe('TEXTAREA');

    const send = main.getByRole('button', { name: 'Send Message' });
    // Empty required fields: the browser refuses the submission, nothing is sent. (Sending a message changes
    // the shop: e2e/messages.e2e.ts does it on a server of its own.)
    const requests = recordApiRequests(page);
    await send.click();
    expect(await fields.name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await main.getByRole('button', { name: 'Sending...' }).count()).toBe(0);
    expect(requests.filter((url) => url.includes('/contact-messages'))).toEqual([]);
  });

  it("/api-test shows the hostname and 'Test Connection' works", async () => {
    const page = await newPage();
    const info = await storeInfo();
    await page.goto('/api-test');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'API Connection Test' }).waitFor();
    const hostname = new URL(page.url()).hostname;
    expect(await main.getByText(hostname, { exact: true }).count()).toBe(1);
    expect(await main.getByText(`X-Store-Host: ${hostname}`, { exact: true }).count()).toBe(1);
    expect(await main.getByText(`${new URL(page.url()).origin}/api/v1`, { exact: true }).count()).toBe(1);

    const requests = recordApiRequests(page);
    await main.getByRole('button', { name: 'Test Connection' }).click();
    const status = main.getByRole('status');
    await status.getByText(/^Connected to /).waitFor();
    expect(squash(await status.textContent())).toMatch(
      new RegExp(`Connected to ${info.storeName} in \\d+ ms`),
    );
    expect(squash(await status.textContent())).toContain('Database: up');
    expect(requests.map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/api/v1/storeInfo', '/api/v1/health']),
    );
  });

  it("keyboard: Tab reaches 'Skip to content' and then the header with a visible focus outline", async () => {
    const page = await newPage();
    await openHome(page);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          text: element.textContent?.trim(),
          href: element.getAttribute('href'),
          outline: style.outlineStyle,
          width: style.outlineWidth,
        };
      });

    await page.keyboard.press('Tab');
    const skip = await focused();
    expect(skip.text).toBe('Skip to content');
    expect(skip.href).toBe('#main-content');
    expect(skip.outline).not.toBe('none');
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    const brand = await focused();
    expect(brand.text).toBe('Resham House');
    expect(brand.href).toBe('/');
    expect(brand.outline).not.toBe('none');
    expect(brand.width).not.toBe('0px');

    await page.keyboard.press('Tab');
    const firstCategory = await focused();
    expect(firstCategory.href).toBe('/products?category=men');
    expect(firstCategory.outline).not.toBe('none');

    // 'Skip to content' moves focus to the main content.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).text).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });
});

describe('store info failure', () => {
  it('shows the store-info error, the default brand and the Accessories fallback category', async () => {
    const page = await newPage();
    await page.route('**/api/v1/storeInfo', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openInBrowser(page, '/');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load store information. Please refresh the page.' })
      .waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The server drew the default categories; the header shows the fallback once it has hydrated.
    await eventually(() => nav.getByRole('link').allTextContents()).toEqual(['Accessories', 'All Products']);
    expect(await nav.getByRole('link', { name: 'Accessories' }).getAttribute('href')).toBe(
      '/products?category=accessories',
    );
    const categories = page.getByRole('region', { name: 'Premium Fabrics & Fashion' }).getByRole('link');
    await categories.first().waitFor();
    expect(await categories.count()).toBe(1);
    expect(squash(await categories.first().textContent())).toContain('Accessories');
    expect(await page.title()).toBe('Resham');
  });
});

describe('mobile layout (390×844)', () => {
  it('has the bottom bar with Home, Category, My Account and Cart', async () => {
    const page = await newPage();
    await page.setViewportSize(PHONE);
    await openHome(page);
    const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
    expect(await bar.isVisible()).toBe(true);
    const links = bar.getByRole('link');
    // Names as read out: the cart's count follows its word (the badge shows it to the eye).
    const names = (await bar.ariaSnapshot()).match(/link "[^"]*"/g);
    expect(names).toEqual(['link "Home"', 'link "Category"', 'link "My Account"', 'link "Cart, 0 items"']);
    expect(await links.count()).toBe(4);
    expect(await hrefs(bar)).toEqual(['/', '/products', '/account', '/cart']);
    expect(await bar.getByRole('link', { name: 'Cart, 0 items' }).count()).toBe(1);
    // The desktop navigation is hidden on a phone.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await scrollTo(page, 'bottom');
    expect(await scrollY(page)).toBeGreaterThan(500);
    await bar.getByRole('link', { name: 'Category' }).click();
    await waitForPath(page, '/products');
    await eventually(() => scrollY(page)).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
  });

  it('the menu button toggles aria-expanded and shows the category links; Escape closes it', async () => {
    const page = await newPage();
    await page.setViewportSize(PHONE);
    const info = await storeInfo();
    await openHome(page);
    const button = page.getByRole('banner').getByRole('button', { name: /menu/i });
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await menu.waitFor({ state: 'visible' });
    // Every category, so the 4th (Unstitched Fabrics) is reachable on a phone too.
    expect(await menu.getByRole('link').allTextContents()).toEqual([...info.categories, 'All Products']);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    // Clicking again reopens it, and clicking again closes it.
    await button.click();
    await menu.waitFor({ state: 'visible' });
    await button.click();
    await menu.waitFor({ state: 'hidden' });

    // Following a menu link navigates and closes the menu.
    await button.click();
    await menu.getByRole('link', { name: 'Women', exact: true }).click();
    await waitForPath(page, '/products?category=women');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it("at 390×844 the mobile menu and the home grid both reach 'Unstitched Fabrics', the 4th category", async () => {
    const page = await newPage();
    await page.setViewportSize(PHONE);
    await openHome(page);
    const tile = page
      .getByRole('region', { name: 'Premium Fabrics & Fashion' })
      .getByRole('link', { name: /Unstitched Fabrics/ });
    await tile.scrollIntoViewIfNeeded();
    expect(await tile.isVisible()).toBe(true);
    const image = tile.locator('img');
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await tile.click();
    await waitForPath(page, '/products?category=unstitched%20fabrics');
    await page.getByRole('heading', { level: 1, name: 'Unstitched Fabrics' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByRole('link', { name: 'Men', exact: true }).click();
    await waitForPath(page, '/products?category=men');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Unstitched Fabrics', exact: true }).click();
    await waitForPath(page, '/products?category=unstitched%20fabrics');
    await menu.waitFor({ state: 'hidden' });
  });
});
