/**
 * Search filters and facets follow stock: the offers the database keeps on each product
 * (drizzle/0009_product_offers.sql triggers) change with every order, cancellation, re-reservation and import,
 * so a variant that sold out stops matching its size and colour, and comes back when the stock does.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/catalog/product-schema';
import { orders } from '../../db/schema/order-tables';
import { productVariants, products } from '../../db/schema/catalog-tables';
import type { FixtureCatalog } from '../../test/catalog-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { reserveTestOrderStockAgain } from '../../test/order-moves';
import { seedCatalog } from '../../test/seed-catalog';

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

/** A kurti with one piece each of M and L in teal and four of S in rust (₹1,800), and a saree of one piece. */
function stockCatalog(kurtiMStock = 1): FixtureCatalog {
  return {
    store: { storeName: 'Stock Search House', categories: ['Women'] },
    products: [
      {
        sku: 'KRT-TEAL',
        title: 'Teal Chanderi Kurti',
        description: 'A chanderi kurti.',
        imgUrl: null,
        category: 'Women',
        parentCategory: null,
        regularPrice: 1500,
        discountedPrice: null,
        images: [],
        attributes: [],
        variants: [
          { sku: 'KRT-TEAL-M', size: 'M', color: 'Teal', stock: kurtiMStock },
          { sku: 'KRT-TEAL-L', size: 'L', color: 'Teal', stock: 1 },
          { sku: 'KRT-RUST-S', size: 'S', color: 'Rust', stock: 4, regularPrice: 1800 },
        ],
      },
      {
        sku: 'SAR-RUST',
        title: 'Rust Mulmul Saree',
        description: 'A mulmul saree.',
        imgUrl: null,
        category: 'Women',
        parentCategory: null,
        regularPrice: 2200,
        discountedPrice: null,
        stock: 1,
        images: [],
        attributes: [
          { key: 'size', value: ['Free Size'], metricUnit: null },
          { key: 'color', value: ['Rust'], metricUnit: null },
        ],
      },
    ],
  };
}

describe.each(testDatabaseKinds)('search follows stock on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let kurti: string;
  let saree: string;
  const variantIds: Record<string, string> = {};

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
    await seedCatalog(database.db, stockCatalog());
    for (const row of await database.db.select().from(products)) {
      if (row.sku === 'KRT-TEAL') kurti = row.id;
      else saree = row.id;
    }
    for (const row of await database.db.select().from(productVariants)) variantIds[row.sku] = row.id;
  });

  /** Titles found for `query`, read fresh (list answers that read stock are otherwise kept 30 s). */
  const titles = async (query: string) => {
    app.responseCache.clear();
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<ProductListResponse>().data.map((product) => product.title);
  };
  const facets = async (query: string) => {
    app.responseCache.clear();
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}&facets=1` });
    expect(response.statusCode).toBe(200);
    return response.json<ProductListResponse>().facets!;
  };
  const order = async (customer: SessionCustomer, lines: Record<string, unknown>[]) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: customer.headers,
      payload: { shippingAddress: address, lines },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const cancel = async (customer: SessionCustomer, orderNumber: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${encodeURIComponent(orderNumber)}/cancel`,
      headers: customer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('stops matching a size when its variant sells out and matches it again when the order is cancelled', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    expect(await titles('size=M')).toEqual(['Teal Chanderi Kurti']);
    expect(await titles('size=m&color=teal')).toEqual(['Teal Chanderi Kurti']);

    const placed = await order(buyer!, [
      { productId: kurti, variantId: variantIds['KRT-TEAL-M'], quantity: 1 },
    ]);
    expect(await titles('size=M')).toEqual([]);
    expect(await titles('size=M&color=Teal')).toEqual([]);
    expect(await titles('size=L&color=Teal')).toEqual(['Teal Chanderi Kurti']);
    expect((await facets('q=kurti')).size).toEqual([
      { value: 'S', count: 1 },
      { value: 'L', count: 1 },
    ]);

    await cancel(buyer!, placed);
    expect(await titles('size=M')).toEqual(['Teal Chanderi Kurti']);
    expect((await facets('q=kurti')).size).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 1 },
      { value: 'L', count: 1 },
    ]);
  });

  it('drops a product without variants when its own stock sells out and brings it back on cancel', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    expect(await titles('size=free size&color=rust')).toEqual(['Rust Mulmul Saree']);
    const placed = await order(buyer!, [{ productId: saree, quantity: 1 }]);
    expect(await titles('size=free size')).toEqual([]);
    expect(await titles('color=rust')).toEqual(['Teal Chanderi Kurti']);
    await cancel(buyer!, placed);
    expect(await titles('color=rust&sort=price_asc')).toEqual(['Teal Chanderi Kurti', 'Rust Mulmul Saree']);
  });

  it('matches the price of the variant bought: a sold-out dearer variant leaves the price range', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    expect(await titles('minPrice=1700&category=Women')).toEqual([
      'Teal Chanderi Kurti',
      'Rust Mulmul Saree',
    ]);
    expect(await titles('minPrice=1700&size=M')).toEqual([]);
    expect((await facets('q=kurti')).price).toEqual({ min: 1500, max: 1800 });
    await order(buyer!, [{ productId: kurti, variantId: variantIds['KRT-RUST-S'], quantity: 4 }]);
    expect(await titles('minPrice=1700&category=Women')).toEqual(['Rust Mulmul Saree']);
    expect((await facets('q=kurti')).price).toEqual({ min: 1500, max: 1500 });
  });

  it('takes the stock off again when a cancelled order is reserved again after a late payment', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await order(buyer!, [
      { productId: kurti, variantId: variantIds['KRT-TEAL-L'], quantity: 1 },
    ]);
    await cancel(buyer!, placed);
    expect(await titles('size=L')).toEqual(['Teal Chanderi Kurti']);
    const [row] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, placed));
    const storeId = (await database.db.select({ storeId: products.storeId }).from(products))[0]!.storeId;
    const reserved = await reserveTestOrderStockAgain(database.db, storeId, row!.id);
    expect(reserved).toBe(true);
    expect(await titles('size=L')).toEqual([]);
  });

  it('follows stock set by an import and a variant removed by one', async () => {
    await seedCatalog(database.db, stockCatalog(0));
    expect(await titles('size=M')).toEqual([]);
    await seedCatalog(database.db, stockCatalog(3));
    expect(await titles('size=M')).toEqual(['Teal Chanderi Kurti']);
    await database.db.delete(productVariants).where(eq(productVariants.id, variantIds['KRT-TEAL-M']!));
    expect(await titles('size=M')).toEqual([]);
  });

  it('counts both of two orders taking the last pieces of two variants of one product at once', async () => {
    const [first, second] = await insertSignedInCustomers(database.db, 2);
    await Promise.all([
      order(first!, [{ productId: kurti, variantId: variantIds['KRT-TEAL-M'], quantity: 1 }]),
      order(second!, [{ productId: kurti, variantId: variantIds['KRT-TEAL-L'], quantity: 1 }]),
    ]);
    expect(await titles('color=teal')).toEqual([]);
    expect(await titles('color=rust&size=S')).toEqual(['Teal Chanderi Kurti']);
  });
});
