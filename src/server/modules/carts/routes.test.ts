/**
 * The cart kept on the server through `app.inject()` (docs/messages.md "Forgotten carts"): `GET` / `PUT /cart`
 * checked against the catalogue, the merge at sign-in, the reminder by the app's clock (the store's hours,
 * off, none after an order, one per change) and the restore link.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverCarts } from '../../db/schema/stock-alert-tables';
import { insertSignedInMember } from '../../test/admin-member';
import { insertTestOrder, type TestShop } from '../../test/order-fixture';
import { insertShoppersOfTwoShops, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { listMessages } from '../notifications/message-outbox';
import { remindForgottenCarts } from './cart-reminder';

const HOST = 'shop.test';
const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('the kept cart on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let asha: SessionCustomer;
  let ravi: SessionCustomer;
  let now: Date;

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
    ({ shop, asha, ravi } = await insertShoppersOfTwoShops(database.db, HOST, 'other.test'));
    now = new Date();
    app = await buildTestApp(database, {}, { clock: () => now });
  });

  const call = (who: SessionCustomer | null, options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, ...(who?.headers ?? {}) } });
  const put = (who: SessionCustomer, lines: object[]) =>
    call(who, { method: 'PUT', url: '/api/v1/cart', payload: { lines } });
  const reminders = async () =>
    (await listMessages(database.db, shop.storeId, { limit: 20, template: 'cart-reminder' })).map(
      (message) => [message.channel, message.recipient, message.text],
    );
  const later = async (hours: number) => {
    now = new Date(now.getTime() + hours * HOUR);
    return remindForgottenCarts(app.db, app.clock());
  };

  it('keeps the cart whole per shopper and answers it as the cart page shows it', async () => {
    expect((await call(asha, { method: 'GET', url: '/api/v1/cart' })).json()).toEqual({ lines: [] });
    const saved = await put(asha, [
      { productId: shop.kurta, variantId: shop.kurtaM, quantity: 2 },
      { productId: shop.fabric, quantity: 2.5 },
      { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().lines).toEqual([
      {
        productId: shop.kurta,
        variantId: shop.kurtaM,
        quantity: 3,
        name: 'Cotton Kurta',
        image: '',
        price: 999.5,
        selectedSize: 'M',
        selectedColor: 'White',
        unit: 'piece',
        minQuantity: 1,
        quantityStep: 1,
      },
      expect.objectContaining({
        productId: shop.fabric,
        variantId: null,
        quantity: 2.5,
        unit: 'm',
        price: 450,
      }),
    ]);
    expect((await call(asha, { method: 'GET', url: '/api/v1/cart' })).json()).toEqual(saved.json());
    expect((await call(ravi, { method: 'GET', url: '/api/v1/cart' })).json()).toEqual({ lines: [] });
    expect((await put(asha, [])).json()).toEqual({ lines: [] });
  });

  it('refuses lines the catalogue does not sell, and answers 401 without a session', async () => {
    const bad = await put(asha, [
      { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      { productId: shop.kurta, quantity: 1 },
      { productId: shop.saree, variantId: shop.kurtaM, quantity: 1 },
      { productId: shop.fabric, quantity: 0.7 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'lines.0.productId': 'is not a product on sale in this shop',
      'lines.1.variantId': 'needs a size of this product',
      'lines.2.variantId': 'is not a size of this product',
      'lines.3.quantity': 'is not a quantity this product is sold in',
    });
    const zero = await put(asha, [{ productId: shop.saree, quantity: 0 }]);
    expect(zero.json().fields).toEqual({ 'lines.0.quantity': 'must be more than 0' });
    const anonymous = await call(null, { method: 'GET', url: '/api/v1/cart' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: 'Authentication required' }]);
  });

  it("merges the browser's cart at sign-in: the account's lines first, the same size joined, unknown lines dropped", async () => {
    await put(asha, [{ productId: shop.saree, quantity: 1 }]);
    const merged = await call(asha, {
      method: 'POST',
      url: '/api/v1/cart/merge',
      payload: {
        lines: [
          { productId: shop.kurta, variantId: shop.kurtaL, quantity: 1 },
          { productId: shop.saree, quantity: 2 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(merged.statusCode).toBe(200);
    expect(
      merged
        .json()
        .lines.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity]),
    ).toEqual([
      [shop.saree, 3],
      [shop.kurta, 1],
    ]);
  });

  it('sends one reminder an hour after the last change, by e-mail, whose link restores the cart anywhere', async () => {
    await put(asha, [{ productId: shop.saree, quantity: 1 }]);
    expect(await later(0.5)).toBe(0);
    await put(asha, [{ productId: shop.saree, quantity: 2 }]); // a change: the hour starts again
    expect(await later(0.75)).toBe(0);
    expect(await later(0.25)).toBe(1);
    expect(await later(5)).toBe(0); // one reminder a change
    const [channel, to, text] = (await reminders())[0] as [string, string, string];
    expect([channel, to]).toEqual(['email', asha.email]);
    const token = /\/cart\?restore=([A-Za-z0-9_-]{43})$/.exec(text)![1];
    expect(text).toBe(
      `Silk House: you left 1 item in your cart. Pick up where you left off: http://shop.test/cart?restore=${token}`,
    );
    const restored = await app.inject({
      method: 'GET',
      url: `/api/v1/cart/restore/${token}`,
      headers: { host: HOST },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().lines).toEqual([expect.objectContaining({ productId: shop.saree, quantity: 2 })]);
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/v1/cart/restore/${'x'.repeat(43)}`,
      headers: { host: HOST },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'This cart link is not valid.' }]);
    // A new change allows one new reminder.
    await put(asha, [{ productId: shop.saree, quantity: 3 }]);
    expect(await later(1)).toBe(1);
  });

  it('sends none for an empty cart, after an order since the change, or when the store turned it off', async () => {
    await put(asha, []);
    await put(ravi, [{ productId: shop.saree, quantity: 1 }]);
    await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: ravi.userId,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    expect(await later(2)).toBe(0);

    const owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    const admin = (method: 'GET' | 'PUT', payload?: object) =>
      app.inject({
        method,
        url: '/api/v1/admin/settings/cart-reminder',
        headers: { ...owner.headers, host: HOST },
        ...(payload ? { payload } : {}),
      });
    expect((await admin('GET')).json()).toEqual({ reminderAfterHours: 1 });
    const tooLong = await admin('PUT', { reminderAfterHours: 200 });
    expect([tooLong.statusCode, tooLong.json().fields]).toEqual([
      400,
      { reminderAfterHours: 'must be 1 to 168 hours' },
    ]);
    expect((await admin('PUT', { reminderAfterHours: null })).json()).toEqual({ reminderAfterHours: null });
    await put(asha, [{ productId: shop.saree, quantity: 1 }]);
    expect(await later(48)).toBe(0);
    expect((await admin('PUT', { reminderAfterHours: 3 })).statusCode).toBe(200);
    expect(await reminders()).toHaveLength(0);
    await put(asha, [{ productId: shop.saree, quantity: 2 }]);
    expect(await later(2)).toBe(0);
    expect(await later(1)).toBe(1);
    expect(await database.db.select().from(serverCarts)).toHaveLength(2);
  });
});
