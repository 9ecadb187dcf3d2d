/**
 * Archiving a product in the admin through `app.inject()`: the storefront stops showing and selling it at
 * once (its page, lists, search, suggestions, new orders), the admin lists it apart, unarchiving puts it back,
 * and every step is in the audit log.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { editorRequest, kurtaBody } from '../../test/product-editor-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

describe.each(testDatabaseKinds)('admin product archive on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;

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
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    editorRequest(app, owner.headers, method, url, body);
  const storefront = async (url: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1${url}` });
    return { status: response.statusCode, body: response.json() };
  };
  const adminSkus = async (query: string) =>
    (await send('GET', `/products${query}`)).body as unknown as {
      products: { sku: string; archived: boolean }[];
    };

  it('hides an archived product from the storefront and lists it apart in the admin', async () => {
    const { id } = (await send('POST', '/products', kurtaBody())).body;
    expect((await storefront(`/products/${id}`)).status).toBe(200);
    expect((await storefront('/search/suggest?q=handblock')).body.products).toHaveLength(1);

    const archived = await send('POST', `/products/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    const page = await storefront(`/products/${id}`);
    expect(page).toEqual({ status: 404, body: { error: 'Product not found' } });
    expect((await storefront('/products?category=Men')).body.data).toEqual([]);
    expect((await storefront('/products?q=handblock')).body.data).toEqual([]);
    expect((await storefront('/search/suggest?q=handblock')).body.products).toEqual([]);
    expect((await adminSkus('')).products.map((product) => product.sku)).not.toContain('ADM-KUR-1');
    expect((await adminSkus('?archived=1')).products).toEqual([
      expect.objectContaining({ sku: 'ADM-KUR-1', archived: true }),
    ]);
    // The editor still opens it, and a save keeps it archived.
    const opened = await send('GET', `/products/${id}`);
    expect(opened.body.archivedAt).toBe(archived.body.archivedAt);

    const back = await send('POST', `/products/${id}/unarchive`);
    expect(back.body.archivedAt).toBeNull();
    expect((await storefront(`/products/${id}`)).status).toBe(200);
    expect(back.body.history.map((entry) => entry.action)).toEqual(['create', 'archive', 'unarchive']);
    expect(back.body.history[1]).toMatchObject({
      actor: owner.email,
      before: { archived: false },
      after: { archived: true },
    });
  });

  it('writes one audit row per save and archive, with who, what and before → after', async () => {
    const { id, values } = (await send('POST', '/products', kurtaBody())).body;
    await send('PUT', `/products/${id}`, { ...values, title: 'Rust Handblock Kurta' });
    await send('POST', `/products/${id}/archive`);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, shop.storeId), eq(auditLog.entity, 'product')))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => [row.entityId, row.action, row.actor, row.actorUserId])).toEqual([
      [id, 'create', owner.email, owner.userId],
      [id, 'update', owner.email, owner.userId],
      [id, 'archive', owner.email, owner.userId],
    ]);
    expect(rows[0]!.after).toMatchObject({ sku: 'ADM-KUR-1', regularPrice: 1499 });
    expect(rows[0]!.before).toBeNull();
    // Only what changed: the title (the variants were sent back as they were).
    expect(rows[1]!.before).toEqual({ title: 'Indigo Handblock Kurta' });
    expect(rows[1]!.after).toEqual({ title: 'Rust Handblock Kurta' });
  });

  it('refuses new orders of an archived product', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const order = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: buyer!.headers,
        payload: { shippingAddress: address, lines: [{ productId: shop.saree, quantity: 1 }] },
      });
    await send('POST', `/products/${shop.saree}/archive`);
    const refused = await order();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Invalid field: lines.0.productId',
      fields: { 'lines.0.productId': 'is not available' },
    });
    await send('POST', `/products/${shop.saree}/unarchive`);
    expect((await order()).statusCode).toBe(201);
  });
});
