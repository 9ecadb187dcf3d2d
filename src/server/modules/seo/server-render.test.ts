import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, type ApiTransport } from '@client/render-on-server';
import type { PageDataEntry } from '@client/app/page-data';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { withInlineStylesheets } from './page-styles';
import { withRenderedBody } from './page-html';

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
  const render = (url: string, host = HOST) => renderPage(url, transportFor(host));
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

  it('writes the stylesheet into the page, and keeps the link of one it cannot read', () => {
    const html =
      '<link rel="stylesheet" crossorigin href="/assets/shell-1.css"><link rel="stylesheet" href="/assets/gone.css">';
    const read = (file: string) => (file === 'assets/shell-1.css' ? 'h1{font:700 2rem serif}</style>' : null);
    expect(withInlineStylesheets(html, read)).toBe(
      '<style>h1{font:700 2rem serif}<\\/style></style><link rel="stylesheet" href="/assets/gone.css">',
    );
  });
});
