/**
 * The account's WhatsApp switch through `app.inject()` on a real database: `PUT /account/whatsapp-opt-in` turns
 * the updates on and off on the account (with its time) and on every number of it (its phone and its orders'
 * phones), `GET /accountInfo` answers the state, bad bodies answer 400 with the exact text, no session 401, and
 * another account's numbers are left alone.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { phoneConsents } from '../../db/schema/notification-tables';
import { orders } from '../../db/schema/order-tables';
import { users } from '../../db/schema/user-tables';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { phoneChannelFor, recordOptOut } from '../notifications/phone-consent';

describe.each(testDatabaseKinds)('account WhatsApp opt-in on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let asha: SessionCustomer;
  let ravi: SessionCustomer;

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
    shop = await insertTestShop(database.db, { host: 'silk.test' });
    const made = await insertSignedInCustomers(database.db, 2, shop.storeId);
    asha = made[0]!;
    ravi = made[1]!;
    await database.db.update(users).set({ phone: '+919812345678' }).where(eq(users.id, asha.userId));
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: asha.userId,
      status: ORDER_STATUS.processing,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    // The order went to another number in another spelling.
    await database.db.update(orders).set({ phone: '098390 41736' }).where(eq(orders.id, order.id));
    await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: ravi.userId,
      status: ORDER_STATUS.processing,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    await database.db.update(orders).set({ phone: '9876501234' }).where(eq(orders.userId, ravi.userId));
  });

  const put = (payload: unknown, headers: Record<string, string> = asha.headers) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/account/whatsapp-opt-in',
      headers: { ...headers, 'x-store-host': 'silk.test' },
      payload: payload as object,
    });
  const info = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/accountInfo',
      headers: { ...asha.headers, 'x-store-host': 'silk.test' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ whatsappOptIn: boolean }>();
  };
  const channel = (phone: string) => phoneChannelFor(database.db, shop.storeId, phone);

  it('turns the updates on for the account and its numbers, then off', async () => {
    expect((await info()).whatsappOptIn).toBe(false);
    const on = await put({ optIn: true });
    expect(on.statusCode).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    expect(on.json()).toMatchObject({ phone: '+919812345678', whatsappOptIn: true });
    expect((await info()).whatsappOptIn).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, asha.userId));
    expect(row!.whatsappOptInAt).toBeInstanceOf(Date);
    expect(await channel('+919812345678')).toBe('whatsapp');
    expect(await channel('+919839041736')).toBe('whatsapp');
    expect(await channel('+919876501234')).toBe('sms');

    const off = await put({ optIn: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ whatsappOptIn: false });
    expect((await info()).whatsappOptIn).toBe(false);
    expect(await channel('+919812345678')).toBe('sms');
    expect(await channel('+919839041736')).toBe('sms');
  });

  it("turning on clears an earlier 'STOP' of the account's numbers", async () => {
    await recordOptOut(database.db, shop.storeId, '+919839041736', new Date());
    expect(await channel('+919839041736')).toBeNull();
    expect((await put({ optIn: true })).statusCode).toBe(200);
    expect(await channel('+919839041736')).toBe('whatsapp');
  });

  it('answers 400 for bad bodies and 401 without a session, changing nothing', async () => {
    for (const body of [{}, { optIn: 'yes' }, { optIn: null }]) {
      const response = await put(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid field: optIn',
        fields: { optIn: 'Please choose whether to get order updates on WhatsApp' },
      });
    }
    const extra = await put({ optIn: true, phone: '+919876501234' });
    expect(extra.statusCode).toBe(400);
    const anonymous = await put({ optIn: true }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    const consents = await database.db
      .select()
      .from(phoneConsents)
      .where(and(eq(phoneConsents.storeId, shop.storeId)));
    expect(consents).toEqual([]);
  });
});
