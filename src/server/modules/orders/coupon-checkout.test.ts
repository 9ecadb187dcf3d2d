/**
 * Coupons at checkout through the API (docs/discounts.md): `POST /checkout/quote` answers the bill with the
 * coupon or the exact refusal, `POST /orders` prices and counts the coupon itself, the usage limit holds
 * under 50 parallel orders, a cancelled unpaid order gives its use back, and the discount lowers the taxable
 * value and decides the apparel slab on the discounted price.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { coupons } from '../../db/schema/coupon-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { payTestOrder, shipTestOrder } from '../../test/order-moves';
import { pdfText } from '../../test/pdf-text';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { expireUnpaidOrders } from './payment-window';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '+91 98390 41736',
};
const DAY = 86_400_000;

describe.each(testDatabaseKinds)('coupons at checkout on %s', (kind) => {
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

  const coupon = async (values: Partial<typeof coupons.$inferInsert> & { code: string }) => {
    const [row] = await database.db
      .insert(coupons)
      .values({
        storeId: shop.storeId,
        kind: 'percent',
        value: 10,
        startsAt: new Date(Date.now() - DAY),
        ...values,
      })
      .returning();
    return row!;
  };
  const quote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: { host: HOST, ...headers },
      payload: body,
    });
  const order = (customer: SessionCustomer, lines: unknown[], couponCode?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { host: HOST, ...customer.headers },
      payload: { lines, shippingAddress: address, ...(couponCode ? { couponCode } : {}) },
    });
  const saree = (quantity = 1) => ({ productId: shop.saree, quantity });
  const couponErrorOf = async (code: string, lines: unknown[] = [saree()], headers = {}) =>
    (await quote({ lines, couponCode: code }, headers)).json<{ couponError: string | null }>().couponError;

  it('quotes the whole bill with a percent coupon in any letter case', async () => {
    await coupon({ code: 'FIRST10', description: '10% off your first order' });
    const answer = await quote({ lines: [saree(2)], couponCode: 'first10' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      subtotal: 4998,
      discount: 499.8,
      shipping: 0,
      codFee: 0,
      tax: { registered: false, supply: 'not-registered', total: 0, cgst: 0, sgst: 0, igst: 0 },
      total: 4498.2,
      coupon: { code: 'FIRST10', description: '10% off your first order' },
      couponError: null,
      lines: [{ position: 0, lineTotal: 4998, discount: 499.8, gstRate: 0, tax: 0 }],
    });
  });

  it('answers every refusal with its exact message', async () => {
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    await coupon({ code: 'PAUSED', paused: true });
    // 00:00 on 1 Nov 2030 in India is 18:30 UTC on 31 Oct.
    await coupon({ code: 'LATER', startsAt: new Date('2030-10-31T18:30:00Z') });
    await coupon({
      code: 'OVER',
      startsAt: new Date(Date.now() - 9 * DAY),
      endsAt: new Date(Date.now() - DAY),
    });
    await coupon({ code: 'BIG', minSubtotalPaise: 300_000 });
    await coupon({ code: 'DUPATTA', scope: 'products', productIds: [shop.dupatta] });
    await coupon({ code: 'WOMEN', scope: 'categories', categories: ['women'], excludeSaleItems: true });
    await coupon({ code: 'GONE', usageLimit: 3, timesUsed: 3 });
    await coupon({ code: 'ONCE' });
    await coupon({ code: 'NEWBIE', firstOrderOnly: true, perCustomerLimit: 5 });

    expect(await couponErrorOf('NOPE')).toBe('This code is not valid');
    expect(await couponErrorOf('bad code!')).toBe('This code is not valid');
    expect(await couponErrorOf('PAUSED')).toBe('This code is not valid');
    expect(await couponErrorOf('LATER')).toBe('This code starts on 1 Nov 2030');
    expect(await couponErrorOf('OVER')).toBe('This code has expired');
    expect(await couponErrorOf('BIG')).toBe('Add ₹501 more to use this code');
    expect(await couponErrorOf('BIG', [saree(2)])).toBeNull();
    expect(await couponErrorOf('DUPATTA')).toBe('This code does not apply to the items in your cart');
    expect(await couponErrorOf('WOMEN')).toBeNull();
    // On sale: charged below its regular price, so a coupon excluding sale items leaves it out. (A price
    // written straight into the table is announced as the admin's product editor does.)
    await database.db
      .update(products)
      .set({ discountedPricePaise: 199_900 })
      .where(eq(products.id, shop.saree));
    await app.catalogChanged();
    expect(await couponErrorOf('WOMEN')).toBe('This code does not apply to the items in your cart');
    expect(await couponErrorOf('GONE')).toBe('This code has reached its limit');

    expect((await order(customer!, [saree()], 'ONCE')).statusCode).toBe(201);
    expect(await couponErrorOf('ONCE', [saree()], customer!.headers)).toBe('You have already used this code');
    expect(await couponErrorOf('ONCE')).toBeNull();
    expect(await couponErrorOf('NEWBIE', [saree()], customer!.headers)).toBe(
      'This code is for your first order',
    );

    const refused = await order(customer!, [saree()], 'NEWBIE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This code is for your first order',
      fields: { couponCode: 'This code is for your first order' },
    });
    const unknown = await order(customer!, [saree()], 'NOPE');
    expect(unknown.json()).toEqual({
      error: 'This code is not valid',
      fields: { couponCode: 'This code is not valid' },
    });
  });

  it('stores the code, each line’s share and the totals, and gives the use back when the order is cancelled', async () => {
    const first10 = await coupon({ code: 'FLAT500', kind: 'fixed', value: 50_000, usageLimit: 5 });
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const placed = await order(customer!, [saree(), { productId: shop.dupatta, quantity: 1 }], 'flat500');
    expect(placed.statusCode).toBe(201);
    const orderNumber = placed.json<{ id: string }>().id;
    const [stored] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(stored).toMatchObject({
      couponCode: 'FLAT500',
      couponId: first10.id,
      subtotalPaise: 284_900,
      discountPaise: 50_000,
      totalPaise: 234_900,
      couponReleasedAt: null,
    });
    const lines = await database.db
      .select({ discount: orderLines.discountPaise, total: orderLines.lineTotalPaise })
      .from(orderLines)
      .where(eq(orderLines.orderId, stored!.id))
      .orderBy(asc(orderLines.position));
    // 500 × 2,499 / 2,849 = 438.57… → 438.57 and 61.42, the paisa left over to the larger line.
    expect(lines).toEqual([
      { discount: 43_858, total: 206_042 },
      { discount: 6_142, total: 28_858 },
    ]);
    const [counted] = await database.db.select().from(coupons).where(eq(coupons.id, first10.id));
    expect(counted!.timesUsed).toBe(1);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderNumber}/cancel`,
      headers: { host: HOST, ...customer!.headers },
    });
    expect(cancelled.statusCode).toBe(200);
    const [given] = await database.db.select().from(coupons).where(eq(coupons.id, first10.id));
    expect(given!.timesUsed).toBe(0);
    const [after] = await database.db.select().from(orders).where(eq(orders.id, stored!.id));
    expect(after!.couponReleasedAt).not.toBeNull();
    expect(await couponErrorOf('FLAT500', [saree()], customer!.headers)).toBeNull();

    // The payment window gives the use back too.
    const late = await order(customer!, [saree()], 'FLAT500');
    expect(late.statusCode).toBe(201);
    expect((await database.db.select().from(coupons).where(eq(coupons.id, first10.id)))[0]!.timesUsed).toBe(
      1,
    );
    await database.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.orderNumber, late.json<{ id: string }>().id));
    expect((await expireUnpaidOrders(database.db)).cancelled).toEqual([late.json<{ id: string }>().id]);
    expect((await database.db.select().from(coupons).where(eq(coupons.id, first10.id)))[0]!.timesUsed).toBe(
      0,
    );
  });

  it('lets exactly 10 of 50 parallel orders carry a code limited to 10', async () => {
    const limited = await coupon({ code: 'TEN', usageLimit: 10 });
    const customers = await insertSignedInCustomers(database.db, 50, shop.storeId);
    const answers = await Promise.all(
      customers.map((customer) => order(customer, [{ productId: shop.dupatta, quantity: 1 }], 'TEN')),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.json().error).toBe('This code has reached its limit');
    const carrying = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, shop.storeId), eq(orders.couponId, limited.id)));
    expect(carrying).toHaveLength(10);
    const [counted] = await database.db.select().from(coupons).where(eq(coupons.id, limited.id));
    expect(counted!.timesUsed).toBe(10);
  });

  it('taxes the discounted value and decides the apparel slab on the discounted price per piece', async () => {
    await database.db
      .update(stores)
      .set({ gstin: '08AAGCR4375J1ZY', state: 'Rajasthan' })
      .where(eq(stores.id, shop.storeId));
    // ₹2,800 a piece is above ₹2,625 (18 %); 10 % off makes it ₹2,520 a piece (5 %).
    await database.db.update(products).set({ regularPricePaise: 280_000 }).where(eq(products.id, shop.saree));
    await coupon({ code: 'FIRST10' });
    const without = (await quote({ lines: [saree(2)], shippingAddress: { state: 'Rajasthan' } })).json();
    expect(without.lines).toEqual([{ position: 0, lineTotal: 5600, discount: 0, gstRate: 18, tax: 854.24 }]);
    const answer = await quote({
      lines: [saree(2)],
      shippingAddress: { state: 'Rajasthan', postalCode: '302001' },
      couponCode: 'FIRST10',
    });
    expect(answer.json()).toMatchObject({
      subtotal: 5600,
      discount: 560,
      total: 5040,
      tax: { registered: true, supply: 'intra-state', total: 240, cgst: 120, sgst: 120, igst: 0 },
      lines: [{ position: 0, lineTotal: 5600, discount: 560, gstRate: 5, tax: 240 }],
    });
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const placed = await order(customer!, [saree(2)], 'FIRST10');
    expect(placed.statusCode).toBe(201);
    const [line] = await database.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.orderNumber, placed.json<{ id: string }>().id));
    expect(line!.order_lines).toMatchObject({
      lineTotalPaise: 504_000,
      discountPaise: 56_000,
      gstRate: 5,
      taxableValuePaise: 480_000,
      taxPaise: 24_000,
      cgstPaise: 12_000,
      sgstPaise: 12_000,
    });
    expect(line!.orders).toMatchObject({ totalPaise: 504_000, taxPaise: 24_000, discountPaise: 56_000 });

    // The invoice shows the line's discount and the discounted taxable value.
    await payTestOrder(database.db, shop.storeId, line!.orders.id);
    await shipTestOrder(database.db, shop.storeId, line!.orders.id, 'EE123456789IN');
    const invoice = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${line!.orders.orderNumber}/invoice`,
      headers: { host: HOST, ...customer!.headers },
    });
    expect(invoice.statusCode).toBe(200);
    const [text] = await pdfText(invoice.rawPayload);
    expect(text).toContain('(discount ₹560)');
    expect(text).toContain('2 PCS ₹2,800 ₹4,800 2.5 % ₹120 2.5 % ₹120 ₹5,040');
  });

  it('refuses malformed bodies with 400 and the fields', async () => {
    const empty = await quote({ lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Invalid field: lines',
      fields: { lines: 'must contain at least one product' },
    });
    const long = await quote({ lines: [saree()], couponCode: 'X'.repeat(65) });
    expect(long.statusCode).toBe(400);
    const wrongType = await quote({ lines: [saree()], couponCode: 10 });
    expect(wrongType.statusCode).toBe(400);
  });
});
