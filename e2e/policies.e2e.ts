/** Policy pages and the 404 page (docs/product.md §2 "Policy pages", "Route table"). */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { squash, storeInfo, useStorefront, waitForPath, eventually } from './helpers';

const { newPage } = useStorefront();

const COMPANY = 'Resham Textiles Private Limited';

/** Policy headings (docs/product.md §2 "Default texts exist for: …"); the app may add 'Policy' to Return and Shipping. */
const POLICIES: [slug: string, title: RegExp][] = [
  ['terms', /^Terms and Conditions$/],
  ['privacy', /^Privacy Policy$/],
  ['refund', /^Refund and Cancellation$/],
  ['return', /^Return( Policy)?$/],
  ['shipping', /^Shipping( Policy)?$/],
  ['about', /^About Us$/],
];

const seed = JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')) as {
  store: {
    companyName: string;
    companyAddress: string;
    companyEmail: string;
    companyPhone: string;
    policies: Record<string, string>;
  };
};

/** The policy's rendered text (below the heading). */
async function policyText(page: Page): Promise<string> {
  const article = page.getByRole('article');
  await article.getByRole('heading', { level: 1 }).waitFor();
  // The text replaces the loading skeleton once store info is in.
  await article.getByRole('status').waitFor({ state: 'detached' });
  const heading = squash(await article.getByRole('heading', { level: 1 }).textContent());
  return squash((await article.textContent())?.replace(heading, ''));
}

async function expectNotFound(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
  // The 404 page has no main layout: no header, no footer, no bottom bar.
  expect(await page.getByRole('banner').count()).toBe(0);
  expect(await page.locator('header').count()).toBe(0);
  expect(await page.getByRole('contentinfo').count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
}

describe('policy pages', () => {
  it.each(POLICIES)(
    '/%s renders its heading, its text and the title "{title} - company"',
    async (slug, title) => {
      const page = await newPage();
      await page.goto(`/${slug}`);
      const heading = page.getByRole('article').getByRole('heading', { level: 1 });
      await heading.waitFor();
      const headingText = squash(await heading.textContent());
      expect(headingText).toMatch(title);
      const text = await policyText(page);
      expect(text.length).toBeGreaterThan(300);
      expect(text).toContain(COMPANY);
      expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
      await eventually(() => page.title()).toBe(`${headingText} - ${COMPANY}`);
      expect(pathnameOf(page)).toBe(`/${slug}`);
    },
  );

  it("/shipping renders the store's own text with the placeholders filled in", async () => {
    const page = await newPage();
    const info = await storeInfo();
    const override = seed.store.policies.shipping ?? '';
    expect(override).not.toBe('');
    expect(info.policies.shipping).toBe(override);
    const filled = override
      .replaceAll('{companyName}', seed.store.companyName)
      .replaceAll('{companyAddress}', seed.store.companyAddress)
      .replaceAll('{companyEmail}', seed.store.companyEmail)
      .replaceAll('{companyPhone}', seed.store.companyPhone);
    expect(seed.store.companyName).toBe(COMPANY);

    await page.goto('/shipping');
    const text = await policyText(page);
    // The expected text: the filled-in HTML parsed by the browser (tags stripped, entities decoded).
    const expected = squash(
      await page.evaluate((html) => {
        const container = document.createElement('div');
        container.innerHTML = html;
        return container.textContent;
      }, filled),
    );
    expect(text).toBe(expected);
    expect(text).toContain(`${COMPANY} ships every order from our studio at ${seed.store.companyAddress}.`);
    expect(text).not.toContain('{');
    // The default shipping text is not shown.
    expect(text).not.toContain('delivers your orders');
  });

  it("the default refund policy mentions '0-7 working days'", async () => {
    const page = await newPage();
    await page.goto('/refund');
    const text = await policyText(page);
    expect(text).toContain('0-7 working days');
    expect(await page.title()).toBe(`Refund and Cancellation - ${COMPANY}`);
  });

  it('a link inside a policy text navigates within the app', async () => {
    const page = await newPage();
    await page.goto('/refund');
    await policyText(page);
    await page.getByRole('article').getByRole('link', { name: 'Return Policy' }).first().click();
    await waitForPath(page, '/return');
    await page
      .getByRole('article')
      .getByRole('heading', { level: 1, name: /^Return/ })
      .waitFor();
  });
});

describe('404 page', () => {
  it.each(['/products-x', '/product', '/404'])("%s shows 'Oops! Page not found'", async (path) => {
    const page = await newPage();
    await page.goto(path);
    await expectNotFound(page);
    expect(pathnameOf(page)).toBe('/404');
  });

  it("an unknown nested path shows the 404 page and 'Return to Home' goes to /", async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await expectNotFound(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
    await page.getByRole('banner').waitFor();
    await page.getByRole('region', { name: 'Premium Fabrics & Fashion' }).waitFor();
  });
});

function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}
