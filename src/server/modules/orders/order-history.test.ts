import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { payments } from '../../db/schema/payment-tables';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { transition } from './order-lifecycle';

const HOST = 'shop.test';
const { pending, processing, shipped, cancelled } = ORDER_STATUS;

describe.each(testDatabaseKinds)("an order's status history in the shopper's answers on %s", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;

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
    app = await buildTestApp(database);
  });

  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: HOST, ...(options.headers as Record<string, string>) } });

  const customer = () =>
    signUpCustomer(app, {
      headers: { host: HOST },
      remoteAddress: '198.51.100.7',
    });

  const historyOf = (order: Order) => (order.history ?? []).map((entry) => entry.status);

  it('lists placed, paid and shipped with their times, oldest first, in the order, the list and tracking', async () => {
    const owner = await customer();
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: owner.userId,
      email: owner.email,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    await database.db.insert(payments).values({
      storeId: shop.storeId,
      orderId: order.id,
      provider: 'upi',
      method: 'upi',
      gatewayId: '412345678901',
      amountPaise: order.totalPaise,
      status: 'succeeded',
    });
    await transition(database.db, shop.storeId, order.id, processing, 'payment: test');
    await transition(database.db, shop.storeId, order.id, shipped, 'admin: ship', {
      trackingNumber: 'EE123456789IN',
    });

    const one = await call({
      method: 'GET',
      url: `/api/v1/orders/${order.orderNumber}`,
      headers: owner.headers,
    });
    expect(one.statusCode).toBe(200);
    const read = one.json<Order>();
    expect(historyOf(read)).toEqual([pending, processing, shipped]);
    const times = read.history!.map((entry) => Date.parse(entry.at));
    for (const time of times) expect(Number.isNaN(time)).toBe(false);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The owner's causes ('admin: ship') and the payment's reference are not part of the shopper's answer.
    expect(JSON.stringify(read.history)).not.toContain('admin');
    expect(read.paidBy).toBe('upi');
    expect(JSON.stringify(read)).not.toContain('412345678901');

    const list = await call({ method: 'GET', url: '/api/v1/orders', headers: owner.headers });
    expect(historyOf(list.json<Order[]>()[0]!)).toEqual([pending, processing, shipped]);

    const tracked = await call({
      method: 'GET',
      url: `/api/v1/orders/${order.orderNumber}?contactInfo=${encodeURIComponent(owner.email)}`,
    });
    expect(tracked.statusCode).toBe(200);
    expect(historyOf(tracked.json<Order>())).toEqual([pending, processing, shipped]);
  });

  it('ends with Cancelled for a cancelled order', async () => {
    const owner = await customer();
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: owner.userId,
      email: owner.email,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const cancel = await call({
      method: 'POST',
      url: `/api/v1/orders/${order.orderNumber}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(historyOf(cancel.json<Order>())).toEqual([pending, cancelled]);
    expect(cancel.json<Order>().paidBy).toBeNull();
  });
});
