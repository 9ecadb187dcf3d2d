import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { ConflictError } from '../../errors';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { insertVariantCatalog } from '../../test/variant-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
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
    await seedCatalog(database.db, fixtureCatalog());
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

  it('reserves variants and products in one lock order: opposite line orders neither deadlock nor oversell', async () => {
    const catalog = await insertVariantCatalog(database.db);
    const [stole] = await database.db
      .update(products)
      .set({ stock: 5 })
      .where(eq(products.sku, 'ACC-STO'))
      .returning({ id: products.id });
    const [bag] = await database.db.select().from(products).where(eq(products.sku, 'ACC-BAG'));
    await database.db.update(productVariants).set({ stock: 1000 }).where(eq(productVariants.sku, 'DUP-RED'));
    const lines = [
      { productId: catalog.kurta.productId, variantId: catalog.kurta.variantIds['KUR-S-MRN']!, quantity: 1 },
      { productId: stole!.id, quantity: 1 },
      { productId: catalog.dupatta.productId, color: 'Red', quantity: 2 },
      { productId: bag!.id, quantity: 1 },
      { productId: catalog.silk.productId, color: 'Maroon', quantity: 1.5 },
    ];
    const buyers = await insertSignedInCustomers(database.db, 30);
    const results = await Promise.allSettled(
      buyers.map((buyer, i) =>
        createOrder(database.db, {
          storeId: 1,
          userId: buyer.userId,
          email: buyer.email,
          body: { lines: i % 2 === 0 ? lines : [...lines].reverse(), shippingAddress: address },
        }),
      ),
    );
    const made = results.filter((result) => result.status === 'fulfilled');
    expect(made).toHaveLength(5);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError);
    }
    const stockOf = async (sku: string) =>
      (await database.db.select().from(productVariants).where(eq(productVariants.sku, sku)))[0]!.stock;
    expect(await stockOf('KUR-S-MRN')).toBe(0);
    expect(await stockOf('DUP-RED')).toBe(1000 - 5 * 2);
    expect(await stockOf('SLK-MRN')).toBe(10 - 5 * 1.5);
    const [stoleNow] = await database.db.select().from(products).where(eq(products.id, stole!.id));
    expect(stoleNow!.stock).toBe(0);
  });

  it('sets the payment window and writes the e-mail with the payment link, or where to pay without one', async () => {
    const [buyer, other] = await insertSignedInCustomers(database.db, 2);
    const body = { products: { [silkId]: 1 }, shippingAddress: address };
    const linked = await createOrder(database.db, {
      storeId: 1,
      userId: buyer!.userId,
      email: buyer!.email,
      body,
      paymentWindowMinutes: 45,
      shopOrigin: 'https://silk.example/',
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, linked.orderNumber));
    expect(order!.paymentDueAt!.getTime() - order!.createdAt.getTime()).toBe(45 * 60_000);
    const mailOf = async (orderNumber: string) =>
      (
        await database.db
          .select()
          .from(outgoingMail)
          .where(like(outgoingMail.subject, `%${orderNumber}%`))
      )[0]!;
    const first = await mailOf(linked.orderNumber);
    expect(first.subject).toBe(`Order received — complete your payment (${linked.orderNumber})`);
    expect(first.message.text).toContain('Please pay within 45 minutes, by ');
    expect(first.message.text).toContain(
      `Pay now: https://silk.example/payment?orderId=${linked.orderNumber}`,
    );

    const plain = await createOrder(database.db, {
      storeId: 1,
      userId: other!.userId,
      email: other!.email,
      body,
    });
    const second = await mailOf(plain.orderNumber);
    expect(second.message.text).toContain('Please pay within 30 minutes, by ');
    expect(second.message.text).toContain(
      'To pay, sign in on our shop and open My Orders: the order is waiting there.',
    );
    expect(second.message.text).not.toContain('Pay now');
  });
});
