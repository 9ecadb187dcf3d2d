import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { pageWithHead, plainSummary, scriptSafeJson } from './page-head';
import { canonicalListingUrl } from './json-ld';
import { pageMetaFor } from './page-meta';

const ORIGIN = 'https://silk.example';
const INDEX_HTML =
  '<!doctype html><html lang="en-IN"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Default." /><title>Resham</title></head><body><div id="root"></div></body></html>';

/** The JSON-LD objects of a page, parsed back. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('page head text', () => {
  it('summarises HTML as plain text cut at a word', () => {
    expect(plainSummary('<p>Soft <b>mulmul</b> &amp; zari</p>')).toBe('Soft mulmul & zari');
    expect(plainSummary('word '.repeat(60), 30)).toBe('word word word word word word…');
  });

  it('keeps JSON-LD from closing its script', () => {
    expect(scriptSafeJson({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
  });

  it('builds canonical listing URLs from the lower-cased category and a page above 1 only', () => {
    const url = (query: string) => canonicalListingUrl(ORIGIN, new URLSearchParams(query));
    expect(url('category=Women&page=2&sort=price_asc&size=M')).toBe(
      `${ORIGIN}/products?category=women&page=2`,
    );
    expect(url('page=1')).toBe(`${ORIGIN}/products`);
    expect(url('page=abc&q=saree')).toBe(`${ORIGIN}/products`);
  });
});

describe.each(testDatabaseKinds)('page heads from the catalogue on %s', (kind) => {
  let database: TestDatabase;
  let shop: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    await database.db
      .update(stores)
      .set({ description: 'Handwoven silks from Varanasi.', companyPhone: '+91 98390 41736' })
      .where(eq(stores.id, shop.storeId));
  });

  const page = async (path: string, query = '') => {
    const meta = await pageMetaFor(
      { db: database.db, storeId: shop.storeId, origin: ORIGIN },
      path,
      new URLSearchParams(query),
      false,
    );
    return { status: meta.status, html: pageWithHead(INDEX_HTML, meta.head) };
  };

  it('gives a product its title, price, preview image and a schema.org Product with one offer per variant', async () => {
    const { status, html } = await page(`/product/${shop.kurta}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Cotton Kurta | Silk House</title>');
    expect(html).not.toContain('Default.');
    expect(metaOf(html, 'description')).toBe('Cotton Kurta, hand finished.');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/product/${shop.kurta}" />`);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe('Cotton Kurta | Silk House');
    expect(metaOf(html, 'og:image')).toMatch(
      new RegExp(`^${ORIGIN}/og/product/${shop.kurta}\\.jpg\\?v=\\d+$`),
    );
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'product:price:amount')).toBe('999.50');
    expect(metaOf(html, 'product:price:currency')).toBe('INR');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

    const [product, breadcrumbs] = jsonLdOf(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Cotton Kurta',
      sku: `KUR-${shop.storeId}`,
      category: 'Women',
    });
    expect(product!.offers).toEqual([
      {
        '@type': 'Offer',
        sku: `KUR-${shop.storeId}-M`,
        price: '999.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/product/${shop.kurta}`,
        name: 'M / White',
      },
      {
        '@type': 'Offer',
        sku: `KUR-${shop.storeId}-L`,
        price: '999.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/product/${shop.kurta}`,
        name: 'L / White',
      },
    ]);
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Silk House', item: `${ORIGIN}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: "Women's Ethnic Wear",
          item: `${ORIGIN}/products?category=women`,
        },
        { '@type': 'ListItem', position: 3, name: 'Cotton Kurta', item: `${ORIGIN}/product/${shop.kurta}` },
      ],
    });
  });

  it('says OutOfStock for a product with none left and escapes what the owner typed', async () => {
    await database.db
      .update(products)
      .set({ stock: 0, title: 'Saree "Rani" <b>&</b>' })
      .where(eq(products.id, shop.saree));
    const { html } = await page(`/product/${shop.saree}`);
    expect(html).toContain('<title>Saree &quot;Rani&quot; &lt;b&gt;&amp;&lt;/b&gt; | Silk House</title>');
    const [product] = jsonLdOf(html);
    expect(product!.name).toBe('Saree "Rani" <b>&</b>');
    expect((product!.offers as { availability: string }[])[0]!.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('gives the home page Organization and WebSite, listings their canonical URL, and unknown pages 404', async () => {
    const home = await page('/');
    expect(home.html).toContain('<title>Silk House — Handwoven silks from Varanasi.</title>');
    const [organization, website] = jsonLdOf(home.html);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Silk House',
      legalName: 'Silk House Private Limited',
      url: `${ORIGIN}/`,
      email: 'care@silk.example',
      telephone: '+91 98390 41736',
    });
    expect(website).toMatchObject({ '@type': 'WebSite', url: `${ORIGIN}/` });

    const listing = await page('/products', 'category=WOMEN&page=3&size=M');
    expect(listing.html).toContain('<title>Women&#39;s Ethnic Wear | Silk House</title>');
    expect(listing.html).toContain(
      `<link rel="canonical" href="${ORIGIN}/products?category=women&amp;page=3" />`,
    );
    expect(listing.html).not.toContain('noindex');
    const search = await page('/products', 'q=saree');
    expect(search.html).toContain('<meta name="robots" content="noindex, follow" />');

    const policy = await page('/shipping');
    expect(policy.html).toContain('<title>Shipping Policy - Silk House Private Limited</title>');

    const cart = await page('/cart');
    expect(cart.status).toBe(200);
    expect(cart.html).toContain('<meta name="robots" content="noindex, follow" />');
    const wishlist = await page('/wishlist');
    expect(wishlist.status).toBe(200);
    expect(wishlist.html).toContain('<title>My Wishlist | Silk House</title>');
    expect(wishlist.html).toContain('<meta name="robots" content="noindex, follow" />');

    for (const path of [
      '/no-such-page',
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/x',
      '/a/b',
    ]) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.html).toContain('<title>Page not found | Silk House</title>');
    }
  });
});
