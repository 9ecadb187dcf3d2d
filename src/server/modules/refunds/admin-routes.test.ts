/**
 * The admin's refunds through `app.inject()` on a real database (docs/returns.md "Refunds"): refunds made
 * outside the store and through the sandbox gateway, every refusal with its exact text, the Idempotency-Key,
 * a refused gateway refund and its retry, 'Refund due' clearing, the panel's amounts, and two refunds at once
 * that together exceed what was paid.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { AdminRefunds } from '@shared/returns/admin-refund-schemas';
import type { Refund } from '@shared/returns/return-schemas';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { refunds } from '../../db/schema/return-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import {
  payThroughSandbox,
  placeTestOrderThroughApi,
  shipTestOrderThrough,
  seedGstTestCatalog,
} from '../../test/refund-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { transition } from '../orders/order-lifecycle';
import { SANDBOX_REFUND_DECLINED } from '../payments/providers/sandbox-payu-refund';
import {
  NOTHING_PAID_MESSAGE,
  ONLY_FAILED_GATEWAY_RETRY,
  REFERENCE_REQUIRED,
  REFUND_NOT_FOUND,
  RETURN_NOT_OF_ORDER,
  UPI_HAS_NO_GATEWAY_REFUND,
} from './refund-messages';

describe.each(testDatabaseKinds)('admin refunds on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    app = await buildTestApp(database);
    owner = await insertSignedInMember(database.db, 1, 'owner');
    staff = await insertSignedInMember(database.db, 1, 'staff');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A ₹3,700 order (kurta ₹2,800 + 2 m fabric ₹900) to Pune; paid through the sandbox unless `paid` is false. */
  const order = async (paid = true) => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    if (paid) await payThroughSandbox(app, buyer!, placed.orderNumber);
    return { ...placed, buyer: buyer! };
  };
  const refund = (
    orderNumber: string,
    body: Record<string, unknown>,
    options: { key?: string; member?: SessionMember } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: {
        ...(options.member ?? owner).headers,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      payload: body,
    });
  const panel = async (orderNumber: string, member: SessionMember = owner) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<AdminRefunds>();
  };
  const retry = (orderNumber: string, refundId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds/${refundId}/retry`,
      headers: owner.headers,
    });
  const mailsTo = (buyer: SessionCustomer, orderNumber: string) =>
    database.db
      .select()
      .from(outgoingMail)
      .where(
        and(eq(outgoingMail.recipient, buyer.email), like(outgoingMail.subject, `Refund of%${orderNumber}%`)),
      );

  it('refunds part of a gateway payment through the sandbox: processed, counted, mailed', async () => {
    const { id, orderNumber, buyer } = await order();
    const response = await refund(orderNumber, {
      amount: 1000,
      reason: 'Goodwill: late delivery',
      method: 'gateway',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<Refund>();
    expect(body).toMatchObject({
      amount: 1000,
      reason: 'Goodwill: late delivery',
      method: 'gateway',
      status: 'processed',
      failureReason: null,
      returnNumber: null,
      creditNote: null, // never shipped: no invoice, so no credit note
    });
    expect(body.reference).toMatch(/^\d{9}$/);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, body.id));
    expect(row).toMatchObject({
      provider: 'payu-sandbox',
      gatewayRefundId: body.reference,
      amountPaise: 100_000,
    });
    expect(await panel(orderNumber)).toMatchObject({
      paid: 3700,
      refunded: 1000,
      left: 2700,
      paidBy: 'gateway',
      gatewayRefund: true,
      refundDue: false,
      refunds: [{ id: body.id, status: 'processed' }],
      returns: [],
    });
    // Staff see the panel too.
    expect((await panel(orderNumber, staff)).refunds).toHaveLength(1);
    const [mail] = await mailsTo(buyer, orderNumber);
    expect(mail!.subject).toBe(`Refund of ₹1,000 processed for order ${orderNumber} – Jaipur Silk House`);
    expect(mail!.message.text).toContain(
      `We have refunded ₹1,000 for your order ${orderNumber} to the card, bank account or wallet you paid with`,
    );
    expect(mail!.message.attachments).toBeUndefined();
    expect(id).toBeTruthy();
  });

  it('refuses with exact texts: over what is left, nothing paid, a foreign return, no reference, staff, bad input', async () => {
    const { orderNumber } = await order();
    await refund(orderNumber, { amount: 2459.5, reason: 'Part', method: 'bank', reference: 'UTR1' });
    const over = await refund(orderNumber, { amount: 1240.51, reason: 'Too much', method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'Only ₹1,240.50 is left to refund',
      fields: { amount: 'Only ₹1,240.50 is left to refund' },
    });
    const exact = await refund(orderNumber, { amount: 1240.5, reason: 'The rest', method: 'cash' });
    expect(exact.statusCode).toBe(201);
    const none = await refund(orderNumber, { amount: 1, reason: 'Again', method: 'cash' });
    expect(none.json().error).toBe('Only ₹0.00 is left to refund');

    const unpaid = await order(false);
    const nothing = await refund(unpaid.orderNumber, { amount: 10, reason: 'x', method: 'cash' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe(NOTHING_PAID_MESSAGE);

    const { orderNumber: fresh } = await order();
    const foreign = await refund(fresh, {
      amount: 10,
      reason: 'x',
      method: 'cash',
      returnId: '5b0c2f0e-8c1a-4d53-9a55-3f3cbb3d4f10',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(RETURN_NOT_OF_ORDER);

    const noReference = await refund(fresh, { amount: 10, reason: 'x', method: 'upi' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().fields).toEqual({ reference: REFERENCE_REQUIRED });

    const byStaff = await refund(fresh, { amount: 10, reason: 'x', method: 'cash' }, { member: staff });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error).toBe('Only the shop owner can do this');

    const bad = await refund(fresh, { amount: 10.005, reason: ' ', method: 'cheque' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'method', 'reason']);

    const unknown = await refund('RS-ZZZZZZZZ', { amount: 10, reason: 'x', method: 'cash' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Order not found or access denied');
    const noRefund = await retry(fresh, '5b0c2f0e-8c1a-4d53-9a55-3f3cbb3d4f10');
    expect(noRefund.statusCode).toBe(404);
    expect(noRefund.json().error).toBe(REFUND_NOT_FOUND);
    expect((await panel(fresh)).refunds).toEqual([]);
  });

  it('a gateway refund of a UPI payment is refused with what to do instead', async () => {
    const { orderNumber } = await order(false);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/mark-paid`,
      headers: owner.headers,
      payload: { utr: '412345678901' },
    });
    expect(paid.statusCode).toBe(200);
    const response = await refund(orderNumber, { amount: 100, reason: 'x', method: 'gateway' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: UPI_HAS_NO_GATEWAY_REFUND,
      fields: { method: UPI_HAS_NO_GATEWAY_REFUND },
    });
    expect((await panel(orderNumber)).paidBy).toBe('upi');
    const byUpi = await refund(orderNumber, {
      amount: 100,
      reason: 'x',
      method: 'upi',
      reference: '512345678901',
    });
    expect(byUpi.json()).toMatchObject({ status: 'processed', reference: '512345678901', method: 'upi' });
  });

  it('is idempotent: the same key and body answer the same refund, another body is refused', async () => {
    const { orderNumber } = await order();
    const body = { amount: 500, reason: 'Pulled thread', method: 'cash' };
    const first = await refund(orderNumber, body, { key: 'refund-key-1' });
    const again = await refund(orderNumber, body, { key: 'refund-key-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await refund(orderNumber, { ...body, amount: 501 }, { key: 'refund-key-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      error: 'This Idempotency-Key was already used with a different request',
      fields: { 'idempotency-key': 'This Idempotency-Key was already used with a different request' },
    });
    expect((await panel(orderNumber)).refunded).toBe(500);
    // The same request twice at once: one refund, both answered with it.
    const twice = await Promise.all(
      [1, 2].map(() => refund(orderNumber, { ...body, amount: 700 }, { key: 'refund-key-2' })),
    );
    expect(twice.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(twice[0]!.json().id).toBe(twice[1]!.json().id);
    expect((await panel(orderNumber)).refunded).toBe(1200);
  });

  it('a refund the sandbox declines (.13) stays visible with its reason; retry asks again; processed ones are not retried', async () => {
    const { orderNumber } = await order();
    const declined = await refund(orderNumber, { amount: 100.13, reason: 'Test decline', method: 'gateway' });
    expect(declined.statusCode).toBe(201);
    expect(declined.json()).toMatchObject({ status: 'failed', failureReason: SANDBOX_REFUND_DECLINED });
    // A failed refund holds nothing.
    expect(await panel(orderNumber)).toMatchObject({ refunded: 0, left: 3700 });
    const again = await retry(orderNumber, declined.json().id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: declined.json().id, status: 'failed' });
    const ok = await refund(orderNumber, { amount: 100, reason: 'Goodwill', method: 'gateway' });
    const processed = await retry(orderNumber, ok.json().id);
    expect(processed.statusCode).toBe(409);
    expect(processed.json().error).toBe(ONLY_FAILED_GATEWAY_RETRY);
  });

  it("clears 'Refund due' once processed refunds settle what was paid", async () => {
    const { id, orderNumber } = await order();
    await transition(database.db, 1, id, ORDER_STATUS.cancelled, 'test: cancelled after payment');
    const due = async () =>
      (await database.db.select({ due: orders.refundDue }).from(orders).where(eq(orders.id, id)))[0]!.due;
    expect(await due()).toBe(true);
    await refund(orderNumber, { amount: 3000, reason: 'Cancelled', method: 'gateway' });
    expect(await due()).toBe(true);
    const rest = await refund(orderNumber, {
      amount: 700,
      reason: 'Cancelled',
      method: 'bank',
      reference: 'N123',
    });
    expect(rest.json().status).toBe('processed');
    expect(await due()).toBe(false);
    expect(await panel(orderNumber)).toMatchObject({ paid: 3700, refunded: 3700, left: 0, refundDue: false });
  });

  it('two refunds at once that together exceed what was paid: exactly one succeeds', async () => {
    const { orderNumber } = await order();
    const answers = await Promise.all(
      ['A', 'B'].map((key) =>
        refund(orderNumber, { amount: 2000, reason: `At once ${key}`, method: 'bank', reference: key }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error).toBe('Only ₹1,700.00 is left to refund');
    expect(await panel(orderNumber)).toMatchObject({ refunded: 2000, left: 1700 });

    const gateway = await order();
    const both = await Promise.all(
      ['C', 'D'].map((key) => refund(gateway.orderNumber, { amount: 3000, reason: key, method: 'gateway' })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await panel(gateway.orderNumber)).refunded).toBe(3000);
  });

  it('a shipped order refunded: the refund carries its credit note', async () => {
    const { id, orderNumber } = await order();
    await shipTestOrderThrough(database.db, 1, id, true);
    const response = await refund(orderNumber, { amount: 370, reason: 'Goodwill', method: 'gateway' });
    expect(response.json().creditNote?.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
  });
});
