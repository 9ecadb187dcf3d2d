import type { FastifyInstance, InjectOptions } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
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
import { transition } from './order-lifecycle';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const NOT_FOUND = { error: 'Order not found or access denied' };

describe.each(testDatabaseKinds)('POST /orders/:orderId/cancel on %s', (kind) => {
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

  /** A signed-in customer of the shop (or of `host`'s store), with their user id. */
  const customer = (host = HOST) =>
    signUpCustomer(app, {
      headers: { host },
      remoteAddress: `198.51.100.${++address % 250}`,
    });
  /** A Pending order of 2 sarees, 1 kurta in M and 1.5 m of fabric. */
  const order = (owner: { userId: number; email: string }) =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: owner.userId,
      email: owner.email,
      lines: [
        { productId: shop.saree, quantity: 2 },
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
        { productId: shop.fabric, quantity: 1.5 },
      ],
    });
  const cancel = (orderNumber: string, headers: Record<string, string> = {}) =>
    call({ method: 'POST', url: `/api/v1/orders/${encodeURIComponent(orderNumber)}/cancel`, headers });
  const statusOf = async (placed: TestOrder) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id)))[0]!
      .status;
  const fresh = {
    saree: SHOP_STOCK.saree,
    kurtaM: SHOP_STOCK.kurtaM,
    kurtaL: SHOP_STOCK.kurtaL,
    fabric: SHOP_STOCK.fabric,
    dupatta: null,
  };
  const held = {
    ...fresh,
    saree: SHOP_STOCK.saree - 2,
    kurtaM: SHOP_STOCK.kurtaM - 1,
    fabric: SHOP_STOCK.fabric - 1.5,
  };

  it("cancels the customer's own Pending order: 200 the order, its stock back, the Cancelled mail", async () => {
    const asha = await customer();
    const placed = await order(asha);
    expect(await stockOf(database.db, shop)).toEqual(held);
    const response = await cancel(placed.orderNumber.toLowerCase(), asha.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Order>();
    expect(body).toMatchObject({
      id: placed.orderNumber,
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'cancelled by the customer',
      refundDue: false,
    });
    expect(
      body.items.map((item) => [item.productTitle, item.size, item.color, item.unit, item.quantity]),
    ).toEqual([
      ['Katan Silk Saree', null, null, 'piece', 2],
      ['Cotton Kurta', 'M', 'White', 'piece', 1],
      ['Banarasi Silk Fabric', null, null, 'm', 1.5],
    ]);
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    const events = await database.db
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.id))
      .orderBy(asc(orderEvents.id));
    expect(events.at(-1)).toEqual({
      from: ORDER_STATUS.pending,
      to: ORDER_STATUS.cancelled,
      cause: 'customer: cancel',
    });
    const mails = await database.db
      .select({ subject: outgoingMail.subject, message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, asha.email));
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${placed.orderNumber} cancelled – Silk House`]);
    expect(mails[0]!.message.text).toContain(
      `Your order ${placed.orderNumber} has been cancelled: cancelled by the customer.`,
    );
    expect(mails[0]!.message.text).toContain('- Banarasi Silk Fabric: 1.5 m × ₹450 = ₹675');

    // The list shows it too.
    const listed = await call({ method: 'GET', url: '/api/v1/orders', headers: asha.headers });
    expect(listed.json<Order[]>()[0]).toMatchObject({
      status: 4,
      cancellationCause: 'cancelled by the customer',
    });
  });

  it("answers 404 for someone else's order, an unknown or malformed number, or another store's", async () => {
    const asha = await customer();
    const placed = await order(asha);
    const ravi = await customer();
    const elsewhere = await customer(OTHER_HOST);
    for (const [orderNumber, headers] of [
      [placed.orderNumber, ravi.headers],
      ['RS-00000000', asha.headers],
      ['hello', asha.headers],
      [placed.orderNumber, elsewhere.headers],
    ] as const) {
      const response = await cancel(orderNumber, headers);
      expect(response.statusCode, orderNumber).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await statusOf(placed)).toBe(ORDER_STATUS.pending);
    expect(await stockOf(database.db, shop)).toEqual(held);
  });

  it('needs a session', async () => {
    const asha = await customer();
    const placed = await order(asha);
    const response = await cancel(placed.orderNumber);
    expect(response.statusCode).toBe(401);
    expect(await statusOf(placed)).toBe(ORDER_STATUS.pending);
  });

  it('answers 409 with the reason once the order is no longer Pending, changing nothing', async () => {
    const asha = await customer();
    const paid = await order(asha);
    await transition(database.db, shop.storeId, paid.id, ORDER_STATUS.processing, 'payment: test');
    const response = await cancel(paid.orderNumber, asha.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: `Cannot move order ${paid.orderNumber} from Processing to Cancelled`,
    });
    expect(await statusOf(paid)).toBe(ORDER_STATUS.processing);

    const gone = await order(asha);
    expect((await cancel(gone.orderNumber, asha.headers)).statusCode).toBe(200);
    const again = await cancel(gone.orderNumber, asha.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `Cannot move order ${gone.orderNumber} from Cancelled to Cancelled`,
    });
    // Only the unpaid one's stock came back, once.
    expect(await stockOf(database.db, shop)).toEqual(held);
  });

  it('cancels once when the shopper taps twice at the same time', async () => {
    const asha = await customer();
    const placed = await order(asha);
    const responses = await Promise.all([
      cancel(placed.orderNumber, asha.headers),
      cancel(placed.orderNumber, asha.headers),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(database.db, shop)).toEqual(fresh);
  });
});
