/**
 * The owner's "Reject report" (`POST /api/v1/admin/orders/:orderId/reject-report`) through `app.inject()` on a
 * real database: the shopper's 'I have paid' is cleared, the order stays Pending with a new 24-hour payment
 * window, the shopper is mailed through the outbox, and the order history and the audit log record it. An
 * order without a report waiting is a 409; a bad reason a 400; a shopper who is no member a 403; another
 * store's order a 404. While the report waited, the payment window did not cancel the order.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin/admin-order-schemas';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { auditLog } from '../../db/schema/admin-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { indiaTime } from '../orders/payment-report-mail';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { expireUnpaidOrders } from '../orders/payment-window';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const HOUR = 3600_000;

describe.each(testDatabaseKinds)('rejecting a payment report on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;
  let owner: SessionMember;
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
    other = await insertTestShop(database.db, {
      host: OTHER_HOST,
      isDefault: false,
      storeName: 'Second Shop',
    });
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    app = await buildTestApp(database);
  });

  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, ...(options.headers as Record<string, string>) } });
  const customer = () =>
    signUpCustomer(app, {
      headers: { host: HOST },
      remoteAddress: `198.51.100.${++address % 250}`,
    });
  const reportedOrder = async (utr: string | null = '412345678901') => {
    const asha = await customer();
    const placed = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: asha.userId,
      email: asha.email,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const reported = await call({
      method: 'POST',
      url: '/api/v1/payments/report',
      headers: asha.headers,
      payload: { orderId: placed.orderNumber, ...(utr ? { utr } : {}) },
    });
    expect(reported.statusCode).toBe(200);
    return { asha, placed };
  };
  const reject = (
    orderNumber: string,
    payload: object = {},
    headers: Record<string, string> = owner.headers,
    host = HOST,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/reject-report`,
      headers: { ...headers, 'x-store-host': host },
      payload,
    });
  const rowOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = (email: string) =>
    database.db
      .select({ subject: outgoingMail.subject, message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, email))
      .orderBy(asc(outgoingMail.id));

  it('clears the report, restarts a 24-hour window, mails the shopper, and records history and audit', async () => {
    const { asha, placed } = await reportedOrder();
    // The report pauses the window: a pass long after the first due time leaves the order alone.
    await expireUnpaidOrders(database.db, { now: new Date(Date.now() + 48 * HOUR) });
    expect((await rowOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    const before = await call({
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.orderNumber}`,
      headers: { ...owner.headers, 'x-store-host': HOST },
    });
    expect(before.json<AdminOrderDetail>().actions).toEqual(['mark-paid', 'cancel', 'reject-report']);

    const startedAt = Date.now();
    const response = await reject(placed.orderNumber, { reason: ' No payment with this UTR reached us ' });
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminOrderDetail>();
    expect(detail).toMatchObject({ status: ORDER_STATUS.pending, paymentReported: null });
    expect(detail.actions).toEqual(['mark-paid', 'cancel']);
    const dueAt = new Date(detail.paymentDueAt!).getTime();
    expect(dueAt).toBeGreaterThanOrEqual(startedAt + 24 * HOUR - 5_000);
    expect(dueAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR + 5_000);
    const row = await rowOf(placed.id);
    expect(row).toMatchObject({ shopperPaidAt: null, shopperUtr: null, status: ORDER_STATUS.pending });

    expect(detail.history.at(-1)).toEqual({
      from: ORDER_STATUS.pending,
      to: ORDER_STATUS.pending,
      cause: `admin: payment report rejected (UTR 412345678901): No payment with this UTR reached us (${owner.email}); pay by ${indiaTime(new Date(detail.paymentDueAt!))} India time`,
      at: expect.any(String),
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, shop.storeId), eq(auditLog.entityId, placed.orderNumber)));
    expect(audit.map((entry) => [entry.action, entry.actor, entry.before, entry.after])).toEqual([
      [
        'reject-report',
        owner.email,
        { paymentReported: 'UTR 412345678901' },
        { paymentDueAt: detail.paymentDueAt, reason: 'No payment with this UTR reached us' },
      ],
    ]);

    const [mail, ...more] = await mailsTo(asha.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Payment not found for order ${placed.orderNumber} – Silk House`);
    expect(mail!.message.text).toContain(
      `You told us you had paid for order ${placed.orderNumber} by UPI (UTR 412345678901), but the shop could not find this payment in its account.`,
    );
    expect(mail!.message.text).toContain('The shop says: No payment with this UTR reached us');
    expect(mail!.message.text).toMatch(
      /Your order is held for you until \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [ap]m \(India time\)\. Please pay ₹[\d,.]+ on the order's payment page/,
    );

    // The shopper sees the order awaiting payment again, and may report again.
    const mine = await call({
      method: 'GET',
      url: `/api/v1/orders/${placed.orderNumber}`,
      headers: asha.headers,
    });
    expect(mine.json<Order>()).toMatchObject({ status: ORDER_STATUS.pending, paymentReported: null });
    const again = await call({
      method: 'POST',
      url: '/api/v1/payments/report',
      headers: asha.headers,
      payload: { orderId: placed.orderNumber, utr: '412345678901' },
    });
    expect(again.json<Order>().paymentReported?.utr).toBe('412345678901');

    // A second rejection without a reason: the mail leaves the reason out.
    expect((await reject(placed.orderNumber)).statusCode).toBe(200);
    expect((await mailsTo(asha.email)).at(-1)!.message.text).not.toContain('The shop says');
  });

  it('after a rejection the restarted window runs: a pass after it cancels the order', async () => {
    const { placed } = await reportedOrder(null);
    const response = await reject(placed.orderNumber);
    expect(response.json<AdminOrderDetail>().history.at(-1)!.cause).toMatch(
      new RegExp(`^admin: payment report rejected \\(${owner.email.replace(/[.+]/g, '\\$&')}\\); pay by `),
    );
    expect(
      (await expireUnpaidOrders(database.db, { now: new Date(Date.now() + 23 * HOUR) })).cancelled,
    ).toEqual([]);
    expect(
      (await expireUnpaidOrders(database.db, { now: new Date(Date.now() + 25 * HOUR) })).cancelled,
    ).toEqual([placed.orderNumber]);
  });

  it('answers 409 for an order without a report waiting, and changes nothing', async () => {
    const asha = await customer();
    const plain = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: asha.userId,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const dueBefore = (await rowOf(plain.id)).paymentDueAt;
    const response = await reject(plain.orderNumber);
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { error: `Order ${plain.orderNumber} has no payment report to reject` },
    ]);
    expect((await rowOf(plain.id)).paymentDueAt).toEqual(dueBefore);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, plain.id));
    expect(events).toHaveLength(1);

    // Once the owner marked a reported order paid, there is nothing left to reject.
    const { placed } = await reportedOrder();
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.orderNumber}/mark-paid`,
      headers: { ...owner.headers, 'x-store-host': HOST },
      payload: { utr: '412345678901' },
    });
    expect(paid.statusCode).toBe(200);
    const late = await reject(placed.orderNumber);
    expect([late.statusCode, late.json()]).toEqual([
      409,
      { error: `Order ${placed.orderNumber} has no payment report to reject` },
    ]);
  });

  it('refuses a bad reason (400), a shopper (403), staff of another store (404) and no session (401)', async () => {
    const { asha, placed } = await reportedOrder();
    const long = await reject(placed.orderNumber, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { reason: 'must be at most 200 characters' } });
    const control = await reject(placed.orderNumber, { reason: 'bad\u0000reason' });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({ fields: { reason: expect.any(String) } });

    const shopper = await reject(placed.orderNumber, {}, asha.headers);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json()).toEqual({ error: expect.any(String) });

    const stranger = await insertSignedInMember(database.db, other.storeId, 'owner');
    const elsewhere = await reject(placed.orderNumber, {}, stranger.headers, OTHER_HOST);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      404,
      { error: 'Order not found or access denied' },
    ]);

    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.orderNumber}/reject-report`,
      headers: { 'x-store-host': HOST },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await rowOf(placed.id)).shopperUtr).toBe('412345678901');
  });
});
