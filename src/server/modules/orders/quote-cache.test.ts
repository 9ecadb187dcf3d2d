/**
 * The checkout quote's cache (./quote-cache.ts, docs/decisions/036-quote-cache.md) through the API: repeated
 * quotes are answered from memory, and the next quote after each change that matters sees it — a coupon
 * edited, paused or duplicated in the admin, a coupon used up by an order and given back by a cancellation, a
 * promotion written in the admin, delivery settings saved, and a promotion's or a coupon's start and end, to the millisecond, without
 * any write; on PostgreSQL, a change another server announced is heard by its NOTIFY.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema/coupon-tables';
import { promotions } from '../../db/schema/promotion-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { noteQuoteChange, QUOTE_CHANGED_CHANNEL } from '../stores/quote-change';

const HOST = 'shop.test';
const HOUR = 3_600_000;
const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '+91 98390 41736',
};

type Quote = {
  subtotal: number;
  discount: number;
  couponError: string | null;
  lines: { lineTotal: number }[];
};

describe.each(testDatabaseKinds)('the checkout quote cache on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;
  let now = new Date();

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
    now = new Date();
    shop = await insertTestShop(database.db, { host: HOST });
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    app = await buildTestApp(database, {}, { clock: () => now });
  });

  const quote = async (couponCode?: string): Promise<Quote> => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: { host: HOST },
      payload: { lines: [{ productId: shop.saree, quantity: 1 }], ...(couponCode ? { couponCode } : {}) },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<Quote>();
  };
  const admin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { host: HOST, ...owner.headers },
      ...(payload ? { payload } : {}),
    });
  const couponForm = {
    code: 'FEST',
    description: 'Festive ₹100 off',
    kind: 'fixed',
    value: 100,
    startsAt: '2026-01-01T00:00:00+05:30',
    endsAt: null,
  };

  it('answers repeated quotes from memory: a write is seen once it is announced', async () => {
    const [row] = await database.db
      .insert(coupons)
      .values({ storeId: shop.storeId, code: 'FEST', kind: 'fixed', value: 10_000, startsAt: new Date(0) })
      .returning();
    expect((await quote('fest')).discount).toBe(100);
    // Written around the services, nothing announces it: the kept coupon still answers.
    await database.db.update(coupons).set({ value: 20_000 }).where(eq(coupons.id, row!.id));
    expect((await quote('FEST')).discount).toBe(100);
    noteQuoteChange(shop.storeId);
    expect((await quote('FEST')).discount).toBe(200);
  });

  it('sees a coupon edited, paused, duplicated and resumed in the admin on the next quote', async () => {
    const created = await admin('POST', '/coupons', couponForm);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await quote('FEST')).discount).toBe(100);
    expect((await quote('FEST-COPY')).couponError).toBe('This code is not valid');

    expect((await admin('PUT', `/coupons/${id}`, { ...couponForm, value: 250 })).statusCode).toBe(200);
    expect((await quote('FEST')).discount).toBe(250);
    expect((await admin('POST', `/coupons/${id}/pause`)).statusCode).toBe(200);
    expect((await quote('FEST')).couponError).toBe('This code is not valid');

    const copy = await admin('POST', `/coupons/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect((await admin('POST', `/coupons/${copy.json<{ id: number }>().id}/resume`)).statusCode).toBe(200);
    expect(await quote('fest-copy')).toMatchObject({ discount: 250, couponError: null });
  });

  it('sees a coupon used up by an order, and given back when the unpaid order is cancelled', async () => {
    await admin('POST', '/coupons', { ...couponForm, usageLimit: 1 });
    expect(await quote('FEST')).toMatchObject({ discount: 100, couponError: null });
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { host: HOST, ...customer!.headers },
      payload: {
        lines: [{ productId: shop.saree, quantity: 1 }],
        shippingAddress: address,
        couponCode: 'FEST',
      },
    });
    expect(placed.statusCode).toBe(201);
    expect(await quote('FEST')).toMatchObject({
      discount: 0,
      couponError: 'This code has reached its limit',
    });

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${placed.json<{ id: string }>().id}/cancel`,
      headers: { host: HOST, ...customer!.headers },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await quote('FEST')).toMatchObject({ discount: 100, couponError: null });
  });

  it('starts and ends promotions and coupons on time, with no write in between', async () => {
    const starts = new Date(now.getTime() + HOUR);
    const ends = new Date(now.getTime() + 2 * HOUR);
    await database.db.insert(promotions).values({
      storeId: shop.storeId,
      name: 'Saree Utsav',
      kind: 'percent',
      value: 20,
      scope: 'all',
      startsAt: starts,
      endsAt: ends,
    });
    await database.db.insert(coupons).values({
      storeId: shop.storeId,
      code: 'HOUR',
      kind: 'fixed',
      value: 10_000,
      startsAt: starts,
      endsAt: ends,
    });
    const at = async (instant: Date) => {
      now = instant;
      const answer = await quote('HOUR');
      return {
        price: answer.lines[0]!.lineTotal,
        discount: answer.discount,
        couponError: answer.couponError,
      };
    };

    expect(await at(new Date(starts.getTime() - 1))).toMatchObject({ price: 2499, discount: 0 });
    expect((await at(new Date(starts.getTime() - 1))).couponError).toMatch(/^This code starts on /);
    expect(await at(starts)).toEqual({ price: 1999.2, discount: 100, couponError: null });
    expect(await at(new Date(ends.getTime() - 1))).toEqual({
      price: 1999.2,
      discount: 100,
      couponError: null,
    });
    expect(await at(ends)).toEqual({ price: 2499, discount: 0, couponError: 'This code has expired' });
    // A clock set back (a test's, or a corrected one) reads again rather than miss what ran then.
    expect(await at(starts)).toEqual({ price: 1999.2, discount: 100, couponError: null });
  });

  it('sees delivery settings saved in the admin on the next quote', async () => {
    const shipping = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/checkout/quote',
          headers: { host: HOST },
          payload: {
            lines: [{ productId: shop.saree, quantity: 1 }],
            shippingAddress: { state: 'Rajasthan', postalCode: '302001' },
          },
        })
      ).json<{ shipping: number | null }>().shipping;
    const save = (settings: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/delivery',
        headers: { host: HOST, ...owner.headers },
        payload: settings,
      });
    expect((await save({ flatCharge: 99, freeAbove: 10_000 })).statusCode).toBe(200);
    expect(await shipping()).toBe(99);
    expect((await save({ flatCharge: 149, freeAbove: 10_000 })).statusCode).toBe(200);
    expect(await shipping()).toBe(149);
  });

  it('sees a promotion written in the admin on the next quote', async () => {
    expect((await quote()).lines[0]!.lineTotal).toBe(2499);
    const created = await admin('POST', '/promotions', {
      name: 'Saree Utsav',
      kind: 'percent',
      value: 20,
      scope: 'all',
      startsAt: '2026-01-01T00:00',
      endsAt: '2099-01-01T00:00',
    });
    expect(created.statusCode).toBe(201);
    expect((await quote()).lines[0]!.lineTotal).toBe(1999.2);
    expect((await admin('POST', `/promotions/${created.json<{ id: number }>().id}/pause`)).statusCode).toBe(
      200,
    );
    expect((await quote()).lines[0]!.lineTotal).toBe(2499);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the checkout quote cache across servers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.reset();
    shop = await insertTestShop(database.db, { host: HOST });
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const discount = async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: { host: HOST },
      payload: { lines: [{ productId: shop.saree, quantity: 1 }], couponCode: 'FEST' },
    });
    return answer.json<Quote>().discount;
  };

  it('sees a change another server announced, by its NOTIFY alone', async () => {
    const [row] = await database.db
      .insert(coupons)
      .values({ storeId: shop.storeId, code: 'FEST', kind: 'fixed', value: 10_000, startsAt: new Date(0) })
      .returning();
    expect(await discount()).toBe(100);
    // Another server's order transaction: the count raised and announced there, so nothing moves in this process.
    const other = await database.pool!.connect();
    try {
      await other.query('begin');
      await other.query('update coupons set value = 30000 where id = $1', [row!.id]);
      await other.query('select pg_notify($1, $2)', [QUOTE_CHANGED_CHANNEL, String(shop.storeId)]);
      expect(await discount()).toBe(100);
      await other.query('commit');
    } finally {
      other.release();
    }
    await expect.poll(discount, { timeout: 2000, interval: 20 }).toBe(300);
  });
});
