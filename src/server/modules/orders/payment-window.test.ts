import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import {
  insertTestOrder,
  insertTestShop,
  SHOP_STOCK,
  stockOf,
  type TestShop,
} from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { transition } from './order-lifecycle';
import { expireUnpaidOrders, expiryEventCause } from './payment-window';

const DUE = new Date('2025-04-18T06:30:00.000Z');
const AFTER = new Date(DUE.getTime() + 1000);

describe.each(testDatabaseKinds)('the payment window on %s', (kind) => {
  let database: TestDatabase;
  let shop: TestShop;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    userId = await insertTestCustomer(database.db, shop.storeId);
  });

  /** A Pending order due at `dueAt` of 2 sarees, 1 kurta M (variant stock) and 2.5 m of fabric. */
  const unpaid = (dueAt: Date | null = DUE, storeId = shop.storeId, owner = userId) =>
    insertTestOrder(database.db, {
      storeId,
      userId: owner,
      paymentDueAt: dueAt,
      lines: [
        { productId: shop.saree, quantity: 2 },
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
        { productId: shop.fabric, quantity: 2.5 },
      ],
    });
  const stateOf = async (id: string) => {
    const [row] = await database.db
      .select({ status: orders.status, cancellationCause: orders.cancellationCause })
      .from(orders)
      .where(eq(orders.id, id));
    const events = await database.db
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
    return { ...row!, events };
  };
  const subjects = async () =>
    (
      await database.db
        .select({ subject: outgoingMail.subject })
        .from(outgoingMail)
        .orderBy(asc(outgoingMail.id))
    ).map((mail) => mail.subject);
  const fresh = {
    saree: SHOP_STOCK.saree,
    kurtaM: SHOP_STOCK.kurtaM,
    kurtaL: SHOP_STOCK.kurtaL,
    fabric: SHOP_STOCK.fabric,
    dupatta: null,
  };

  it("is paused while the shopper's 'I have paid' waits for the owner: the reported order is not cancelled", async () => {
    const reported = await unpaid();
    const silent = await unpaid();
    await database.db
      .update(orders)
      .set({ shopperPaidAt: new Date(DUE.getTime() - 60_000), shopperUtr: '412345678901' })
      .where(eq(orders.id, reported.id));
    const later = new Date(DUE.getTime() + 3 * 24 * 3600_000);
    expect(await expireUnpaidOrders(database.db, { now: later })).toEqual({
      cancelled: [silent.orderNumber],
      skipped: 0,
      failures: [],
    });
    expect((await stateOf(reported.id)).status).toBe(ORDER_STATUS.pending);
    // Once the report is gone (the owner rejected it) and the new window has passed, it expires.
    await database.db
      .update(orders)
      .set({ shopperPaidAt: null, shopperUtr: null })
      .where(eq(orders.id, reported.id));
    expect((await expireUnpaidOrders(database.db, { now: later })).cancelled).toEqual([reported.orderNumber]);
  });

  it('cancels an order not paid in time: the cause, the event, its stock back and the Cancelled mail', async () => {
    const order = await unpaid();
    expect(await stockOf(database.db, shop)).toEqual({
      ...fresh,
      saree: SHOP_STOCK.saree - 2,
      kurtaM: SHOP_STOCK.kurtaM - 1,
      fabric: 17.5,
    });
    expect(await expireUnpaidOrders(database.db, { now: AFTER })).toEqual({
      cancelled: [order.orderNumber],
      skipped: 0,
      failures: [],
    });
    expect(await stateOf(order.id)).toEqual({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'payment not received in time',
      events: [
        { from: null, to: ORDER_STATUS.pending, cause: 'created' },
        {
          from: ORDER_STATUS.pending,
          to: ORDER_STATUS.cancelled,
          cause: 'payment window: not paid by 2025-04-18T06:30:00.000Z',
        },
      ],
    });
    expect(expiryEventCause(DUE)).toBe('payment window: not paid by 2025-04-18T06:30:00.000Z');
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    expect(await subjects()).toEqual([`Order ${order.orderNumber} cancelled – Silk House`]);
    // A second pass finds nothing: each order is cancelled, and its stock returned, once.
    expect((await expireUnpaidOrders(database.db, { now: AFTER })).cancelled).toEqual([]);
    expect(await stockOf(database.db, shop)).toEqual(fresh);
  });

  it('leaves alone orders still in their window, already paid, or without a due time', async () => {
    const due = await unpaid(DUE);
    const exactlyNow = await unpaid(AFTER);
    const later = await unpaid(new Date(AFTER.getTime() + 1));
    const paid = await unpaid(DUE);
    await transition(database.db, shop.storeId, paid.id, ORDER_STATUS.processing, 'payment: test');
    const undated = await unpaid(null);
    const result = await expireUnpaidOrders(database.db, { now: AFTER });
    expect(result.cancelled.sort()).toEqual([due.orderNumber, exactlyNow.orderNumber].sort());
    expect((await stateOf(later.id)).status).toBe(ORDER_STATUS.pending);
    expect((await stateOf(paid.id)).status).toBe(ORDER_STATUS.processing);
    expect((await stateOf(undated.id)).status).toBe(ORDER_STATUS.pending);
    // Three orders still hold 2 sarees each.
    expect((await stockOf(database.db, shop)).saree).toBe(SHOP_STOCK.saree - 6);
  });

  it('cancels the expired orders of every store, in batches', async () => {
    const other = await insertTestShop(database.db, { isDefault: false, storeName: 'Second Shop' });
    const otherUser = await insertTestCustomer(database.db, other.storeId);
    const mine = [await unpaid(), await unpaid(), await unpaid()];
    const theirs = await insertTestOrder(database.db, {
      storeId: other.storeId,
      userId: otherUser,
      paymentDueAt: DUE,
      lines: [{ productId: other.saree, quantity: 4 }],
    });
    const result = await expireUnpaidOrders(database.db, { now: AFTER, batchSize: 2 });
    expect(result.cancelled.sort()).toEqual([...mine, theirs].map((order) => order.orderNumber).sort());
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    expect((await stockOf(database.db, other)).saree).toBe(SHOP_STOCK.saree);
    expect(await subjects()).toContain(`Order ${theirs.orderNumber} cancelled – Second Shop`);
  });

  it('cancels each order once when two passes run at the same time (two servers)', async () => {
    const expired = [];
    for (let index = 0; index < 4; index++) expired.push(await unpaid());
    const [first, second] = await Promise.all([
      expireUnpaidOrders(database.db, { now: AFTER, batchSize: 3 }),
      expireUnpaidOrders(database.db, { now: AFTER, batchSize: 3 }),
    ]);
    expect([...first.cancelled, ...second.cancelled].sort()).toEqual(
      expired.map((order) => order.orderNumber).sort(),
    );
    expect([...first.failures, ...second.failures]).toEqual([]);
    expect(await stockOf(database.db, shop)).toEqual(fresh);
    for (const order of expired) {
      const state = await stateOf(order.id);
      expect(state.events.filter((event) => event.to === ORDER_STATUS.cancelled)).toHaveLength(1);
    }
    expect(await subjects()).toHaveLength(4);
  });

  it('never both pays and expires an order: a payment racing the pass wins or is refused', async () => {
    const order = await unpaid();
    const [pass, payment] = await Promise.allSettled([
      expireUnpaidOrders(database.db, { now: AFTER }),
      transition(database.db, shop.storeId, order.id, ORDER_STATUS.processing, 'payment: race'),
    ]);
    const state = await stateOf(order.id);
    const stock = await stockOf(database.db, shop);
    if (state.status === ORDER_STATUS.processing) {
      expect(payment.status).toBe('fulfilled');
      expect(pass.status === 'fulfilled' && pass.value.cancelled).toEqual([]);
      expect(stock.saree).toBe(SHOP_STOCK.saree - 2);
    } else {
      expect(state.status).toBe(ORDER_STATUS.cancelled);
      expect(payment.status).toBe('rejected');
      expect(stock).toEqual(fresh);
    }
  });

  it('catches up when the app starts: an order that expired while the store was down is cancelled', async () => {
    const order = await unpaid(new Date(Date.now() - 60_000));
    const inWindow = await unpaid(new Date(Date.now() + 30 * 60_000));
    const app = await buildTestApp(database);
    try {
      await app.ready();
      await app.paymentWindow.idle();
      expect(await stateOf(order.id)).toMatchObject({
        status: ORDER_STATUS.cancelled,
        cancellationCause: 'payment not received in time',
      });
      expect((await stateOf(inWindow.id)).status).toBe(ORDER_STATUS.pending);
      expect((await stockOf(database.db, shop)).saree).toBe(SHOP_STOCK.saree - 2);
    } finally {
      await app.close();
    }
  });
});
