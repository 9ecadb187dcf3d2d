/**
 * The admin's customers screens through `app.inject()`: customers with order count and amount spent (paise of
 * paid orders), one customer with their orders, another store's customer 404.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { CUSTOMER_NOT_FOUND } from './customer-list';

describe.each(testDatabaseKinds)('admin customers on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;
  let customerId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    customerId = await insertTestCustomer(database.db, shop.storeId);
  });

  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: staff.headers });
  const order = (status: number) =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: customerId,
      status: status as 0,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });

  it('lists customers with order count and amount spent, and shows one with their orders', async () => {
    await order(ORDER_STATUS.processing);
    await order(ORDER_STATUS.cancelled);
    const list = await get('/customers?sort=spent');
    expect(list.statusCode).toBe(200);
    const buyer = list.json().customers.find((row: { id: number }) => row.id === customerId);
    expect(buyer).toMatchObject({ orders: 2, spentPaise: 249_900 });
    const detail = await get(`/customers/${customerId}`);
    expect(detail.json().orders).toHaveLength(2);
    expect((await get(`/customers?q=${encodeURIComponent(buyer.email)}`)).json().customers).toHaveLength(1);
  });

  it('lists shoppers only: not the owner or a staff member, even when they buy', async () => {
    const owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: owner.userId,
      status: ORDER_STATUS.processing,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const ids = (await get('/customers')).json().customers.map((row: { id: number }) => row.id);
    expect(ids).toEqual([customerId]);
    expect((await get(`/customers?q=${encodeURIComponent(owner.email)}`)).json().customers).toEqual([]);
    const detail = await get(`/customers/${owner.userId}`);
    expect([detail.statusCode, detail.json()]).toEqual([404, { error: CUSTOMER_NOT_FOUND }]);
  });

  it("answers 404 for another store's customer and 400 for a bad query", async () => {
    const other = await insertTestShop(database.db, { isDefault: false });
    const foreign = await insertTestCustomer(database.db, other.storeId);
    const response = await get(`/customers/${foreign}`);
    expect([response.statusCode, response.json()]).toEqual([404, { error: CUSTOMER_NOT_FOUND }]);
    const bad = await get('/customers?sort=age&limit=0');
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { sort: 'must be one of newest, spent, orders', limit: 'must be a whole number from 1 to 100' },
    ]);
  });
});
