import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema } from '../catalog/import-schema';
import { importCatalog } from '../catalog/import-service';
import { createOrder } from './create-order';
import { insertTestCustomer } from '../../test/test-customer';

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

describe.each(testDatabaseKinds)('createOrder on %s', (kind) => {
  let database: TestDatabase;
  let userId: number;
  let silkId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    userId = await insertTestCustomer(database.db);
    const [silk] = await database.db.select().from(products).where(eq(products.sku, 'FAB-SLK'));
    silkId = silk!.id;
  });

  afterAll(async () => {
    await database?.close();
  });

  it('draws another order number when the first is taken, rolling the first attempt back', async () => {
    const first = await createOrder(database.db, {
      storeId: 1,
      userId,
      email: 'asha@example.com',
      body: { products: { [silkId]: 1 }, shippingAddress: address },
      newOrderNumber: () => 'RS-AAAAAAAA',
    });
    expect(first.orderNumber).toBe('RS-AAAAAAAA');
    const drawn = ['RS-AAAAAAAA', 'RS-AAAAAAAA', 'RS-BBBBBBBB'];
    const second = await createOrder(database.db, {
      storeId: 1,
      userId,
      email: 'asha@example.com',
      body: { products: { [silkId]: 2 }, shippingAddress: address },
      newOrderNumber: () => drawn.shift()!,
    });
    expect(second.orderNumber).toBe('RS-BBBBBBBB');
    expect(drawn).toEqual([]);
    // Stock taken once per order (40 - 1 - 2), one line and one event per order.
    const [silk] = await database.db.select().from(products).where(eq(products.id, silkId));
    expect(silk?.stock).toBe(37);
    const all = await database.db.select().from(orders);
    expect(all.map((order) => order.orderNumber).sort()).toEqual(['RS-AAAAAAAA', 'RS-BBBBBBBB']);
    expect(await database.db.select().from(orderLines)).toHaveLength(2);
    expect(await database.db.select().from(orderEvents)).toHaveLength(2);
  });

  it('gives up with an error, not a loop, when every number is taken', async () => {
    await expect(
      createOrder(database.db, {
        storeId: 1,
        userId,
        email: 'asha@example.com',
        body: { products: { [silkId]: 1 }, shippingAddress: address },
        newOrderNumber: () => 'RS-AAAAAAAA',
      }),
    ).rejects.toThrow();
    const [silk] = await database.db.select().from(products).where(eq(products.id, silkId));
    expect(silk?.stock).toBe(37);
  });
});
