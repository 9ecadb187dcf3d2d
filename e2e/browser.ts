/**
 * Browser helpers for e2e tests: Debian's Chromium through playwright-core (no downloaded browsers), one
 * browser per test file and a fresh context (empty cookies and localStorage) per test.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const baseUrl = () => inject('baseUrl');

/** Storefront paths whose pages mark themselves live (`<html data-hydrated>`); the admin and files do not. */
const STOREFRONT_PAGE = /^\/(?!admin\b|api\/|sandbox\/|media\/|og\/)/;

/**
 * Makes `page.goto` and `page.reload` of a storefront page also wait until the page is live: a server-rendered
 * page shows before its code has loaded, and a press on a part React has not taken over yet is lost (as it
 * would be for a shopper that quick). Pages mark themselves with `<html data-hydrated>`
 * (src/client/lib/server-html.ts).
 */
function waitForLivePages(page: Page): void {
  const untilLive = async () => {
    if (STOREFRONT_PAGE.test(new URL(page.url(), baseUrl()).pathname))
      await page
        .locator('html[data-hydrated]')
        .waitFor({ state: 'attached', timeout: 15_000 })
        .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilLive();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilLive();
    return response;
  };
}

/**
 * Registers hooks that give each test a new page in a new context; returns accessors.
 * @param viewport the window size (default 1280×800; pass 390×844 for a phone).
 */
export function useBrowser(viewport = { width: 1280, height: 800 }) {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /** A new page at `baseUrl`; page errors are collected in `errors`. */
    async newPage(): Promise<Page> {
      context = await browser.newContext({ baseURL: baseUrl(), viewport });
      // Every page of the context waits so, also one a test opens later (`page.context().newPage()`): the
      // event fires before `newPage()` resolves.
      context.on('page', waitForLivePages);
      page = await context.newPage();
      errors.length = 0;
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    get context(): BrowserContext {
      if (!context) throw new Error('call newPage() first');
      return context;
    },
    errors,
  };
}
