/**
 * Browser helpers for e2e tests: Debian's Chromium through playwright-core (no downloaded browsers), one
 * browser per test worker (launched by its first file, ended with the worker) and a fresh context (empty
 * cookies and localStorage) per test.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * This worker's shared server (./global-setup.ts starts one per worker): its address and its DATA_DIR, whose
 * mail outbox (`outbox/*.eml`) holds the mails the app sent.
 */
export function sharedServer(): { baseUrl: string; dataDir: string } {
  const servers = inject('servers');
  // Vitest numbers the workers running at once 1…maxWorkers (VITEST_POOL_ID).
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(worker - 1) % servers.length]!;
}

export const baseUrl = () => sharedServer().baseUrl;

let launched: Promise<Browser> | undefined;

/**
 * The worker's Chromium: launched once, shared by the worker's test files (vitest.e2e.config.ts keeps modules
 * between them). Playwright ends it when the worker process exits.
 */
function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({
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
  return launched;
}

/** Storefront paths whose pages mark themselves live (`<html data-hydrated>`); the admin and files do not. */
const STOREFRONT_PAGE = /^\/(?!admin\b|api\/|sandbox\/|media\/|og\/)/;

/**
 * Waits until a storefront page is live: a server-rendered page shows before its code has loaded, and a press
 * on a part React has not taken over yet is lost (as it would be for a shopper that quick). Pages mark
 * themselves with `<html data-hydrated>` (src/client/lib/server-html.ts); a page that fails while rendering
 * never does, and is live once its route error screen shows. Other pages (admin, API, files) return at once.
 */
export async function untilLive(page: Page): Promise<void> {
  if (!STOREFRONT_PAGE.test(new URL(page.url(), baseUrl()).pathname)) return;
  await page
    .locator('html[data-hydrated]')
    .or(
      page
        .getByRole('alert')
        .filter({ has: page.getByRole('heading', { level: 1, name: 'Something went wrong' }) }),
    )
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
}

/** Makes `page.goto` and `page.reload` of a storefront page also wait {@link untilLive}. */
function waitForLivePages(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilLive(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilLive(page);
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
    browser = await workerBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
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
