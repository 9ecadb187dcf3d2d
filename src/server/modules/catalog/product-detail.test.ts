import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  productDetailSchema,
  type ProductDetail,
  type ProductListResponse,
} from '@shared/catalog/product-schema';
import { products, productVariants } from '../../db/schema/catalog-tables';
import {
  FABRIC_BY_METRE_SKU,
  fixtureCatalogWithVariants,
  VARIANT_KURTA_SKU,
} from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { availabilityTag } from './product-availability';
import { currentAvailabilityTag, getProduct } from './product-detail';

describe.each(testDatabaseKinds)('GET /products/{id} with variants and units on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  beforeEach(async () => {
    await database.reset();
    await seedCatalog(database.db, fixtureCatalogWithVariants());
    await app.catalogChanged();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const idOf = async (sku: string) =>
    (await database.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;

  const detail = async (id: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductDetail>();
    // Parsing strips unknown keys: equality means the answer holds the contract's fields and nothing else.
    expect(productDetailSchema.parse(body)).toEqual(body);
    return body;
  };

  const setVariantStock = (sku: string, stock: number | null) =>
    database.db.update(productVariants).set({ stock }).where(eq(productVariants.sku, sku));
  const setProductStock = (sku: string, stock: number | null) =>
    database.db.update(products).set({ stock }).where(eq(products.sku, sku));

  it('answers every storefront field plus the selling rule and the variants in file order, in rupees', async () => {
    const body = await detail(await idOf(VARIANT_KURTA_SKU));
    expect(body).toMatchObject({
      title: 'Raw Silk Kurta',
      category: 'Men',
      parentCategory: 'Kurtas',
      regularPrice: 3999,
      discountedPrice: null,
      imgUrl: '/media/demo/men-rsk-001.svg',
      images: [{ url: '/media/demo/men-rsk-001.svg' }],
      unit: 'piece',
      minQuantity: 1,
      quantityStep: 1,
      available: true,
      lowStock: false,
    });
    expect(body.attributes.map((a) => [a.key, a.value])).toEqual([
      ['size', ['S', 'M', 'L', 'XL']],
      ['color', ['Maroon', 'Bottle Green']],
      ['fabric', ['Raw silk']],
    ]);
    expect(body.variants.map(({ id, ...variant }) => [typeof id, variant])).toEqual([
      [
        'string',
        {
          sku: 'MEN-RSK-001-S-MAR',
          size: 'S',
          color: 'Maroon',
          price: 3999,
          discountedPrice: null,
          imgUrl: null,
          available: true,
          lowStock: false,
        },
      ],
      [
        'string',
        {
          sku: 'MEN-RSK-001-M-MAR',
          size: 'M',
          color: 'Maroon',
          price: 3999,
          discountedPrice: null,
          imgUrl: null,
          available: true,
          lowStock: false,
        },
      ],
      [
        'string',
        {
          sku: 'MEN-RSK-001-XL-MAR',
          size: 'XL',
          color: 'Maroon',
          price: 3999,
          discountedPrice: null,
          imgUrl: null,
          available: false,
          lowStock: false,
        },
      ],
      [
        'string',
        {
          sku: 'MEN-RSK-001-L-GRN',
          size: 'L',
          color: 'Bottle Green',
          price: 4299,
          discountedPrice: 3899,
          imgUrl: '/media/demo/men-rsk-001-green.svg',
          available: true,
          lowStock: true,
          stockLeft: 2,
        },
      ],
      [
        'string',
        {
          sku: 'MEN-RSK-001-M-GRN',
          size: 'M',
          color: 'Bottle Green',
          price: 3999,
          discountedPrice: 3499,
          imgUrl: null,
          available: true,
          lowStock: false,
        },
      ],
    ]);
    // Stock figures stay private above the low-stock threshold ('Only 2 left' shows the count).
    expect(JSON.stringify(body)).not.toMatch(/"stock"/);
  });

  it('sells fabric by the metre: per-metre price, rule in metres, availability from metres on hand', async () => {
    const id = await idOf(FABRIC_BY_METRE_SKU);
    expect(await detail(id)).toMatchObject({
      regularPrice: 450,
      unit: 'm',
      minQuantity: 1,
      quantityStep: 0.5,
      available: true,
      lowStock: false,
      variants: [],
    });
    await setProductStock(FABRIC_BY_METRE_SKU, 2.5);
    await app.catalogChanged();
    expect(await detail(id)).toMatchObject({ available: true, lowStock: true, stockLeft: 2.5 });
    // Less than the smallest length one may order cannot be bought.
    await setProductStock(FABRIC_BY_METRE_SKU, 0.5);
    await app.catalogChanged();
    expect(await detail(id)).toMatchObject({ available: false, lowStock: false });
  });

  it('derives availability of a product without variants from its stock: untracked, plenty, low, none', async () => {
    const id = await idOf('FAB-SLK');
    for (const [stock, available, lowStock] of [
      [null, true, false],
      [40, true, false],
      [4, true, false],
      [3, true, true],
      [1, true, true],
      [0, false, false],
    ] as const) {
      await setProductStock('FAB-SLK', stock);
      await app.catalogChanged();
      expect(await detail(id)).toMatchObject({ available, lowStock, variants: [] });
    }
  });

  it('is unavailable when every variant is sold out, and available again when one is back', async () => {
    const id = await idOf(VARIANT_KURTA_SKU);
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, id));
    await app.catalogChanged();
    const soldOut = await detail(id);
    expect(soldOut).toMatchObject({ available: false, lowStock: false });
    expect(soldOut.variants.every((variant) => !variant.available)).toBe(true);
    await setVariantStock('MEN-RSK-001-S-MAR', null);
    await app.catalogChanged();
    expect(await detail(id)).toMatchObject({ available: true });
  });

  it('shows a sale within 2 s without a catalogue write: a variant and a product sold out by SQL', async () => {
    const kurta = await idOf(VARIANT_KURTA_SKU);
    const fabric = await idOf(FABRIC_BY_METRE_SKU);
    const mediumMaroon = async () =>
      (await detail(kurta)).variants.find((variant) => variant.sku === 'MEN-RSK-001-M-MAR')!.available;
    expect(await mediumMaroon()).toBe(true);
    expect((await detail(fabric)).available).toBe(true);

    // Orders write stock directly (possibly on another server), without clearing the catalogue cache.
    await setVariantStock('MEN-RSK-001-M-MAR', 0);
    await setProductStock(FABRIC_BY_METRE_SKU, 0);
    await expect.poll(mediumMaroon, { timeout: 2000, interval: 50 }).toBe(false);
    await expect
      .poll(async () => (await detail(fabric)).available, { timeout: 2000, interval: 50 })
      .toBe(false);
  });

  it('sums availability up alike from the answer and from the stock figures, so the cache check holds', async () => {
    for (const sku of [VARIANT_KURTA_SKU, FABRIC_BY_METRE_SKU, 'FAB-SLK']) {
      const id = await idOf(sku);
      const tag = async () => currentAvailabilityTag(database.db, 1, id);
      expect(availabilityTag(await getProduct(database.db, 1, id))).toBe(await tag());
    }
    const kurta = await idOf(VARIANT_KURTA_SKU);
    expect(await currentAvailabilityTag(database.db, 1, kurta)).toBe('vaaxl2a');
    await setVariantStock('MEN-RSK-001-M-MAR', 3);
    expect(await currentAvailabilityTag(database.db, 1, kurta)).toBe('val3xl2a');
    expect(availabilityTag(await getProduct(database.db, 1, kurta))).toBe('val3xl2a');
    // A sale within the low range changes the count shown, so it changes the tag too.
    await setVariantStock('MEN-RSK-001-L-GRN', 1);
    expect(await currentAvailabilityTag(database.db, 1, kurta)).toBe('val3xl1a');
    expect(await currentAvailabilityTag(database.db, 1, await idOf(FABRIC_BY_METRE_SKU))).toBe('pa');
    expect(await currentAvailabilityTag(database.db, 2, kurta)).toBe('-');
    expect(await currentAvailabilityTag(database.db, 1, 'not-a-uuid')).toBe('-');
    expect(availabilityTag(await getProduct(database.db, 2, kurta))).toBe('-');
  });

  it('keeps the list answer as it was: no variants, stock or selling rule in it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/products?category=men&limit=100' });
    const kurta = response
      .json<ProductListResponse>()
      .data.find((product) => product.title === 'Raw Silk Kurta')!;
    expect(Object.keys(kurta).sort()).toEqual(
      [
        'attributes',
        'category',
        'createdAt',
        'description',
        'discountedPrice',
        'id',
        'images',
        'imgUrl',
        'parentCategory',
        'regularPrice',
        'title',
        'unit',
      ].sort(),
    );
    const fabrics = await app.inject({
      method: 'GET',
      url: '/api/v1/products?category=unstitched%20fabrics',
    });
    expect(fabrics.json<ProductListResponse>().data.map((product) => [product.title, product.unit])).toEqual([
      ['Katan Silk Fabric', 'piece'],
      ['Mulmul Cotton Fabric', 'piece'],
      ['Indigo Block Print Cotton', 'm'],
    ]);
  });

  it("never shows another store's variants, and answers 404 for another store's product", async () => {
    const second = fixtureCatalogWithVariants();
    second.store = { storeName: 'Second Shop', categories: ['Men'] };
    second.products = [second.products[24]!];
    second.products[0]!.variants = [{ sku: 'MEN-RSK-001-S-MAR', size: 'S', color: 'Maroon', stock: 0 }];
    await seedCatalog(database.db, second, { host: 'second.example' });
    await app.catalogChanged();

    const [firstId, secondId] = (
      await database.db
        .select({ id: products.id, storeId: products.storeId })
        .from(products)
        .where(eq(products.sku, VARIANT_KURTA_SKU))
        .orderBy(products.storeId)
    ).map((row) => row.id);
    const inFirst = await detail(firstId!);
    const inSecond = await detail(secondId!, { 'x-store-host': 'second.example' });
    expect(inFirst.variants).toHaveLength(5);
    expect(inSecond.variants.map((v) => [v.sku, v.available])).toEqual([['MEN-RSK-001-S-MAR', false]]);
    expect(inFirst.variants.map((v) => v.id)).not.toContain(inSecond.variants[0]!.id);
    expect(inFirst.variants[0]).toMatchObject({ sku: 'MEN-RSK-001-S-MAR', available: true });

    for (const [id, host] of [
      [firstId!, 'second.example'],
      [secondId!, 'localhost'],
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/products/${id}`,
        headers: { 'x-store-host': host },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Product not found' });
    }
  });
});
