/**
 * How pages are sent (docs/seo.md "How pages are sent"): the home page, a listing and a product page answer
 * Brotli, gzip or plain HTML as the client asks (the same page each way), carry their first paint's CSS inline
 * and link the whole, immutable stylesheet without blocking; in the browser they are painted styled before
 * that stylesheet arrives, and nothing moves when it does.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, CHROMIUM_PATH } from './browser';
import { apiProducts } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
});

type Sent = { bytes: Buffer; headers: Record<string, string | string[] | undefined> };

/** `path` as sent for `acceptEncoding` (null: no Accept-Encoding header), not decoded. */
function sent(path: string, acceptEncoding: string | null): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    request(`${baseUrl()}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ bytes: Buffer.concat(chunks), headers: response.headers }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function pagePaths(): Promise<string[]> {
  const { products } = await apiProducts('category=women&page=1&limit=1');
  return ['/', '/products?category=women', `/product/${products[0]!.id}`];
}

describe('how pages are sent', () => {
  it('answers Brotli, gzip or plain HTML as asked, the same page each way', async () => {
    for (const path of await pagePaths()) {
      await sent(path, 'gzip'); // the first request renders and caches the page
      const br = await sent(path, 'gzip, deflate, br');
      const gzip = await sent(path, 'gzip');
      const plain = await sent(path, null);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(br.headers.vary).toBe('accept-encoding');
      const html = plain.bytes.toString('utf8');
      expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(html);
      expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(html);
      expect(br.bytes.length).toBeLessThan(gzip.bytes.length);

      // Critical CSS inline, the whole stylesheet linked without blocking, and linked for pages without scripts.
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style).toContain('.site-header{');
      expect(style).toContain('@font-face{font-family:Playfair Display');
      expect(style).not.toMatch(/:hover/);
      const href =
        /<link rel="stylesheet" media="print" crossorigin href="(\/assets\/shell-[\w-]+\.css)">/.exec(
          html,
        )?.[1];
      expect(href, path).toBeDefined();
      expect(html).toContain(`<noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`);
      expect(style.length).toBeLessThan((await sent(href!, null)).bytes.length / 2);
    }
  });

  it('the home page and a listing run no zod; the product page only its own schemas', async () => {
    const [home, listing, product] = await pagePaths();
    const loaded = async (path: string) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // The lower parts (the home page's featured products and newsletter, the footer, the reviews) load on the way down.
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      // Each of them is there: the footer; the home page's newsletter; a product's reviews, not their fallback.
      await page.locator('footer').waitFor();
      if (path === '/') await page.locator('#home-newsletter-title').waitFor();
      await page.waitForFunction(() => {
        const reviews = document.getElementById('reviews');
        return !reviews || reviews.querySelector(':scope > div') !== null;
      });
      await page.waitForLoadState('networkidle');
      await context.close();
      return scripts.map((script) => /^\/assets\/(.+)-[\w-]{6}\.js$/.exec(script)?.[1] ?? script);
    };
    for (const path of [home!, listing!]) {
      const chunks = await loaded(path);
      expect(chunks, path).toContain('shell');
      expect(chunks, path).not.toContain('zod');
      expect(chunks, path).not.toContain('product-contract');
      expect(chunks, path).not.toContain('contract');
    }
    const chunks = await loaded(product!);
    expect(chunks).toContain('product-contract'); // the add-on picker of a saree, the reviews
    expect(chunks).not.toContain('contract');
  });

  it('sends the stylesheet precompressed with Brotli and cached as immutable', async () => {
    const html = (await sent('/', null)).bytes.toString('utf8');
    const href = /media="print" crossorigin href="([^"]+)"/.exec(html)![1]!;
    const br = await sent(href, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(
      (await sent(href, null)).bytes.toString('utf8'),
    );
  });

  it.each(['/products?category=women', '/'])(
    'paints %s styled before the stylesheet arrives, and nothing moves when it does',
    async (path) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/assets\/shell-[\w-]+\.css$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });

      const looks = () =>
        page.evaluate(() => {
          const box = (element: Element | null) => {
            const rect = element!.getBoundingClientRect();
            return [rect.x, rect.y, rect.width, rect.height].map(Math.round);
          };
          const header = document.querySelector('header')!;
          const card = document.querySelector('article')!;
          const heading = document.querySelector('h1')!;
          const headerStyle = getComputedStyle(header);
          const cardStyle = getComputedStyle(card);
          return {
            header: [headerStyle.position, headerStyle.backgroundColor, headerStyle.zIndex, box(header)],
            card: [cardStyle.display, cardStyle.borderRadius, cardStyle.borderTopColor, box(card)],
            heading: [getComputedStyle(heading).fontFamily, getComputedStyle(heading).fontSize, box(heading)],
            stylesheetApplied: [...document.styleSheets].some(
              (sheet) =>
                sheet.href !== null && /shell-.*\.css$/.test(sheet.href) && sheet.media.mediaText !== 'print',
            ),
          };
        });
      const painted = await looks();
      expect(requested).toBe(true);
      expect(painted.stylesheetApplied).toBe(false);
      expect([painted.header[0], painted.header[2]]).toEqual(['sticky', '40']);
      expect(painted.header[1]).toMatch(/0\.85\)$/); // white at 85 % behind the header's blur
      expect(painted.card.slice(0, 2)).toEqual(['flex', '8px']);
      expect(painted.heading[0]).toMatch(/^"Playfair Display"/);

      release();
      await page.waitForFunction(() =>
        [...document.styleSheets].some(
          (sheet) =>
            sheet.href !== null && /shell-.*\.css$/.test(sheet.href) && sheet.media.mediaText === 'all',
        ),
      );
      const styled = await looks();
      expect(styled.stylesheetApplied).toBe(true);
      expect({ ...styled, stylesheetApplied: false }).toEqual(painted);
      await context.close();
    },
  );
});
