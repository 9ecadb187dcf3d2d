/**
 * The owner's coupons through `/api/v1/admin/coupons` (docs/discounts.md "Owner"): create, list with status,
 * edit, pause, duplicate, uses with their orders and discount, every change audited; the orders list filtered
 * by coupon code and the CSV export with the code and the discount; bad input refused with the fields.
 */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const FORM = {
  code: 'diwali20',
  description: 'Diwali: 20% off, up to ₹1,000',
  kind: 'percent',
  value: 20,
  maxDiscount: 1000,
  startsAt: '2026-10-01T00:00:00+05:30',
  endsAt: '2099-11-06T00:00:00+05:30',
  usageLimit: 100,
};

describe.each(testDatabaseKinds)('admin coupons on %s', (kind) => {
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
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { host: HOST, ...owner.headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('creates, lists, edits, pauses and duplicates coupons, each change audited', async () => {
    const created = await call('POST', '/coupons', FORM);
    expect(created.statusCode).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: 'DIWALI20',
      kind: 'percent',
      value: 20,
      maxDiscount: 1000,
      minSubtotal: null,
      startsAt: '2026-09-30T18:30:00.000Z',
      perCustomerLimit: 1,
      scope: 'all',
      status: 'active',
      timesUsed: 0,
    });
    const taken = await call('POST', '/coupons', { ...FORM, code: 'Diwali20' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: 'The code DIWALI20 is taken',
      fields: { code: 'is already the code of another coupon' },
    });
    await call('POST', '/coupons', {
      ...FORM,
      code: 'NEXT-YEAR',
      startsAt: '2099-10-01T00:00:00+05:30',
      endsAt: null,
    });
    await call('POST', '/coupons', {
      ...FORM,
      code: 'OLD',
      startsAt: '2025-10-01T00:00:00+05:30',
      endsAt: '2025-11-01T00:00:00+05:30',
    });

    const edited = await call('PUT', `/coupons/${coupon.id}`, {
      ...FORM,
      kind: 'fixed',
      value: 250,
      minSubtotal: 1500,
    });
    expect(edited.json()).toMatchObject({ kind: 'fixed', value: 250, minSubtotal: 1500, maxDiscount: null });
    const paused = await call('POST', `/coupons/${coupon.id}/pause`);
    expect(paused.json()).toMatchObject({ paused: true, status: 'paused' });
    const copy = await call('POST', `/coupons/${coupon.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ code: 'DIWALI20-COPY', paused: true, timesUsed: 0, value: 250 });
    expect((await call('POST', `/coupons/${coupon.id}/duplicate`)).json().code).toBe('DIWALI20-COPY2');
    await call('POST', `/coupons/${coupon.id}/resume`);

    const list = (await call('GET', '/coupons')).json() as { code: string; status: string }[];
    expect(list.map(({ code, status }) => [code, status])).toEqual([
      ['DIWALI20-COPY2', 'paused'],
      ['DIWALI20-COPY', 'paused'],
      ['OLD', 'expired'],
      ['NEXT-YEAR', 'scheduled'],
      ['DIWALI20', 'active'],
    ]);
    const audit = await database.db
      .select({ entityId: auditLog.entityId, action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.entity, 'coupon'))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => `${row.entityId} ${row.action}`)).toEqual([
      'DIWALI20 create',
      'NEXT-YEAR create',
      'OLD create',
      'DIWALI20 update',
      'DIWALI20 pause',
      'DIWALI20-COPY duplicate',
      'DIWALI20-COPY2 duplicate',
      'DIWALI20 resume',
    ]);
    expect(audit[0]!.actor).toBe(owner.email);
  });

  it('shows a coupon’s uses and filters and exports the orders by code', async () => {
    const coupon = (await call('POST', '/coupons', { ...FORM, maxDiscount: null })).json();
    const [asha] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { host: HOST, ...asha!.headers },
      payload: {
        lines: [{ productId: shop.saree, quantity: 1 }],
        couponCode: 'Diwali20',
        shippingAddress: {
          fullName: 'Asha Verma',
          address: '14 Assi Ghat Road',
          city: 'Varanasi',
          state: 'Uttar Pradesh',
          postalCode: '221005',
          phone: '+91 98390 41736',
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderNumber = placed.json().id;
    const uses = await call('GET', `/coupons/${coupon.id}/uses`);
    expect(uses.json()).toEqual({
      orders: [
        {
          orderId: orderNumber,
          createdAt: expect.any(String),
          email: asha!.email,
          status: 0,
          discount: 499.8,
          total: 1999.2,
          released: false,
        },
      ],
      totalDiscount: 499.8,
    });
    expect((await call('GET', `/coupons/${coupon.id}`)).json().timesUsed).toBe(1);
    const filtered = (await call('GET', '/orders?coupon=diwali20')).json();
    expect(filtered.orders).toEqual([
      expect.objectContaining({ orderNumber, couponCode: 'DIWALI20', discountPaise: 49_980 }),
    ]);
    expect((await call('GET', '/orders?coupon=OTHER')).json().orders).toEqual([]);
    const csv = (await call('GET', '/orders.csv?coupon=DIWALI20')).body.trim().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/,1999\.20,,no,DIWALI20,499\.80$/);
  });

  it('refuses bad input with 400 and the fields, and unknown coupons with 404', async () => {
    const bad = await call('POST', '/coupons', {
      code: 'no spaces!',
      kind: 'percent',
      value: 150,
      startsAt: '2026-11-01T00:00:00+05:30',
      endsAt: '2026-10-01T00:00:00+05:30',
      scope: 'products',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      code: "must be 2–32 letters, digits or '-'",
      value: 'must be a whole percent from 1 to 100',
      endsAt: 'must be after the start',
      productIds: 'must name at least one product',
    });
    const noKind = await call('POST', '/coupons', { code: 'OK-CODE', startsAt: 'tomorrow' });
    expect(noKind.json().fields).toEqual({
      kind: 'must be percent, fixed or free_shipping',
      startsAt: 'must be a date and time',
    });
    const missing = await call('GET', '/coupons/999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Coupon not found' });
    expect((await call('GET', '/coupons/abc')).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/coupons',
      headers: { host: HOST },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
