/**
 * The shopper's 'I have paid' (`POST /payments/report`) through `app.inject()` on a real database: recorded on
 * their own Pending order with the UTR or none, the latest report kept, an order event for the owner, the order
 * still Pending; bad UTRs, other shoppers' orders and orders that no longer await payment are refused.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin/admin-order-schemas';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { SHOPPER_UTR_MESSAGE } from '@shared/payments/payment-report-schema';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { insertSignedInMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import {
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';
import { transition } from '../orders/order-lifecycle';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe.each(testDatabaseKinds)('POST /payments/report on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let address = 0;

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
    await insertTestShop(database.db, { host: OTHER_HOST, isDefault: false, storeName: 'Second Shop' });
    app = await buildTestApp(database);
  });

  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, ...(options.headers as Record<string, string>) } });
  const customer = (host = HOST) =>
    signUpCustomer(app, {
      headers: { host },
      remoteAddress: `198.51.100.${++address % 250}`,
    });
  const order = (owner: { userId: number; email: string }) =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: owner.userId,
      email: owner.email,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
  const report = (body: object, headers: Record<string, string> = {}) =>
    call({ method: 'POST', url: '/api/v1/payments/report', headers, payload: body });
  const eventsOf = (orderId: string) =>
    database.db
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));

  it('records the UTR on the Pending order, keeps it Pending, and writes an order event', async () => {
    const asha = await customer();
    const placed = await order(asha);
    const response = await report(
      { orderId: placed.orderNumber.toLowerCase(), utr: '4123 4567 8901' },
      asha.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Order>();
    expect(body).toMatchObject({
      id: placed.orderNumber,
      status: ORDER_STATUS.pending,
      paidBy: null,
      paymentReported: { utr: '412345678901' },
    });
    expect(body.paymentReported!.at).toMatch(ISO_TIME);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ status: ORDER_STATUS.pending, shopperUtr: '412345678901' });
    expect(row!.shopperPaidAt).toBeInstanceOf(Date);
    expect((await eventsOf(placed.id)).at(-1)).toEqual({
      from: ORDER_STATUS.pending,
      to: ORDER_STATUS.pending,
      cause: 'customer: says paid by UPI, UTR 412345678901',
    });
    // The shopper's own history lists status changes only; their order page shows the report.
    const tracked = await call({
      method: 'GET',
      url: `/api/v1/orders/${placed.orderNumber}`,
      headers: asha.headers,
    });
    expect(tracked.json<Order>().paymentReported).toEqual(body.paymentReported);
    expect(tracked.json<Order>().history?.every((step) => step.status === ORDER_STATUS.pending)).toBe(true);
    expect(tracked.json<Order>().history).toHaveLength((await eventsOf(placed.id)).length - 1);
  });

  it('takes a report without a UTR, keeps the latest of repeated reports (one event for the same report twice), and shows it to the owner', async () => {
    const asha = await customer();
    const placed = await order(asha);
    expect(
      (await report({ orderId: placed.orderNumber, utr: '111122223333' }, asha.headers)).statusCode,
    ).toBe(200);
    const second = await report({ orderId: placed.orderNumber, utr: '999988887777' }, asha.headers);
    expect(second.json<Order>().paymentReported?.utr).toBe('999988887777');
    const bare = await report({ orderId: placed.orderNumber }, asha.headers);
    expect(bare.statusCode).toBe(200);
    expect(bare.json<Order>().paymentReported?.utr).toBeNull();
    const empty = await report({ orderId: placed.orderNumber, utr: '' }, asha.headers);
    expect(empty.json<Order>().paymentReported?.utr).toBeNull();
    const last = await report({ orderId: placed.orderNumber, utr: '555566667777' }, asha.headers);
    expect(last.json<Order>().paymentReported?.utr).toBe('555566667777');
    const again = await report({ orderId: placed.orderNumber, utr: '555566667777' }, asha.headers);
    expect(again.statusCode).toBe(200);
    expect((await eventsOf(placed.id)).slice(-4).map((event) => event.cause)).toEqual([
      'customer: says paid by UPI, UTR 111122223333',
      'customer: says paid by UPI, UTR 999988887777',
      'customer: says paid by UPI, no UTR given',
      'customer: says paid by UPI, UTR 555566667777',
    ]);

    const staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.orderNumber}`,
      headers: { ...staff.headers, 'x-store-host': HOST },
    });
    expect(detail.statusCode).toBe(200);
    const admin = detail.json<AdminOrderDetail>();
    expect(admin.status).toBe(ORDER_STATUS.pending);
    expect(admin.paymentReported).toMatchObject({ utr: '555566667777' });
    expect(admin.history.at(-1)).toMatchObject({
      from: 0,
      to: 0,
      cause: 'customer: says paid by UPI, UTR 555566667777',
    });
    expect(admin.actions).toContain('mark-paid');
  });

  itOnPgliteOnly(kind).each([
    ['letters', '41234567890A'],
    ['11 digits', '41234567890'],
    ['13 digits', '4123456789012'],
    ['a dash', '412345-678901'],
  ])('refuses a UTR with %s: 400 with the field message, nothing recorded', async (_name, utr) => {
    const asha = await customer();
    const placed = await order(asha);
    const response = await report({ orderId: placed.orderNumber, utr }, asha.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid field: utr', fields: { utr: SHOPPER_UTR_MESSAGE } });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ shopperPaidAt: null, shopperUtr: null });
  });

  it("refuses a missing order number (400), no session (401), and unknown or other shoppers' orders (404)", async () => {
    const asha = await customer();
    const ravi = await customer();
    const placed = await order(asha);
    const missing = await report({ utr: '412345678901' }, asha.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { orderId: expect.any(String) } });
    expect((await report({ orderId: placed.orderNumber })).statusCode).toBe(401);
    const notFound = { error: 'Order not found or access denied' };
    const foreign = await report({ orderId: placed.orderNumber }, ravi.headers);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, notFound]);
    const unknown = await report({ orderId: 'RS-ZZZZZZZZ' }, asha.headers);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    // The same order number asked in another store is not found there.
    const elsewhere = await customer(OTHER_HOST);
    const otherStore = await report(
      { orderId: placed.orderNumber },
      { ...elsewhere.headers, host: OTHER_HOST },
    );
    expect(otherStore.statusCode).toBe(404);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.shopperPaidAt).toBeNull();
  });

  it('refuses a paid or cancelled order with 409 and a clear message', async () => {
    const asha = await customer();
    const paid = await order(asha);
    await transition(database.db, shop.storeId, paid.id, ORDER_STATUS.processing, 'test: paid');
    const paidAnswer = await report({ orderId: paid.orderNumber, utr: '412345678901' }, asha.headers);
    expect([paidAnswer.statusCode, paidAnswer.json()]).toEqual([
      409,
      { error: `Order ${paid.orderNumber} is already paid` },
    ]);
    const cancelled = await order(asha);
    await transition(database.db, shop.storeId, cancelled.id, ORDER_STATUS.cancelled, 'test: cancel');
    const cancelledAnswer = await report({ orderId: cancelled.orderNumber }, asha.headers);
    expect([cancelledAnswer.statusCode, cancelledAnswer.json()]).toEqual([
      409,
      { error: `Order ${cancelled.orderNumber} is cancelled and cannot be paid` },
    ]);
  });
});
