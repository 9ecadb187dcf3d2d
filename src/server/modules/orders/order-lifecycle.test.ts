import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { AppError } from '../../errors';
import {
  insertUpiPayment,
  insertTestOrder,
  insertTestShop,
  SHOP_STOCK,
  stockOf,
  type TestShop,
} from '../../test/order-fixture';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { canTransition, ORDER_TRANSITIONS, transition } from './order-lifecycle';

const { pending, processing, shipped, delivered, cancelled } = ORDER_STATUS;
const ALL: OrderStatusCode[] = [pending, processing, shipped, delivered, cancelled];

describe('order transitions (docs/product.md §3 codes)', () => {
  it('allows exactly the documented edges', () => {
    const legal = ALL.flatMap((from) =>
      ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(legal).toEqual(['0→1', '0→4', '1→2', '1→4', '2→3', '2→4']);
    expect(ORDER_TRANSITIONS[delivered]).toEqual([]);
    expect(canTransition(7, 1)).toBe(false);
  });
});

describe.each(testDatabaseKinds)('order lifecycle on %s', (kind) => {
  let database: TestDatabase;
  let shop: TestShop;
  let userId: number;
  let otherStoreId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    otherStoreId = (await insertTestShop(database.db, { isDefault: false, storeName: 'Second Shop' }))
      .storeId;
    userId = await insertTestCustomer(database.db, shop.storeId);
  });

  /** A new pending order of 3 tracked sarees, 1 kurta in size M (variant stock) and 2 untracked dupattas. */
  const newOrder = () =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [
        { productId: shop.saree, quantity: 3 },
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
        { productId: shop.dupatta, quantity: 2 },
      ],
    });
  const stateOf = async (id: string) => {
    const [row] = await database.db
      .select({
        status: orders.status,
        trackingNumber: orders.trackingNumber,
        cancellationCause: orders.cancellationCause,
        refundDue: orders.refundDue,
      })
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
  const mailsTo = async (recipient: string) =>
    (
      await database.db
        .select({ subject: outgoingMail.subject, message: outgoingMail.message })
        .from(outgoingMail)
        .where(eq(outgoingMail.recipient, recipient))
        .orderBy(asc(outgoingMail.id))
    ).map((mail) => mail.subject);
  const stock = () => stockOf(database.db, shop);
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
    expect(await transition(database.db, shop.storeId, order.id, processing, 'payment: test')).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      from: pending,
      to: processing,
      restockedUnits: 0,
    });
    await transition(database.db, shop.storeId, order.id, shipped, 'cli: ship', {
      trackingNumber: '  EE123456789IN ',
    });
    await transition(database.db, shop.storeId, order.id, delivered, 'cli: deliver');
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

  it("writes the customer's mail of each move in its transaction: paid, shipped, none for delivered", async () => {
    const order = await newOrder();
    await transition(database.db, shop.storeId, order.id, processing, 'payment: test');
    await transition(database.db, shop.storeId, order.id, shipped, 'cli: ship', {
      trackingNumber: 'EE123456789IN',
    });
    await transition(database.db, shop.storeId, order.id, delivered, 'cli: deliver');
    expect(await mailsTo('asha@example.com')).toEqual([
      `Payment received for order ${order.orderNumber} – Silk House`,
      `Order ${order.orderNumber} shipped – Silk House`,
    ]);
    const [shippedMail] = await database.db
      .select({ message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `Order ${order.orderNumber} shipped – Silk House`));
    expect(shippedMail!.message.text).toContain('Tracking number: EE123456789IN');
    expect(shippedMail!.message.text).toContain(
      '- Cotton Kurta (Size: M, Colour: White): 1 × ₹999.50 = ₹999.50',
    );
    // A refused move writes no mail.
    await refusal(transition(database.db, shop.storeId, order.id, cancelled, 'cli: cancel'));
    expect(await mailsTo('asha@example.com')).toHaveLength(2);
  });

  it('refuses every illegal move with the reason, changing nothing', async () => {
    const order = await newOrder();
    await transition(database.db, shop.storeId, order.id, processing, 'payment: test');
    await transition(database.db, shop.storeId, order.id, shipped, 'cli: ship', { trackingNumber: 'T1' });
    await transition(database.db, shop.storeId, order.id, delivered, 'cli: deliver');
    const before = await stateOf(order.id);
    for (const to of ALL) {
      expect(await refusal(transition(database.db, shop.storeId, order.id, to, 'cli: oops'))).toMatchObject({
        code: 'conflict',
      });
    }
    expect((await refusal(transition(database.db, shop.storeId, order.id, processing, 'x'))).message).toBe(
      `Cannot move order ${order.orderNumber} from Delivered to Processing`,
    );
    expect(await stateOf(order.id)).toEqual(before);

    const fresh = await newOrder();
    expect(
      (await refusal(transition(database.db, shop.storeId, fresh.id, shipped, 'x', { trackingNumber: 'T' })))
        .message,
    ).toBe(`Cannot move order ${fresh.orderNumber} from Pending to Shipped`);
    expect((await refusal(transition(database.db, shop.storeId, fresh.id, pending, 'x'))).message).toBe(
      `Cannot move order ${fresh.orderNumber} from Pending to Pending`,
    );
  });

  it('moves only from `onlyFrom` when it is given', async () => {
    const order = await newOrder();
    await transition(database.db, shop.storeId, order.id, processing, 'payment: test');
    expect(
      await refusal(
        transition(database.db, shop.storeId, order.id, cancelled, 'customer: cancel', { onlyFrom: pending }),
      ),
    ).toEqual({
      code: 'conflict',
      message: `Cannot move order ${order.orderNumber} from Processing to Cancelled`,
      fields: undefined,
    });
    expect((await stateOf(order.id)).status).toBe(processing);
  });

  it('needs a tracking number to ship', async () => {
    const order = await newOrder();
    await transition(database.db, shop.storeId, order.id, processing, 'payment: test');
    expect(await refusal(transition(database.db, shop.storeId, order.id, shipped, 'cli: ship'))).toEqual({
      code: 'bad_request',
      message: `A tracking number is needed to ship order ${order.orderNumber}`,
      fields: { trackingNumber: 'is required' },
    });
    expect(
      await refusal(
        transition(database.db, shop.storeId, order.id, shipped, 'cli: ship', {
          trackingNumber: 'x'.repeat(101),
        }),
      ),
    ).toMatchObject({ code: 'bad_request' });
    expect((await stateOf(order.id)).status).toBe(processing);
  });

  it('returns stock per variant and product on cancel, from Pending and from Processing, never twice', async () => {
    const first = await newOrder();
    expect(await stock()).toMatchObject({ saree: SHOP_STOCK.saree - 3, kurtaM: SHOP_STOCK.kurtaM - 1 });
    const result = await transition(database.db, shop.storeId, first.id, cancelled, 'cli: cancel');
    expect(result.restockedUnits).toBe(4);
    expect(await stock()).toEqual({
      saree: SHOP_STOCK.saree,
      kurtaM: SHOP_STOCK.kurtaM,
      kurtaL: SHOP_STOCK.kurtaL,
      fabric: SHOP_STOCK.fabric,
      dupatta: null,
    });
    expect(await stateOf(first.id)).toMatchObject({
      cancellationCause: 'cancelled by the shop',
      refundDue: false,
    });
    expect(
      await refusal(transition(database.db, shop.storeId, first.id, cancelled, 'cli: cancel')),
    ).toMatchObject({
      code: 'conflict',
      message: `Cannot move order ${first.orderNumber} from Cancelled to Cancelled`,
    });
    expect(await stock()).toMatchObject({ saree: SHOP_STOCK.saree, kurtaM: SHOP_STOCK.kurtaM });

    const second = await newOrder();
    await transition(database.db, shop.storeId, second.id, processing, 'payment: test');
    await transition(database.db, shop.storeId, second.id, cancelled, 'cli: cancel', {
      cancellationCause: 'out of stock at the weaver',
    });
    expect(await stock()).toMatchObject({ saree: SHOP_STOCK.saree, kurtaM: SHOP_STOCK.kurtaM });
    const state = await stateOf(second.id);
    expect(state.cancellationCause).toBe('out of stock at the weaver');
    expect(state.events.at(-1)).toMatchObject({ from: processing, to: cancelled, cause: 'cli: cancel' });
  });

  it('returns fractional metres of fabric', async () => {
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [{ productId: shop.fabric, quantity: 2.5 }],
    });
    expect((await stock()).fabric).toBe(17.5);
    expect(
      (await transition(database.db, shop.storeId, order.id, cancelled, 'cli: cancel')).restockedUnits,
    ).toBe(2.5);
    expect((await stock()).fabric).toBe(SHOP_STOCK.fabric);
  });

  it('marks the refund due when a paid order is cancelled, and says so in the Cancelled mail', async () => {
    const order = await newOrder();
    await insertUpiPayment(database.db, shop.storeId, order);
    await transition(database.db, shop.storeId, order.id, processing, 'cli: mark-paid UTR 412345678901');
    await transition(database.db, shop.storeId, order.id, cancelled, 'cli: cancel');
    expect(await stateOf(order.id)).toMatchObject({ status: cancelled, refundDue: true });
    const [mail] = await database.db
      .select({ message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `Order ${order.orderNumber} cancelled – Silk House`));
    expect(mail!.message.text).toContain(
      'Your order ' + order.orderNumber + ' has been cancelled: cancelled by the shop.',
    );
    expect(mail!.message.text).toContain(
      'You paid ₹9,196.50 for this order: the shop will refund it to you the way you paid.',
    );
  });

  it('does not restock a product or variant that stopped tracking stock', async () => {
    const order = await newOrder();
    await database.db.update(products).set({ stock: null }).where(eq(products.id, shop.saree));
    await database.db.update(productVariants).set({ stock: null }).where(eq(productVariants.id, shop.kurtaM));
    expect(
      (await transition(database.db, shop.storeId, order.id, cancelled, 'cli: cancel')).restockedUnits,
    ).toBe(0);
    expect(await stock()).toMatchObject({ saree: null, kurtaM: null });
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
      transition(database.db, shop.storeId, order.id, processing, 'payment: first'),
      transition(database.db, shop.storeId, order.id, processing, 'payment: second'),
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
    expect(await mailsTo('asha@example.com')).toHaveLength(1);
  });

  it('serialises a concurrent payment and cancellation: both apply in some order, stock stays right', async () => {
    const order = await newOrder();
    const results = await Promise.allSettled([
      transition(database.db, shop.storeId, order.id, processing, 'payment: race'),
      transition(database.db, shop.storeId, order.id, cancelled, 'cli: race'),
    ]);
    const state = await stateOf(order.id);
    // Either pay-then-cancel (both succeed) or cancel-then-refused-payment.
    expect(state.status).toBe(cancelled);
    expect(state.events.length).toBe(1 + results.filter((result) => result.status === 'fulfilled').length);
    expect(await stock()).toMatchObject({ saree: SHOP_STOCK.saree, kurtaM: SHOP_STOCK.kurtaM });
  });

  it('returns the stock of two orders cancelled at once, both of the same products, exactly', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    await Promise.all([
      transition(database.db, shop.storeId, a.id, cancelled, 'cli: cancel'),
      transition(database.db, shop.storeId, b.id, cancelled, 'cli: cancel'),
    ]);
    expect(await stock()).toMatchObject({ saree: SHOP_STOCK.saree, kurtaM: SHOP_STOCK.kurtaM });
    expect(
      await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, shop.storeId), eq(orders.status, cancelled))),
    ).toHaveLength(2);
  });
});
