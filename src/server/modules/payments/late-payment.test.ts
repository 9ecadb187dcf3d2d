import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatRupees } from '@shared/money';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { PaymentResponse } from '@shared/payments/payment-response';
import { productVariants } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';
import { AppError } from '../../errors';
import {
  insertTestOrder,
  insertTestShop,
  SHOP_STOCK,
  stockOf,
  type TestOrder,
  type TestShop,
} from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { transition } from '../orders/order-lifecycle';
import { expireUnpaidOrders } from '../orders/payment-window';
import { payuResponseHash } from './providers/payu-hash';
import { upiWebhookSignature } from './providers/upi-provider';
import { SANDBOX_PAYU_SALT } from './settings';
import { confirmUpiPayment } from './upi-confirmation';

const HOST = 'shop.test';
const WEBHOOK_SECRET = 'whsec-test-0123456789abcdef';
const MAIL_FROM = 'Resham <orders@resham.example>';
const DUE = new Date('2025-04-18T06:30:00.000Z');
const payer = { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736' };

describe.each(testDatabaseKinds)('payments after the payment window on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let headers: Record<string, string>;
  let userId: number;
  let email: string;
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
    app = await buildTestApp(database, { UPI_WEBHOOK_SECRET: WEBHOOK_SECRET, MAIL_FROM });
    ({ headers, email, userId } = await signUpCustomer(app, {
      headers: { host: HOST },
      remoteAddress: `203.0.113.${++address % 250}`,
    }));
  });

  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, ...(options.headers as Record<string, string>) } });

  /** An order of 2 sarees, the last 2 kurtas in L and 2.5 m of fabric, due at {@link DUE}. */
  const order = () =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      email,
      paymentDueAt: DUE,
      lines: [
        { productId: shop.saree, quantity: 2 },
        { productId: shop.kurta, variantId: shop.kurtaL, quantity: SHOP_STOCK.kurtaL },
        { productId: shop.fabric, quantity: 2.5 },
      ],
    });
  const expire = async () =>
    expect(
      (await expireUnpaidOrders(database.db, { now: new Date(DUE.getTime() + 1000) })).cancelled,
    ).toHaveLength(1);
  /** Someone else buys the last kurtas in L while the order is cancelled. */
  const sellLastKurtas = () =>
    database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, shop.kurtaL));

  const rowOf = async (placed: TestOrder) =>
    (
      await database.db
        .select({
          status: orders.status,
          cancellationCause: orders.cancellationCause,
          refundDue: orders.refundDue,
        })
        .from(orders)
        .where(eq(orders.id, placed.id))
    )[0]!;
  const lastEvent = async (placed: TestOrder) =>
    (
      await database.db
        .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, cause: orderEvents.cause })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, placed.id))
        .orderBy(asc(orderEvents.id))
    ).at(-1);
  const mails = async (recipient: string) =>
    database.db
      .select({ subject: outgoingMail.subject, message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, recipient))
      .orderBy(asc(outgoingMail.id));
  const subjects = async (recipient: string) => (await mails(recipient)).map((mail) => mail.subject);
  const paymentsOf = (placed: TestOrder) =>
    database.db
      .select({ status: payments.status, gatewayId: payments.gatewayId })
      .from(payments)
      .where(and(eq(payments.orderId, placed.id)));

  const webhook = (placed: TestOrder, utr: string) => {
    const raw = JSON.stringify({
      orderId: placed.orderNumber,
      utr,
      amount: placed.totalPaise / 100,
      status: 'success',
    });
    return call({
      method: 'POST',
      url: '/api/v1/payments/webhook/upi',
      headers: {
        'content-type': 'application/json',
        'x-signature': upiWebhookSignature(WEBHOOK_SECRET, raw),
      },
      payload: raw,
    });
  };

  const fresh = {
    saree: SHOP_STOCK.saree,
    kurtaM: SHOP_STOCK.kurtaM,
    kurtaL: SHOP_STOCK.kurtaL,
    fabric: SHOP_STOCK.fabric,
    dupatta: null,
  };
  const held = { ...fresh, saree: SHOP_STOCK.saree - 2, kurtaL: 0, fabric: 17.5 };

  it('brings an expired order back to Processing when the UPI payment arrives and the stock is still there', async () => {
    const placed = await order();
    await expire();
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    const response = await webhook(placed, '412345678901');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      orderId: placed.orderNumber,
      orderStatus: ORDER_STATUS.processing,
      replayed: false,
      paid: true,
    });
    expect(await rowOf(placed)).toEqual({
      status: ORDER_STATUS.processing,
      cancellationCause: null,
      refundDue: false,
    });
    expect(await stockOf(database.db, shop)).toEqual(held);
    expect(await lastEvent(placed)).toEqual({
      from: ORDER_STATUS.cancelled,
      to: ORDER_STATUS.processing,
      cause: 'reinstated: paid after the window (payment: UPI webhook UTR 412345678901)',
    });
    expect(await subjects(email)).toEqual([
      `Order ${placed.orderNumber} cancelled – Silk House`,
      `Payment received for order ${placed.orderNumber} – Silk House`,
    ]);
    // The shop is told to pack it (paid to the demo UPI ID: TEST).
    expect(await subjects('care@silk.example')).toEqual([
      `[TEST] Paid order ${placed.orderNumber} – ${formatRupees(placed.totalPaise / 100)}`,
    ]);

    const replay = await webhook(placed, '412345678901');
    expect(replay.json()).toMatchObject({
      replayed: true,
      paid: false,
      orderStatus: ORDER_STATUS.processing,
    });
    expect(await stockOf(database.db, shop)).toEqual(held);
    expect(await subjects(email)).toHaveLength(2);
  });

  it('keeps the money for a refund when the stock is gone: recorded, refund due, the shop and customer told', async () => {
    const placed = await order();
    await expire();
    await sellLastKurtas();
    const response = await webhook(placed, '512345678901');
    expect(response.json()).toEqual({
      success: true,
      orderId: placed.orderNumber,
      orderStatus: ORDER_STATUS.cancelled,
      replayed: false,
      paid: false,
    });
    expect(await paymentsOf(placed)).toEqual([{ status: 'succeeded', gatewayId: '512345678901' }]);
    expect(await rowOf(placed)).toEqual({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'payment not received in time',
      refundDue: true,
    });
    // All or nothing: the sarees and fabric that were still there were not taken.
    expect(await stockOf(database.db, shop)).toEqual({ ...fresh, kurtaL: 0 });
    expect(await lastEvent(placed)).toEqual({
      from: ORDER_STATUS.cancelled,
      to: ORDER_STATUS.cancelled,
      cause: 'paid after cancellation — refund due (payment: UPI webhook UTR 512345678901)',
    });
    const amount = `${formatRupees(placed.totalPaise / 100)}`;
    const [shopMail, ...moreShopMail] = await mails('care@silk.example');
    expect(moreShopMail).toEqual([]);
    expect(shopMail!.subject).toBe(
      `[TEST] Refund due: order ${placed.orderNumber} paid ${amount} after cancellation`,
    );
    expect(shopMail!.message.text).toContain(`Paid:      ${amount} via UPI, UTR 512345678901 — TEST`);
    expect(shopMail!.message.text).toContain(
      `Order ${placed.orderNumber} was cancelled (payment not received in time) and its items are no longer in stock, so it stays Cancelled.`,
    );
    expect(await subjects(email)).toEqual([
      `Order ${placed.orderNumber} cancelled – Silk House`,
      `Refund due for order ${placed.orderNumber} – Silk House`,
    ]);

    // The shopper sees it on the order.
    const shown = await call({ method: 'GET', url: `/api/v1/orders/${placed.orderNumber}`, headers });
    expect(shown.json()).toMatchObject({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'payment not received in time',
      refundDue: true,
    });
  });

  it('keeps the money of an order the customer cancelled for a refund, without reviving it', async () => {
    const placed = await order();
    const cancel = await call({
      method: 'POST',
      url: `/api/v1/orders/${placed.orderNumber}/cancel`,
      headers,
    });
    expect(cancel.statusCode).toBe(200);
    const response = await webhook(placed, '612345678901');
    expect(response.json()).toMatchObject({ orderStatus: ORDER_STATUS.cancelled, paid: false });
    expect(await rowOf(placed)).toEqual({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'cancelled by the customer',
      refundDue: true,
    });
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    expect((await mails('care@silk.example'))[0]!.message.text).toContain(
      `Order ${placed.orderNumber} was cancelled (cancelled by the customer) before this payment arrived, so it stays Cancelled.`,
    );
  });

  it('sends the shop its refund mail at MAIL_FROM when the store has no company e-mail', async () => {
    await database.db.update(stores).set({ companyEmail: null });
    const placed = await order();
    await expire();
    await sellLastKurtas();
    const result = await confirmUpiPayment(database.db, {
      storeId: shop.storeId,
      orderId: placed.orderNumber,
      utr: '712345678901',
      amountPaise: placed.totalPaise,
      source: 'webhook',
      testMode: false,
      mailFrom: MAIL_FROM,
    });
    expect(result).toMatchObject({ paid: false, settlement: 'refund-due' });
    expect(await subjects(MAIL_FROM)).toEqual([
      `Refund due: order ${placed.orderNumber} paid ${formatRupees(placed.totalPaise / 100)} after cancellation`,
    ]);
  });

  it("reinstates an expired order from the owner's mark-paid, and refuses it once the stock is gone", async () => {
    const placed = await order();
    await expire();
    const markPaid = (utr: string) =>
      confirmUpiPayment(database.db, {
        storeId: shop.storeId,
        orderId: placed.orderNumber,
        utr,
        amountPaise: placed.totalPaise,
        source: 'cli',
        testMode: false,
      });
    await sellLastKurtas();
    const refused = await markPaid('812345678901').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(
      `Order ${placed.orderNumber} was cancelled (payment not received in time) and its items are no longer in stock: refund this payment instead`,
    );
    expect(await paymentsOf(placed)).toEqual([]);
    expect(await rowOf(placed)).toMatchObject({ status: ORDER_STATUS.cancelled, refundDue: false });

    await database.db
      .update(productVariants)
      .set({ stock: SHOP_STOCK.kurtaL })
      .where(eq(productVariants.id, shop.kurtaL));
    expect(await markPaid('812345678901')).toMatchObject({
      paid: true,
      settlement: 'reinstated',
      orderStatus: ORDER_STATUS.processing,
    });
    expect(await stockOf(database.db, shop)).toEqual(held);
    // The owner entered it: no notice to the shop, the customer's 'Payment received' mail only.
    expect(await subjects('care@silk.example')).toEqual([]);
    expect((await subjects(email)).at(-1)).toBe(
      `Payment received for order ${placed.orderNumber} – Silk House`,
    );
  });

  it('refuses mark-paid for an order the shop cancelled, recording nothing', async () => {
    const placed = await order();
    await transition(database.db, shop.storeId, placed.id, ORDER_STATUS.cancelled, 'cli: cancel');
    const refused = await confirmUpiPayment(database.db, {
      storeId: shop.storeId,
      orderId: placed.orderNumber,
      utr: '912345678901',
      amountPaise: placed.totalPaise,
      source: 'cli',
      testMode: false,
    }).catch((error: unknown) => error);
    expect((refused as AppError).message).toBe(
      `Cannot move order ${placed.orderNumber} from Cancelled to Processing`,
    );
    expect(await paymentsOf(placed)).toEqual([]);
  });

  describe('the PayU callback', () => {
    /** Starts a sandbox gateway payment while the order is Pending; the sandbox's signed post-back. */
    const startGateway = async (placed: TestOrder) => {
      const response = await call({
        method: 'POST',
        url: '/api/v1/payments',
        headers,
        payload: { orderId: placed.orderNumber, fields: { ...payer, method: 'gateway' } },
      });
      expect(response.statusCode).toBe(200);
      const data = response.json<PaymentResponse>().action!.formParams!.data as Record<string, string>;
      const fields = {
        key: data.key!,
        txnid: data.txnid!,
        amount: data.amount!,
        productinfo: data.productinfo!,
        firstname: data.firstname!,
        email: data.email!,
        udf1: data.udf1 ?? '',
        status: 'success',
        mihpayid: '403993715000001',
      };
      return { ...fields, hash: payuResponseHash(fields, SANDBOX_PAYU_SALT) };
    };
    const callback = (fields: Record<string, string>) =>
      call({
        method: 'POST',
        url: '/api/v1/payments/payu/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('brings the order back and sends the browser to /order-success; a replay changes nothing', async () => {
      const placed = await order();
      const success = await startGateway(placed);
      await expire();
      const response = await callback(success);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/order-success?orderId=${placed.orderNumber}`);
      expect(await rowOf(placed)).toMatchObject({ status: ORDER_STATUS.processing, cancellationCause: null });
      expect((await lastEvent(placed))!.cause).toMatch(
        /^reinstated: paid after the window \(payment: PayU sandbox \(TEST\) txnid RS-/,
      );
      expect(await stockOf(database.db, shop)).toEqual(held);
      const replay = await callback(success);
      expect(replay.headers.location).toBe(`/order-success?orderId=${placed.orderNumber}`);
      expect(await stockOf(database.db, shop)).toEqual(held);
    });

    it('keeps the money for a refund when the stock is gone: back to the payment page', async () => {
      const placed = await order();
      const success = await startGateway(placed);
      await expire();
      await sellLastKurtas();
      const response = await callback(success);
      expect(response.headers.location).toBe(`/payment?orderId=${placed.orderNumber}&status=failed`);
      expect(await rowOf(placed)).toMatchObject({ status: ORDER_STATUS.cancelled, refundDue: true });
      expect(await paymentsOf(placed)).toMatchObject([{ status: 'succeeded' }]);
      expect((await subjects('care@silk.example'))[0]).toMatch(/^\[TEST\] Refund due: order RS-/);
      const replay = await callback(success);
      expect(replay.headers.location).toBe(`/payment?orderId=${placed.orderNumber}&status=failed`);
      expect(await subjects('care@silk.example')).toHaveLength(1);
    });
  });
});
