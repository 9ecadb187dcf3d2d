import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, type ApiTransport } from '@client/render-on-server';
import type { PageDataEntry } from '@client/app/page-data';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { compressedPage, pageHtmlText, withRenderedBody } from './page-html';
import { firstPaintCandidates, markupKey, pageStylesheet, withCriticalCss } from './page-styles';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';

describe.each(testDatabaseKinds)('pages rendered on the server on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    shop = await insertTestShop(database.db, { host: HOST });
    await insertTestShop(database.db, { host: OTHER_HOST, isDefault: false, storeName: 'Second Shop' });
    app = await buildTestApp(database);
  });

  /** The transport the server gives the renderer: requests go into the app for `host`'s store. */
  const transportFor =
    (host: string): ApiTransport =>
    async (url, init) => {
      const answer = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers: { host } });
      return new Response(answer.payload, { status: answer.statusCode });
    };
  // The first render of a test file compiles the page's modules on the way: longer than a server's 5 s budget
  // on a busy machine.
  const render = (url: string, host = HOST) => renderPage(url, transportFor(host), { timeoutMs: 30_000 });
  const dataOf = (json: string) => JSON.parse(json) as PageDataEntry[];

  it('renders the listing with its products, and hands over the queries it was drawn with', async () => {
    const page = await render('/products?category=women');
    expect(page).not.toBeNull();
    expect(page!.html).toContain('<h1');
    expect(page!.html).toContain('Katan Silk Saree');
    expect(page!.html).toContain('Silk House');
    const keys = dataOf(page!.data).map(([key]) => key);
    expect(keys).toContainEqual(['storeInfo']);
    expect(keys).toContainEqual(['products', 'list', 'category=women']);
    expect(page!.data).not.toContain('<');
    // Cards show neither a product's description nor its attributes: the page does not carry them.
    const list = dataOf(page!.data).find(([key]) => key[1] === 'list')![1] as {
      products: { name: string; description: string; attributes: unknown[] }[];
    };
    expect(list.products.length).toBeGreaterThan(0);
    for (const product of list.products) {
      expect(product.name).not.toBe('');
      expect([product.description, product.attributes]).toEqual(['', []]);
    }
  });

  it("renders a product page with the product's title and price", async () => {
    const page = await render(`/product/${shop.saree}`);
    expect(page!.html).toContain('Katan Silk Saree');
    expect(page!.html).toMatch(/₹/);
  });

  it('renders the home page, a policy page and the not-found page', async () => {
    expect((await render('/'))!.html).toContain('Silk House');
    expect((await render('/shipping'))!.html).toContain('Shipping Policy');
    expect((await render('/no/such/page'))!.html).toContain('Page not found');
  });

  it("renders each store's own page for its host", async () => {
    const page = await render('/', OTHER_HOST);
    expect(page!.html).toContain('Second Shop');
    expect(page!.html).not.toContain('>Silk House<');
  });

  it('leaves pages about the shopper to the browser: sign-in, cart, checkout, account, tracking', async () => {
    for (const url of ['/login', '/cart', '/checkout', '/account', '/orders', '/track-order', '/payment'])
      expect(await render(url)).toBeNull();
    // A single segment that is no policy is sent to /404 by the browser itself.
    expect(await render('/not-a-policy')).toBeNull();
  });

  it('answers null (the page is then rendered in the browser) when the data it needs fails to load', async () => {
    const failing: ApiTransport = async () => new Response('{"error":"down"}', { status: 503 });
    expect(await renderPage('/products?category=women', failing)).toBeNull();
  });
});

describe('the rendered body in the page', () => {
  it('fills #root and adds the data script after it', () => {
    const html = withRenderedBody(
      '<html><head><title>x</title></head><body><div id="root"></div><script src="/a.js"></script></body></html>',
      { html: '<h1>Sarees</h1>', data: '[]' },
    );
    expect(html).toBe(
      '<html><head><title>x</title></head><body>' +
        '<div id="root"><h1>Sarees</h1></div><script type="application/json" id="page-data">[]</script>' +
        '<script src="/a.js"></script></body></html>',
    );
  });

  it('finds the stylesheet a page links, and none it cannot read', () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/shell-1.css">';
    expect(pageStylesheet(html, (file) => (file === 'assets/shell-1.css' ? 'h1{color:red}' : null))).toEqual({
      href: '/assets/shell-1.css',
      css: 'h1{color:red}',
    });
    expect(pageStylesheet(html, () => null)).toBeNull();
    expect(pageStylesheet('<title>x</title>', () => 'h1{}')).toBeNull();
  });

  it('inlines the CSS a page uses at first paint and links the rest without blocking', async () => {
    const link = '<link rel="stylesheet" crossorigin href="/assets/shell-1.css">';
    const css =
      '@font-face{font-family:Serif;src:url(/assets/serif.woff2)}' +
      ':root{--color-red:#e40014;--color-blue:#00f;--spacing:.25rem}' +
      '.p-2{padding:calc(var(--spacing) * 2)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}' +
      '.hover\\:text-blue:hover{color:var(--color-blue)}@media (width>=48rem){.md\\:p-2{padding:1rem}}' +
      '.unused{display:none}';
    const html =
      `<html><head>${link}</head><body><div id="root">` +
      '<p class="p-2 text-red hover:text-blue md:p-2">Sarees</p></div></body></html>';
    const page = await withCriticalCss(html, { href: '/assets/shell-1.css', css }, firstPaintCandidates(css));
    expect(page).toBe(
      '<html><head><style>@font-face{font-family:Serif;src:url(/assets/serif.woff2)}' +
        ':root{--color-red:#e40014;--spacing:.25rem}' +
        '.p-2{padding:calc(var(--spacing) * 2)}.text-red{color:var(--color-red)}' +
        '@media (width>=48rem){.md\\:p-2{padding:1rem}}</style>' +
        '<link rel="stylesheet" media="print" crossorigin href="/assets/shell-1.css">' +
        `<noscript>${link}</noscript></head><body><div id="root">` +
        '<p class="p-2 text-red hover:text-blue md:p-2">Sarees</p></div></body></html>',
    );
  });

  it('keys pages that use the same rules alike, whatever their text, links and pictures', () => {
    const card = (name: string, classes: string) =>
      `<article class="${classes}"><a href="/product/${name}"><img src="/${name}.svg" alt="${name}"></a><h3>${name}</h3></article>`;
    const one = markupKey(card('saree', 'flex rounded-lg') + card('kurta', 'flex rounded-lg'));
    expect(markupKey(card('dupatta', 'rounded-lg  flex'))).toBe(one);
    expect(markupKey(card('saree', 'flex rounded-lg border'))).not.toBe(one);
    expect(markupKey(card('saree', 'flex rounded-lg').replace('<h3>', '<h3 data-sold-out="true">'))).not.toBe(
      one,
    );
  });

  it('keeps a page Brotli- and gzip-compressed, and gives its HTML back', () => {
    const page = compressedPage(404, '<h1>Not found</h1>'.repeat(50));
    expect(page.status).toBe(404);
    expect(page.br.length).toBeLessThan(page.gzip.length);
    expect(pageHtmlText(page)).toBe('<h1>Not found</h1>'.repeat(50));
  });
});
