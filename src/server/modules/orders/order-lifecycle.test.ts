import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { products } from '../../db/schema/catalog-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { AppError } from '../../errors';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema } from '../catalog/import-schema';
import { importCatalog } from '../catalog/import-service';
import { canTransition, ORDER_TRANSITIONS, transition } from './order-lifecycle';
import { createOrder } from './create-order';
import { insertTestCustomer } from '../../test/test-customer';

const { pending, processing, shipped, delivered, cancelled } = ORDER_STATUS;
const ALL: OrderStatusCode[] = [pending, processing, shipped, delivered, cancelled];

describe('order transitions (spec §3 codes)', () => {
  it('allows exactly the documented edges', () => {
    const legal = ALL.flatMap((from) =>
      ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(legal).toEqual(['0→1', '0→4', '1→2', '1→4', '2→3']);
    expect(ORDER_TRANSITIONS[delivered]).toEqual([]);
    expect(canTransition(7, 1)).toBe(false);
  });
});

describe.each(testDatabaseKinds)('order lifecycle on %s', (kind) => {
  let database: TestDatabase;
  let userId: number;
  let otherStoreId: number;
  const sku: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    const second = fixtureCatalog();
    second.store = { storeName: 'Second Shop', hosts: ['second.example'] };
    second.products = second.products.slice(0, 1);
    await importCatalog(database.db, catalogImportFileSchema.parse(second), { host: 'second.example' });
    for (const row of await database.db
      .select({ id: products.id, sku: products.sku, storeId: products.storeId })
      .from(products)) {
      if (row.storeId === 1) sku[row.sku] = row.id;
      else otherStoreId = row.storeId;
    }
    userId = await insertTestCustomer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.db.update(products).set({ stock: 40 }).where(eq(products.id, sku['FAB-SLK']!));
  });

  /** A new pending order of 3 tracked silk and 2 untracked cotton; returns its uuid. */
  const newOrder = async () => {
    const created = await createOrder(database.db, {
      storeId: 1,
      userId,
      email: 'asha@example.com',
      body: {
        products: { [sku['FAB-SLK']!]: 3, [sku['FAB-COT']!]: 2 },
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
    const [row] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, created.orderNumber));
    return { id: row!.id, orderNumber: created.orderNumber };
  };
  const stateOf = async (id: string) => {
    const [row] = await database.db
      .select({ status: orders.status, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, id));
    const events = await database.db
      .select({
        from: orderEvents.fromStatus,
        to: orderEvents.toStatus,
        cause: orderEvents.cause,
        at: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
    return { ...row!, events };
  };
  const stock = async (code: string) =>
    (
      await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, sku[code]!))
    )[0]!.stock;
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return {
        code: (error as AppError).code,
        message: (error as AppError).message,
        fields: (error as AppError).fields,
      };
    }
    throw new Error('expected a refusal');
  };

  it('walks Pending → Processing → Shipped → Delivered, recording each move with its time and cause', async () => {
    const order = await newOrder();
    expect(await transition(database.db, 1, order.id, processing, 'payment: test')).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      from: pending,
      to: processing,
      restockedUnits: 0,
    });
    await transition(database.db, 1, order.id, shipped, 'cli: ship', { trackingNumber: '  EE123456789IN ' });
    await transition(database.db, 1, order.id, delivered, 'cli: deliver');
    const state = await stateOf(order.id);
    expect(state.status).toBe(delivered);
    expect(state.trackingNumber).toBe('EE123456789IN');
    expect(state.events.map(({ from, to, cause }) => [from, to, cause])).toEqual([
      [null, pending, 'created'],
      [pending, processing, 'payment: test'],
      [processing, shipped, 'cli: ship'],
      [shipped, delivered, 'cli: deliver'],
    ]);
    for (const event of state.events) expect(event.at).toBeInstanceOf(Date);
  });

  it('refuses every illegal move with the reason, changing nothing', async () => {
    const order = await newOrder();
    await transition(database.db, 1, order.id, processing, 'payment: test');
    await transition(database.db, 1, order.id, shipped, 'cli: ship', { trackingNumber: 'T1' });
    await transition(database.db, 1, order.id, delivered, 'cli: deliver');
    const before = await stateOf(order.id);
    for (const to of ALL) {
      expect(await refusal(transition(database.db, 1, order.id, to, 'cli: oops'))).toMatchObject({
        code: 'conflict',
      });
    }
    expect((await refusal(transition(database.db, 1, order.id, processing, 'x'))).message).toBe(
      `Cannot move order ${order.orderNumber} from Delivered to Processing`,
    );
    expect(await stateOf(order.id)).toEqual(before);

    const fresh = await newOrder();
    expect(
      (await refusal(transition(database.db, 1, fresh.id, shipped, 'x', { trackingNumber: 'T' }))).message,
    ).toBe(`Cannot move order ${fresh.orderNumber} from Pending to Shipped`);
    expect((await refusal(transition(database.db, 1, fresh.id, pending, 'x'))).message).toBe(
      `Cannot move order ${fresh.orderNumber} from Pending to Pending`,
    );
  });

  it('needs a tracking number to ship', async () => {
    const order = await newOrder();
    await transition(database.db, 1, order.id, processing, 'payment: test');
    expect(await refusal(transition(database.db, 1, order.id, shipped, 'cli: ship'))).toEqual({
      code: 'bad_request',
      message: `A tracking number is needed to ship order ${order.orderNumber}`,
      fields: { trackingNumber: 'is required' },
    });
    expect(
      await refusal(
        transition(database.db, 1, order.id, shipped, 'cli: ship', { trackingNumber: 'x'.repeat(101) }),
      ),
    ).toMatchObject({ code: 'bad_request' });
    expect((await stateOf(order.id)).status).toBe(processing);
  });

  it('restocks tracked products on cancel, from Pending and from Processing, never twice', async () => {
    const first = await newOrder();
    expect(await stock('FAB-SLK')).toBe(37);
    expect(await stock('FAB-COT')).toBeNull();
    const result = await transition(database.db, 1, first.id, cancelled, 'cli: cancel');
    expect(result.restockedUnits).toBe(3);
    expect(await stock('FAB-SLK')).toBe(40);
    expect(await stock('FAB-COT')).toBeNull();
    expect(await refusal(transition(database.db, 1, first.id, cancelled, 'cli: cancel'))).toMatchObject({
      code: 'conflict',
      message: `Cannot move order ${first.orderNumber} from Cancelled to Cancelled`,
    });
    expect(await stock('FAB-SLK')).toBe(40);

    const second = await newOrder();
    await transition(database.db, 1, second.id, processing, 'payment: test');
    await transition(database.db, 1, second.id, cancelled, 'cli: cancel');
    expect(await stock('FAB-SLK')).toBe(40);
    expect((await stateOf(second.id)).events.at(-1)).toMatchObject({
      from: processing,
      to: cancelled,
      cause: 'cli: cancel',
    });
  });

  it('does not restock a product that stopped tracking stock', async () => {
    const order = await newOrder();
    await database.db.update(products).set({ stock: null }).where(eq(products.id, sku['FAB-SLK']!));
    expect((await transition(database.db, 1, order.id, cancelled, 'cli: cancel')).restockedUnits).toBe(0);
    expect(await stock('FAB-SLK')).toBeNull();
  });

  it("cannot move another store's order", async () => {
    const order = await newOrder();
    expect(await refusal(transition(database.db, otherStoreId, order.id, processing, 'x'))).toMatchObject({
      code: 'not_found',
    });
    expect((await stateOf(order.id)).status).toBe(pending);
  });

  it('lets only one of two concurrent payments of the same order win', async () => {
    const order = await newOrder();
    const results = await Promise.allSettled([
      transition(database.db, 1, order.id, processing, 'payment: first'),
      transition(database.db, 1, order.id, processing, 'payment: second'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect((rejected.reason as AppError).message).toBe(
      `Cannot move order ${order.orderNumber} from Processing to Processing`,
    );
    const state = await stateOf(order.id);
    expect(state.status).toBe(processing);
    expect(state.events).toHaveLength(2);
  });

  it('serialises a concurrent payment and cancellation: both apply in some order, stock stays right', async () => {
    const order = await newOrder();
    const results = await Promise.allSettled([
      transition(database.db, 1, order.id, processing, 'payment: race'),
      transition(database.db, 1, order.id, cancelled, 'cli: race'),
    ]);
    const state = await stateOf(order.id);
    // Either pay-then-cancel (both succeed) or cancel-then-refused-payment.
    expect(state.status).toBe(cancelled);
    expect(state.events.length).toBe(1 + results.filter((result) => result.status === 'fulfilled').length);
    expect(await stock('FAB-SLK')).toBe(40);
  });
});
