/**
 * The admin's product list through `app.inject()`: search by title or SKU, category and stock filters,
 * stock of a product in variants summed (and its lowest variant for "low"), prices in paise, each product's
 * thumbnail, bad queries 400.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productImages, products } from '../../db/schema/catalog-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('admin product list on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
  });

  const list = async (query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products${query}`,
      headers: staff.headers,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const skus = (body: { products: { sku: string }[] }) => body.products.map((product) => product.sku).sort();

  it('lists products with price in paise, variants and stock', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, limit: 25, hasMore: false, categories: ['Women'] });
    const kurta = body.products.find((product: { sku: string }) => product.sku === `KUR-${shop.storeId}`);
    expect(kurta).toEqual({
      id: shop.kurta,
      sku: `KUR-${shop.storeId}`,
      title: 'Cotton Kurta',
      category: 'Women',
      unit: 'piece',
      pricePaise: 99_950,
      discountedPricePaise: null,
      variants: 2,
      stock: 8,
      lowestStock: 2,
      archived: false,
      thumbnailUrl: null,
    });
    const fabric = body.products.find((product: { sku: string }) => product.sku === `FAB-${shop.storeId}`);
    expect(fabric).toMatchObject({ unit: 'm', variants: 0, stock: 20, lowestStock: null });
    const dupatta = body.products.find((product: { sku: string }) => product.sku === `DUP-${shop.storeId}`);
    expect(dupatta).toMatchObject({ stock: null });
  });

  it('searches by title or SKU and filters by category and stock', async () => {
    expect(skus((await list('?q=kurta')).body)).toEqual([`KUR-${shop.storeId}`]);
    expect(skus((await list(`?q=sar-${shop.storeId}`)).body)).toEqual([`SAR-${shop.storeId}`]);
    expect((await list('?category=women')).body.products).toHaveLength(4);
    expect((await list('?category=Men')).body.products).toEqual([]);
    expect(skus((await list('?stock=low')).body)).toEqual([`KUR-${shop.storeId}`]);
    expect((await list('?stock=out')).body.products).toEqual([]);
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, shop.saree));
    expect(skus((await list('?stock=out')).body)).toEqual([`SAR-${shop.storeId}`]);
  });

  it("gives each product its picture's thumbnail: an uploaded image's narrowest file, else the image's URL", async () => {
    const uploaded = `/media/store/${shop.storeId}/5f3a9c-1280.webp`;
    await database.db.insert(uploadedImages).values({
      storeId: shop.storeId,
      url: uploaded,
      hash: '5f3a9c',
      width: 1280,
      height: 1600,
      widths: [320, 640, 960, 1280],
    });
    await database.db.update(products).set({ imgUrl: uploaded }).where(eq(products.id, shop.saree));
    // A product whose main image is not set shows its first image, named by URL in the catalogue file.
    await database.db.insert(productImages).values([
      { storeId: shop.storeId, productId: shop.kurta, url: '/media/demo/kurta-back.svg', position: 1 },
      { storeId: shop.storeId, productId: shop.kurta, url: '/media/demo/kurta-front.svg', position: 0 },
    ]);
    const { body } = await list();
    const thumbnails = Object.fromEntries(
      body.products.map((product: { sku: string; thumbnailUrl: string | null }) => [
        product.sku,
        product.thumbnailUrl,
      ]),
    );
    expect(thumbnails).toEqual({
      [`SAR-${shop.storeId}`]: `/media/store/${shop.storeId}/5f3a9c-320.webp`,
      [`KUR-${shop.storeId}`]: '/media/demo/kurta-front.svg',
      [`FAB-${shop.storeId}`]: null,
      [`DUP-${shop.storeId}`]: null,
    });
  });

  it('refuses a bad query with 400 and the fields', async () => {
    const { status, body } = await list('?stock=few&page=0');
    expect(status).toBe(400);
    expect(body.fields).toEqual({ stock: 'must be one of low, out', page: 'must be a whole number from 1' });
  });
});
