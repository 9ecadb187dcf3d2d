import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { orderLines } from '../../db/schema/order-tables';
import {
  insertTestOrder,
  insertTestShop,
  SHOP_STOCK,
  stockOf,
  type TestShop,
} from '../../test/order-fixture';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { reserveOrderStockAgain, returnOrderStock } from './order-stock-return';

describe.each(testDatabaseKinds)('order stock on %s', (kind) => {
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

  /** A cancelled order whose stock already went back: 3 sarees, 1 kurta M, 2.5 m fabric, 2 dupattas. */
  const cancelledOrder = () =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: ORDER_STATUS.cancelled,
      reserve: false,
      lines: [
        { productId: shop.saree, quantity: 3 },
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
        { productId: shop.fabric, quantity: 2.5 },
        { productId: shop.dupatta, quantity: 2 },
      ],
    });
  const reserve = (orderId: string, storeId = shop.storeId) =>
    database.db.transaction((tx) => reserveOrderStockAgain(tx, storeId, orderId));
  const stock = () => stockOf(database.db, shop);
  const fresh = {
    saree: SHOP_STOCK.saree,
    kurtaM: SHOP_STOCK.kurtaM,
    kurtaL: SHOP_STOCK.kurtaL,
    fabric: SHOP_STOCK.fabric,
    dupatta: null,
  };

  it('returns each line to its variant or product, summing lines of the same one', async () => {
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [
        { productId: shop.saree, quantity: 1 },
        { productId: shop.saree, quantity: 2 },
        { productId: shop.kurta, variantId: shop.kurtaL, quantity: 2 },
        { productId: shop.fabric, quantity: 1.5 },
      ],
    });
    expect(await stock()).toEqual({ ...fresh, saree: SHOP_STOCK.saree - 3, kurtaL: 0, fabric: 18.5 });
    expect(await database.db.transaction((tx) => returnOrderStock(tx, shop.storeId, order.id))).toBe(6.5);
    expect(await stock()).toEqual(fresh);
  });

  it("returns nothing for another store's id", async () => {
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const other = await insertTestShop(database.db, { isDefault: false });
    expect(await database.db.transaction((tx) => returnOrderStock(tx, other.storeId, order.id))).toBe(0);
    expect((await stock()).saree).toBe(SHOP_STOCK.saree - 1);
  });

  it('takes every tracked line again, metres included', async () => {
    const order = await cancelledOrder();
    expect(await reserve(order.id)).toBe(true);
    expect(await stock()).toEqual({
      ...fresh,
      saree: SHOP_STOCK.saree - 3,
      kurtaM: SHOP_STOCK.kurtaM - 1,
      fabric: 17.5,
    });
  });

  it('takes nothing when one line is short: all or nothing', async () => {
    const order = await cancelledOrder();
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, shop.kurtaM));
    expect(await reserve(order.id)).toBe(false);
    expect(await stock()).toEqual({ ...fresh, kurtaM: 0 });

    await database.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, shop.kurtaM));
    await database.db.update(products).set({ stock: 2.4 }).where(eq(products.id, shop.fabric));
    expect(await reserve(order.id)).toBe(false);
    expect(await stock()).toEqual({ ...fresh, kurtaM: 1, fabric: 2.4 });
  });

  it('takes nothing when a line lost its product, and needs nothing for untracked stock', async () => {
    const order = await cancelledOrder();
    await database.db.update(products).set({ stock: null }).where(eq(products.id, shop.saree));
    expect(await reserve(order.id)).toBe(true);
    expect(await stock()).toEqual({ ...fresh, saree: null, kurtaM: SHOP_STOCK.kurtaM - 1, fabric: 17.5 });

    const orphan = await cancelledOrder();
    await database.db.update(orderLines).set({ productId: null }).where(eq(orderLines.orderId, orphan.id));
    expect(await reserve(orphan.id)).toBe(false);
    expect(await stock()).toEqual({ ...fresh, saree: null, kurtaM: SHOP_STOCK.kurtaM - 1, fabric: 17.5 });
  });

  it('gives the last units to only one of two orders reserving at once: never oversold', async () => {
    const lastTwo = () =>
      insertTestOrder(database.db, {
        storeId: shop.storeId,
        userId,
        status: ORDER_STATUS.cancelled,
        reserve: false,
        lines: [{ productId: shop.kurta, variantId: shop.kurtaL, quantity: SHOP_STOCK.kurtaL }],
      });
    const [a, b] = [await lastTwo(), await lastTwo()];
    const results = await Promise.all([reserve(a.id), reserve(b.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await stock()).kurtaL).toBe(0);
  });
});
