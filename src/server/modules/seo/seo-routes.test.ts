import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { localImageFile, previewImageFolders } from './preview-image';
import { sitemapFile } from './sitemap';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';

describe.each(testDatabaseKinds)('robots.txt, sitemaps and preview images on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;

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
    other = await insertTestShop(database.db, {
      host: OTHER_HOST,
      isDefault: false,
      storeName: 'Second Shop',
    });
    app = await buildTestApp(database);
  });

  const get = (url: string, host = HOST) => app.inject({ method: 'GET', url, headers: { host } });

  it('robots.txt keeps personal pages, admin and API out and names the sitemap of the host', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(
      [
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /account',
        'Disallow: /orders',
        'Disallow: /payment',
        'Disallow: /order-success',
        'Disallow: /track-order',
        'Disallow: /admin',
        'Disallow: /api/',
        '',
        'Sitemap: http://shop.test/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it("lists the home page, listings, categories, policies and every product on sale of the host's store only", async () => {
    await database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, shop.dupatta));
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.slice(0, 9)).toEqual([
      'http://shop.test/',
      'http://shop.test/products',
      'http://shop.test/products?category=women',
      'http://shop.test/terms',
      'http://shop.test/privacy',
      'http://shop.test/refund',
      'http://shop.test/return',
      'http://shop.test/shipping',
      'http://shop.test/about',
    ]);
    const productUrls = locations.slice(9);
    expect(productUrls.sort()).toEqual(
      [shop.saree, shop.kurta, shop.fabric].map((id) => `http://shop.test/product/${id}`).sort(),
    );
    expect(sitemap.body).not.toContain(other.saree);
    expect(sitemap.body).not.toContain(shop.dupatta);
    expect(sitemap.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect((await get('/sitemap-1.xml')).statusCode).toBe(200);
    expect((await get('/sitemap-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-x.xml')).statusCode).toBe(404);
  });

  it('splits the URLs over files without losing or repeating one', async () => {
    const origin = 'https://shop.example';
    const pages = await Promise.all(
      [1, 2, 3].map((page) => sitemapFile(database.db, shop.storeId, origin, page, 5)),
    );
    const locations = pages.flatMap((xml) =>
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]),
    );
    // 9 fixed pages and the 4 products.
    expect(pages.map((xml) => (xml.match(/<url>/g) ?? []).length)).toEqual([5, 5, 3]);
    expect(new Set(locations).size).toBe(13);
  });

  it('draws a 1200 × 630 JPEG preview from the product picture, and refuses unknown or foreign products', async () => {
    await database.db
      .update(products)
      .set({ imgUrl: '/media/demo/women-saree-indigo-ikat.svg' })
      .where(eq(products.id, shop.saree));
    const preview = await get(`/og/product/${shop.saree}.jpg`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const { width, height, format } = await sharp(preview.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });

    // A product without a picture of ours gets the plain card, of the same size.
    const plain = await get(`/og/product/${shop.dupatta}.jpg`);
    expect(plain.statusCode).toBe(200);
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(1200);

    expect((await get(`/og/product/${other.saree}.jpg`)).statusCode).toBe(404);
    expect((await get('/og/product/00000000-0000-4000-8000-000000000000.jpg')).statusCode).toBe(404);
    expect((await get(`/og/product/${shop.saree}.png`)).statusCode).toBe(404);
    expect((await get('/og/product/..%2F..%2Fetc%2Fpasswd.jpg')).statusCode).toBe(404);
  });
});

describe('localImageFile', () => {
  const folders = previewImageFolders('/srv/resham/media');
  it('maps demo pictures and uploaded images to their files, and nothing else', () => {
    expect(localImageFile('/media/store/3/0a1b2c-1280.webp', folders)).toBe(
      '/srv/resham/media/3/0a1b2c-1280.webp',
    );
    expect(localImageFile('/media/demo/women-saree-indigo-ikat.svg?x=1', folders)).toMatch(
      /seed\/images\/women-saree-indigo-ikat\.svg$/,
    );
    expect(localImageFile('/media/store/../../etc/passwd', folders)).toBeNull();
    expect(localImageFile('/media/store/%2e%2e/%2e%2e/etc/passwd', folders)).toBeNull();
    expect(localImageFile('https://cdn.example/a.jpg', folders)).toBeNull();
    expect(localImageFile(null, folders)).toBeNull();
  });
});
