import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storeInfoSchema, type StoreInfo } from '@shared/store-settings/store-info-schema';
import { products } from '../../db/schema/catalog-tables';
import type { AppConfig } from '../../config';
import { catalogImportFileSchema } from '../catalog-file/import-schema';
import { importCatalog } from '../catalog-file/import-service';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const REAL_PAYU = { PAYU_KEY: 'shopkey', PAYU_SALT: 'shopsalt' } satisfies Partial<AppConfig>;

describe.each(testDatabaseKinds)('GET /storeInfo on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers the docs/product.md §3 shape with categories in order, as cached bytes the shared schema parses exactly', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    const cached = await app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.rawPayload.equals(first.rawPayload)).toBe(true);
    const body = cached.json();
    expect(body).toEqual({
      storeName: 'Test Silk House',
      companyName: 'Test Silk House Private Limited',
      companyAddress: '12 Vishwanath Gali, Varanasi, Uttar Pradesh 221001',
      companyEmail: 'care@testsilk.example',
      companyPhone: '+91 98765 43210',
      companyLogoUrl: '/media/demo/logo.svg',
      description: 'Handloom silk from Varanasi.',
      whatsappNumber: null,
      supportHours: null,
      socialLinks: {},
      sizeChart: null,
      categorySizeCharts: {},
      categories: ['Men', 'Women', 'Accessories', 'Unstitched Fabrics'],
      // Accessories and Unstitched Fabrics have no image of their own: their first product's stands in.
      categoryImages: {
        Men: '/media/demo/category-men.svg',
        Women: '/media/demo/category-women.svg',
        Accessories: '/media/demo/acc-jut.svg',
        'Unstitched Fabrics': '/media/demo/fab-slk.svg',
      },
      policies: { shipping: '<h2>Shipping</h2><p>{companyName} ships free.</p>' },
      testMode: true,
      // The return settings of a store that set none (docs/returns.md "Settings").
      returns: { windowDays: 7, exchanges: true, pickupFee: 0, returnAddress: null },
    });
    // Parsing strips unknown keys: equality means the bytes hold the schema's fields and nothing else.
    expect(storeInfoSchema.parse(body)).toEqual(body);
  });

  it("gives a category without an image its first product's own image: never an outside URL or an archived product", async () => {
    await database.db
      .update(products)
      .set({ imgUrl: 'https://cdn.example/fab-slk.jpg' })
      .where(eq(products.sku, 'FAB-SLK'));
    await database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.sku, 'ACC-JUT'));
    const fresh = await buildTestApp(database);
    try {
      const body = (await fresh.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json<StoreInfo>();
      expect(body.categoryImages).toEqual({
        Men: '/media/demo/category-men.svg',
        Women: '/media/demo/category-women.svg',
        Accessories: '/media/demo/acc-jhu.svg',
        'Unstitched Fabrics': '/media/demo/fab-cot.svg',
      });
      await database.db.update(products).set({ imgUrl: null }).where(eq(products.sku, 'FAB-COT'));
      const again = await buildTestApp(database);
      try {
        const later = (await again.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json<StoreInfo>();
        expect(later.categoryImages['Unstitched Fabrics']).toBeUndefined();
      } finally {
        await again.close();
      }
    } finally {
      await fresh.close();
      await database.db
        .update(products)
        .set({ imgUrl: '/media/demo/fab-slk.svg' })
        .where(eq(products.sku, 'FAB-SLK'));
      await database.db
        .update(products)
        .set({ imgUrl: '/media/demo/fab-cot.svg' })
        .where(eq(products.sku, 'FAB-COT'));
      await database.db.update(products).set({ archivedAt: null }).where(eq(products.sku, 'ACC-JUT'));
    }
  });

  it.each([
    ['the sandbox gateway and the demo UPI ID (no configuration)', {}, true],
    ['the demo UPI ID beside a real gateway', REAL_PAYU, true],
    [
      'the sandbox forced on beside a real gateway and UPI ID',
      { ...REAL_PAYU, PAYMENTS_SANDBOX: 'on', UPI_VPA: 'shop@okaxis' },
      true,
    ],
    ['a real gateway and a real UPI ID', { ...REAL_PAYU, UPI_VPA: 'shop@okaxis' }, false],
    [
      'test payments off and a real UPI ID, no gateway',
      { PAYMENTS_SANDBOX: 'off', UPI_VPA: 'shop@okaxis' },
      false,
    ],
    ['production without payment settings (no payment method at all)', { NODE_ENV: 'production' }, false],
  ] as [string, Partial<AppConfig>, boolean][])(
    'with %s, testMode is %s',
    async (_name, config, testMode) => {
      const configured = await buildTestApp(database, config);
      try {
        const response = await configured.inject({ method: 'GET', url: '/api/v1/storeInfo' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ storeName: 'Test Silk House', testMode });
      } finally {
        await configured.close();
      }
    },
  );
});
