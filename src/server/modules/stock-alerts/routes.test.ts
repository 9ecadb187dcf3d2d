/**
 * Back-in-stock alerts through `app.inject()` (docs/messages.md "Back-in-stock alerts"): asking (validation,
 * the sold-out rule, idempotent repeats, the rate limit), each way stock comes back — the admin's product
 * editor, the catalogue import, a cancelled order, a restocked return — queueing every waiting alert once,
 * oldest first, and the one-tap unsubscribe.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { stockAlerts } from '../../db/schema/stock-alert-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { returnTestOrder } from '../../test/order-moves';
import { insertTestReturn } from '../../test/return-fixture';
import { seedCatalog } from '../../test/seed-catalog';
import { insertTestCustomer } from '../../test/test-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { listMessages } from '../notifications/message-outbox';

const HOST = 'silk.test';

describe.each(testDatabaseKinds)('back-in-stock alerts on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;

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
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    app = await buildTestApp(database);
    // Kurta L and the saree are sold out.
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, shop.kurtaL));
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, shop.saree));
  });

  const ask = (productId: string, payload: object, remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/stock-alerts`,
      headers: { host: HOST },
      payload,
      remoteAddress,
    });
  const sent = async () =>
    (await listMessages(database.db, shop.storeId, { limit: 50, template: 'stock-alert' }))
      .reverse()
      .map((message) => [message.channel, message.recipient]);
  const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { ...owner.headers, host: HOST },
      ...(payload ? { payload } : {}),
    });

  it('records an alert (201), once for a repeat, by e-mail or WhatsApp', async () => {
    const first = await ask(shop.kurta, { variantId: shop.kurtaL, email: ' Asha@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'We will let you know as soon as it is back in stock.' });
    expect((await ask(shop.kurta, { variantId: shop.kurtaL, email: 'asha@example.com' })).statusCode).toBe(
      201,
    );
    expect((await ask(shop.kurta, { variantId: shop.kurtaL, phone: '098390 41736' })).statusCode).toBe(201);
    const rows = await database.db
      .select({ channel: stockAlerts.channel, recipient: stockAlerts.recipient })
      .from(stockAlerts)
      .orderBy(stockAlerts.id);
    expect(rows).toEqual([
      { channel: 'email', recipient: 'asha@example.com' },
      { channel: 'whatsapp', recipient: '+919839041736' },
    ]);
    const list = await admin('GET', '/stock-alerts');
    expect(
      list.json().alerts.map((alert: { status: string; size: string }) => [alert.status, alert.size]),
    ).toEqual([
      ['waiting', 'L'],
      ['waiting', 'L'],
    ]);
  });

  it('refuses bad requests with their reasons', async () => {
    const both = await ask(shop.saree, { email: 'a@b.in', phone: '9839041736' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      error: 'Invalid field: phone',
      fields: { phone: 'Give an e-mail address or a WhatsApp number, not both' },
    });
    const none = await ask(shop.saree, {});
    expect(none.json()).toEqual({
      error: 'Invalid field: email',
      fields: { email: 'Give an e-mail address or a WhatsApp number' },
    });
    expect((await ask(shop.saree, { email: 'asha' })).json().fields).toEqual({
      email: 'Please enter a valid e-mail address',
    });
    expect((await ask(shop.saree, { phone: '12345' })).json().fields).toEqual({
      phone: 'Please enter a 10-digit Indian mobile number',
    });
    const noSize = await ask(shop.kurta, { email: 'a@b.in' });
    expect([noSize.statusCode, noSize.json().fields]).toEqual([400, { variantId: 'Please choose a size' }]);
    const otherSize = await ask(shop.kurta, {
      email: 'a@b.in',
      variantId: '00000000-0000-4000-8000-000000000000',
    });
    expect(otherSize.json().fields).toEqual({ variantId: 'Size not found' });
    const inStock = await ask(shop.kurta, { email: 'a@b.in', variantId: shop.kurtaM });
    expect([inStock.statusCode, inStock.json()]).toEqual([
      409,
      { error: 'This is in stock: you can order it now' },
    ]);
    const untracked = await ask(shop.dupatta, { email: 'a@b.in' });
    expect(untracked.statusCode).toBe(409);
    const unknown = await ask('not-a-product', { email: 'a@b.in' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Product not found' }]);
  });

  it('answers 429 past 10 requests an hour from one address', async () => {
    for (let index = 0; index < 10; index++) {
      expect((await ask(shop.saree, { email: `s${index}@b.in` }, '198.51.100.9')).statusCode).toBe(201);
    }
    const refused = await ask(shop.saree, { email: 'late@b.in' }, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many alerts. Please try again later.' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('sends every waiting alert once, oldest first, when the owner restocks the size in the editor', async () => {
    await ask(shop.kurta, { variantId: shop.kurtaL, email: 'first@b.in' });
    await ask(shop.kurta, { variantId: shop.kurtaL, phone: '9839041736' });
    await ask(shop.saree, { email: 'saree@b.in' });
    const { values } = (await admin('GET', `/products/${shop.kurta}`)).json();
    const body = {
      ...values,
      variants: values.variants.map((variant: { id: string; stock: number }) => ({
        ...variant,
        stockAsLoaded: variant.stock,
        stock: variant.id === shop.kurtaL ? 1 : variant.stock,
      })),
    };
    const saved = await admin('PUT', `/products/${shop.kurta}`, body);
    expect(saved.statusCode).toBe(200);
    expect(await sent()).toEqual([
      ['email', 'first@b.in'],
      ['whatsapp', '+919839041736'],
    ]);
    const [message] = await listMessages(database.db, shop.storeId, { limit: 1, template: 'stock-alert' });
    const [alert] = await database.db
      .select({ token: stockAlerts.unsubscribeToken })
      .from(stockAlerts)
      .where(eq(stockAlerts.recipient, '+919839041736'));
    expect(message!.text).toBe(
      `Silk House: Cotton Kurta in size L (White) is back in stock. http://silk.test/product/${shop.kurta} ` +
        `Stop these alerts: http://silk.test/product/${shop.kurta}?stop-alert=${alert!.token}`,
    );
    // Saving again (stock still up) sends nothing more.
    expect((await admin('PUT', `/products/${shop.kurta}`, body)).statusCode).toBe(200);
    expect(await sent()).toHaveLength(2);
  });

  it("sends the alerts of a cancelled order's stock and of a restocked return", async () => {
    await database.db.update(products).set({ stock: 1 }).where(eq(products.id, shop.saree));
    const userId = await insertTestCustomer(database.db, shop.storeId);
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    await ask(shop.saree, { email: 'one@b.in' });
    await ask(shop.saree, { email: 'two@b.in' });
    await returnTestOrder(database.db, shop.storeId, order.id);
    expect(await sent()).toEqual([
      ['email', 'one@b.in'],
      ['email', 'two@b.in'],
    ]);

    const delivered = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: ORDER_STATUS.delivered,
      lines: [{ productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 }],
    });
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, shop.kurtaM));
    await ask(shop.kurta, { variantId: shop.kurtaM, email: 'size-m@b.in' });
    const requested = await insertTestReturn(database.db, {
      storeId: shop.storeId,
      orderId: delivered.id,
      lines: [{ position: 0, quantity: 1 }],
    });
    expect((await admin('POST', `/returns/${requested.id}/approve`, {})).statusCode).toBe(200);
    const received = await admin('POST', `/returns/${requested.id}/receive`, {
      lines: [{ id: String(requested.lineIds[0]), outcome: 'restocked' }],
    });
    expect(received.statusCode).toBe(200);
    expect((await sent()).at(-1)).toEqual(['email', 'size-m@b.in']);
    expect(await sent()).toHaveLength(3);
  });

  it('sends the alerts of stock a catalogue import brings back', async () => {
    const file = (stock: number) => ({
      store: { storeName: 'Loom House' },
      products: [
        {
          sku: 'IMP-STOLE',
          title: 'Pashmina Stole',
          description: 'Hand woven.',
          imgUrl: null,
          category: 'Accessories',
          parentCategory: null,
          regularPrice: 2500,
          discountedPrice: null,
          stock,
          images: [],
          attributes: [],
        },
      ],
    });
    await seedCatalog(database.db, file(0), { host: 'loom.test' });
    await app.catalogChanged();
    const [stole] = await database.db.select().from(products).where(eq(products.sku, 'IMP-STOLE'));
    const call = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${stole!.id}/stock-alerts`,
      headers: { host: 'loom.test' },
      payload: { email: 'stole@b.in' },
    });
    expect(call.statusCode).toBe(201);
    await seedCatalog(database.db, file(4), { host: 'loom.test' });
    const messages = await listMessages(database.db, stole!.storeId, { limit: 5, template: 'stock-alert' });
    expect(messages.map((message) => [message.recipient, message.variables.productName])).toEqual([
      ['stole@b.in', 'Pashmina Stole'],
    ]);
    await seedCatalog(database.db, file(6), { host: 'loom.test' });
    expect(
      await listMessages(database.db, stole!.storeId, { limit: 5, template: 'stock-alert' }),
    ).toHaveLength(1);
  });

  it('unsubscribes in one tap: no alert goes after it, a second tap is fine, a bad token is refused', async () => {
    await ask(shop.saree, { email: 'leaving@b.in' });
    const [alert] = await database.db
      .select({ token: stockAlerts.unsubscribeToken })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.storeId, shop.storeId), eq(stockAlerts.recipient, 'leaving@b.in')));
    const tap = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/stock-alerts/unsubscribe',
        headers: { host: HOST },
        payload: { token: alert!.token },
      });
    const first = await tap();
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { message: 'You will get no more alerts for this product.', productTitle: 'Katan Silk Saree' },
    ]);
    expect((await tap()).statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-alerts/unsubscribe',
      headers: { host: HOST },
      payload: { token: 'x'.repeat(43) },
    });
    expect([bad.statusCode, bad.json()]).toEqual([404, { error: 'This unsubscribe link is not valid.' }]);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-alerts/unsubscribe',
      headers: { host: HOST },
      payload: { token: 'short' },
    });
    expect(malformed.statusCode).toBe(400);
    await database.db.update(products).set({ stock: 5 }).where(eq(products.id, shop.saree));
    await returnTestOrder(
      database.db,
      shop.storeId,
      (
        await insertTestOrder(database.db, {
          storeId: shop.storeId,
          userId: await insertTestCustomer(database.db, shop.storeId),
          lines: [{ productId: shop.saree, quantity: 1 }],
        })
      ).id,
    );
    expect(await sent()).toEqual([]);
  });
});
