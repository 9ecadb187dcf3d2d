/**
 * Automatic promotions through the API (docs/discounts.md "Automatic promotions"): the promotional price in the list, the
 * product page, search (sort, filter, facets), the tax quote and the order; the best-of rule with sale prices;
 * the first and last second on a test clock, with the cached answers turning over at both; paused promotions;
 * bad input and the admin roles.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductListResponse } from '@shared/catalog/product-schema';
import type { AdminPromotion } from '@shared/discounts/promotion-schemas';
import { buildApp } from '../../app';
import { orders } from '../../db/schema/order-tables';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { fixtureCatalogWithVariants, VARIANT_KURTA_SKU } from '../../test/catalog-fixture';
import { gstTestCatalog, PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { seedCatalog } from '../../test/seed-catalog';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { testConfig } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

/** 1 Nov 2026, 00:00 India time, and 6 Nov 00:00: the Diwali sale's first instant and the one after its last. */
const STARTS = new Date('2026-10-31T18:30:00.000Z');
const ENDS = new Date('2026-11-05T18:30:00.000Z');

describe.each(testDatabaseKinds)('automatic promotions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** A second server on the same database, with the same clock: it turns over on its own. */
  let other: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
  let shopper: SessionCustomer;
  let now = new Date(STARTS.getTime() - 1000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const catalog = fixtureCatalogWithVariants();
    // Registered under GST in Rajasthan, so the tax quote has rates.
    const { categories: _categories, gstDefaults: _defaults, ...registered } = gstTestCatalog().store;
    await seedCatalog(database.db, { ...catalog, store: { ...catalog.store, ...registered } });
    app = await buildApp(testConfig, { database, logger: false, clock: () => now });
    other = await buildApp(testConfig, { database, logger: false, clock: () => now });
    owner = await insertSignedInMember(database.db, 1, 'owner');
    staff = await insertSignedInMember(database.db, 1, 'staff');
    shopper = (await insertSignedInCustomers(database.db, 1, 1))[0]!;
    const all = await app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    for (const product of all.json<ProductListResponse>().data) ids[product.title] = product.id;
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
    await database?.close();
  });

  const diwali = {
    name: 'Diwali sale',
    kind: 'percent',
    value: 20,
    scope: 'categories',
    categories: ['women'],
    startsAt: '2026-11-01T00:00',
    endsAt: '2026-11-06T00:00',
  };
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = owner) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const womenPrices = async (server = app) => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/products?category=Women' });
    return response
      .json<ProductListResponse>()
      .data.map((product) => [
        product.title,
        product.regularPrice,
        product.discountedPrice,
        product.promotion?.name ?? null,
      ]);
  };
  const catalogueWomenPrices = [
    ['Banarasi Saree', 12500, 11999, null],
    ['Chanderi Suit Set', 8500, null, null],
    ['Mulmul Dupatta', 4500, null, null],
  ];
  const diwaliWomenPrices = [
    ['Banarasi Saree', 12500, 10000, 'Diwali sale'],
    ['Chanderi Suit Set', 8500, 6800, 'Diwali sale'],
    ['Mulmul Dupatta', 4500, 3600, 'Diwali sale'],
  ];
  let diwaliId = 0;

  it('refuses bad input with the fields, and shoppers and strangers', async () => {
    const bad = await admin('POST', '/promotions', {
      ...diwali,
      value: 95,
      categories: [],
      endsAt: '2026-10-01T00:00',
      startsAt: '2026-11-31T00:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      value: 'must be a whole percent from 1 to 90',
      categories: 'Choose a category',
      startsAt: 'must be a date and time like 2026-11-01T00:00',
    });
    const backwards = await admin('POST', '/promotions', { ...diwali, endsAt: '2026-10-01T00:00' });
    expect(backwards.json().fields).toEqual({ endsAt: 'must be after the start' });
    const fixed = await admin('POST', '/promotions', { ...diwali, kind: 'fixed', value: 10.555 });
    expect(fixed.json().fields).toEqual({
      value: 'must be an amount in rupees above 0 with at most 2 decimals',
    });
    const unknown = await admin('POST', '/promotions', { ...diwali, categories: ['Lehengas'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Invalid field: categories',
      fields: { categories: 'No category named "Lehengas"' },
    });
    const sku = await admin('POST', '/promotions', { ...diwali, scope: 'products', products: ['NO-SUCH'] });
    expect(sku.json().fields).toEqual({ products: 'No product with SKU "NO-SUCH"' });

    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/admin/promotions', payload: diwali });
    expect(anonymous.statusCode).toBe(401);
    const customer = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/promotions',
      headers: shopper.headers,
      payload: diwali,
    });
    expect(customer.statusCode).toBe(403);
    expect((await admin('GET', '/promotions/9999')).json()).toEqual({ error: 'Promotion not found' });
  });

  it('is scheduled before its first second: the listing shows catalogue prices, and keeps them cached', async () => {
    expect(await womenPrices()).toEqual(catalogueWomenPrices);
    const created = await admin('POST', '/promotions', diwali, staff);
    expect(created.statusCode).toBe(201);
    const promotion = created.json<AdminPromotion>();
    diwaliId = promotion.id;
    expect(promotion).toEqual({
      id: diwaliId,
      name: 'Diwali sale',
      kind: 'percent',
      value: 20,
      scope: 'categories',
      categories: ['Women'],
      products: [],
      startsAt: '2026-11-01T00:00',
      endsAt: '2026-11-06T00:00',
      paused: false,
      status: 'scheduled',
    });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'promotion'));
    expect(audit).toMatchObject({ action: 'create', entityId: String(diwaliId), actor: staff.email });
    expect(await womenPrices()).toEqual(catalogueWomenPrices);
    now = new Date(STARTS.getTime() - 1);
    expect(await womenPrices()).toEqual(catalogueWomenPrices);
    expect(await womenPrices(other)).toEqual(catalogueWomenPrices);
  });

  it('applies from its first second: list, product page, search sort and facets (the cache turned over)', async () => {
    now = STARTS;
    expect(await womenPrices()).toEqual(diwaliWomenPrices);
    expect(await womenPrices(other)).toEqual(diwaliWomenPrices);
    const detail = await app.inject({ method: 'GET', url: `/api/v1/products/${ids['Chanderi Suit Set']}` });
    expect(detail.json<ProductDetail>()).toMatchObject({
      regularPrice: 8500,
      discountedPrice: 6800,
      promotion: { name: 'Diwali sale', endsAt: ENDS.toISOString() },
    });
    const sorted = await app.inject({
      method: 'GET',
      url: '/api/v1/products?category=Women&sort=price_asc&facets=1&maxPrice=7000',
    });
    const body = sorted.json<ProductListResponse>();
    expect(body.data.map((product) => [product.title, product.discountedPrice])).toEqual([
      ['Mulmul Dupatta', 3600],
      ['Chanderi Suit Set', 6800],
    ]);
    // The price facet spans what the other selections leave, whatever the price filter: ₹3,600 to ₹10,000.
    expect(body.facets?.price).toEqual({ min: 3600, max: 10000 });
    const list = await admin('GET', '/promotions');
    expect(list.json().promotions.map((row: AdminPromotion) => [row.name, row.status])).toEqual([
      ['Diwali sale', 'active'],
    ]);
  });

  it('sells at the best of promotion and sale price, never both, and the best of several promotions', async () => {
    const kurtaOff = await admin('POST', '/promotions', {
      ...diwali,
      name: 'Kurta ₹100 off',
      kind: 'fixed',
      value: 100,
      scope: 'products',
      categories: [],
      products: ['men-kur-001', 'MEN-KUR-002', VARIANT_KURTA_SKU],
    });
    expect(kurtaOff.statusCode).toBe(201);
    const dupatta = await admin('POST', '/promotions', {
      ...diwali,
      name: 'Dupatta day',
      value: 50,
      // A sub-category, named in any case.
      categories: ['dupattas'],
    });
    expect(dupatta.statusCode).toBe(201);
    expect(dupatta.json().categories).toEqual(['Dupattas']);
    const men = await app.inject({ method: 'GET', url: '/api/v1/products?category=Men&limit=2' });
    expect(
      men
        .json<ProductListResponse>()
        .data.map((p) => [p.title, p.discountedPrice, p.promotion?.name ?? null]),
    ).toEqual([
      // ₹1,299 on sale at ₹999.50: the sale price is lower than ₹1,199.
      ['Cotton Kurta 1', 999.5, null],
      ['Cotton Kurta 2', 1299, 'Kurta ₹100 off'],
    ]);
    expect(await womenPrices()).toEqual([
      diwaliWomenPrices[0],
      diwaliWomenPrices[1],
      ['Mulmul Dupatta', 4500, 2250, 'Dupatta day'],
    ]);
    const kurta = await app.inject({ method: 'GET', url: `/api/v1/products/${ids['Raw Silk Kurta']}` });
    // Each variant: its own regular price less ₹100, unless its sale price is lower (M / Bottle Green ₹3,499).
    expect(kurta.json<ProductDetail>().variants.map((v) => [v.sku, v.price, v.discountedPrice])).toEqual([
      ['MEN-RSK-001-S-MAR', 3999, 3899],
      ['MEN-RSK-001-M-MAR', 3999, 3899],
      ['MEN-RSK-001-XL-MAR', 3999, 3899],
      ['MEN-RSK-001-L-GRN', 4299, 3899],
      ['MEN-RSK-001-M-GRN', 3999, 3499],
    ]);
  });

  it('prices the tax quote and the order with the promotion', async () => {
    const quote = await app.inject({
      method: 'POST',
      url: '/api/v1/gst/quote',
      payload: {
        lines: [
          { productId: ids['Mulmul Dupatta'], quantity: 1 },
          { productId: ids['Chanderi Suit Set'], quantity: 2 },
        ],
        state: 'Maharashtra',
      },
    });
    expect(quote.statusCode).toBe(200);
    // ₹2,250 a piece is taxed at 5 % (up to ₹2,500 a piece), not at the 18 % of its ₹4,500 regular price.
    expect(quote.json().lines.map((line: { gstRate: number }) => line.gstRate)).toEqual([5, 18]);

    const order = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.headers,
      payload: {
        shippingAddress: PUNE_ADDRESS,
        lines: [
          { productId: ids['Mulmul Dupatta'], quantity: 1 },
          { productId: ids['Chanderi Suit Set'], quantity: 2 },
          { productId: ids['Raw Silk Kurta'], size: 'L', color: 'Bottle Green', quantity: 1 },
        ],
      },
    });
    expect(order.statusCode).toBe(201);
    const [row] = await database.db
      .select({ subtotal: orders.subtotalPaise })
      .from(orders)
      .where(eq(orders.orderNumber, order.json().id));
    expect(row!.subtotal).toBe(225000 + 2 * 680000 + 389900);
  });

  it('does nothing while paused, and applies again when resumed', async () => {
    const paused = await admin('POST', `/promotions/${diwaliId}/pause`);
    expect(paused.json().status).toBe('paused');
    expect((await womenPrices())[1]).toEqual(catalogueWomenPrices[1]);
    const resumed = await admin('POST', `/promotions/${diwaliId}/resume`);
    expect(resumed.json().status).toBe('active');
    expect((await womenPrices())[1]).toEqual(diwaliWomenPrices[1]);
  });

  it('edits and duplicates (a paused copy)', async () => {
    const edited = await admin('PUT', `/promotions/${diwaliId}`, { ...diwali, value: 25 });
    expect(edited.json().value).toBe(25);
    expect((await womenPrices())[1]).toEqual(['Chanderi Suit Set', 8500, 6375, 'Diwali sale']);
    const copy = await admin('POST', `/promotions/${diwaliId}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Diwali sale (copy)',
      paused: true,
      status: 'paused',
      value: 25,
    });
    await admin('PUT', `/promotions/${diwaliId}`, diwali);
  });

  it('stops after its last second: prices return (the cache turned over again)', async () => {
    now = new Date(ENDS.getTime() - 1);
    expect((await womenPrices())[1]).toEqual(diwaliWomenPrices[1]);
    expect((await womenPrices(other))[1]).toEqual(diwaliWomenPrices[1]);
    now = ENDS;
    expect(await womenPrices()).toEqual(catalogueWomenPrices);
    expect(await womenPrices(other)).toEqual(catalogueWomenPrices);
    const list = await admin('GET', '/promotions');
    expect(list.json().promotions.find((row: AdminPromotion) => row.id === diwaliId).status).toBe('expired');
  });
});
