/**
 * The admin's order routes through `app.inject()` on a real database: the filtered list, the CSV export, the
 * detail, and each step through the state machine with its audit entry (ship: the shopper's mail and Track
 * order show the tracking number; cancel: stock returns; an illegal step: 409 with the reason, no change);
 * bad bodies and filters (400 with fields) and another store's order numbers (404).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/admin/admin-schemas';
import { auditChangeLines } from '@shared/admin/change-text';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { auditLog } from '../../db/schema/admin-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
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
import { ORDER_NOT_FOUND } from './order-queries';

describe.each(testDatabaseKinds)('admin order routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;
  let staff: SessionMember;
  let userId: number;

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
    shop = await insertTestShop(database.db, { host: 'silk.test' });
    other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    userId = await insertTestCustomer(database.db, shop.storeId);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { ...staff.headers, 'x-store-host': 'silk.test' },
      ...(payload ? { payload } : {}),
    });
  const newOrder = (status: number = ORDER_STATUS.pending, storeShop: TestShop = shop) =>
    insertTestOrder(database.db, {
      storeId: storeShop.storeId,
      userId: storeShop === shop ? userId : undefined!,
      status: status as 0,
      lines: [
        { productId: storeShop.saree, quantity: 2 },
        { productId: storeShop.kurta, variantId: storeShop.kurtaM, quantity: 1 },
      ],
    });
  const statusOf = async (id: string) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

  it('lists orders newest first, filtered by status and searched by number, name, phone or e-mail', async () => {
    const first = await newOrder();
    const second = await newOrder(ORDER_STATUS.processing);
    const all = await call('GET', '/orders');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, limit: 25, hasMore: false });
    expect(all.json().orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(all.json().orders[0]).toMatchObject({
      status: 1,
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      totalPaise: 2 * 249_900 + 99_950,
      payment: null,
      testPayment: false,
    });
    const pending = await call('GET', '/orders?status=pending');
    expect(pending.json().orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([
      first.orderNumber,
    ]);
    const byNumber = await call('GET', `/orders?q=${first.orderNumber.toLowerCase()}`);
    expect(byNumber.json().orders).toHaveLength(1);
    expect((await call('GET', '/orders?q=asha%20ver')).json().orders).toHaveLength(2);
    expect((await call('GET', '/orders?q=98390%2041736')).json().orders).toHaveLength(2);
    expect((await call('GET', '/orders?q=nobody%40example.com')).json().orders).toHaveLength(0);
    const paged = await call('GET', '/orders?limit=1&page=1&sort=oldest');
    expect(paged.json()).toMatchObject({ hasMore: true, orders: [{ orderNumber: first.orderNumber }] });
  });

  it('pages a broad name search (over 1,000 matches) newest first', async () => {
    await database.db.execute(sql`
      INSERT INTO orders (store_id, order_number, user_id, email, status, full_name, address, city, state,
        postal_code, phone, phone_digits, subtotal_paise, total_paise, created_at)
      SELECT ${shop.storeId}, 'RS-' || upper(lpad(to_hex(n), 8, '0')), ${userId}, 'asha@example.com', 0,
        'Meera Sharma', 'x', 'Lucknow', 'Uttar Pradesh', '226018', '+91 98390 41736', '9839041736', 100, 100,
        now() - n * interval '1 minute'
      FROM generate_series(1, 1005) AS n`);
    const page = await call('GET', '/orders?q=sharma&limit=2&page=2');
    expect(page.json()).toMatchObject({
      hasMore: true,
      orders: [{ orderNumber: 'RS-00000003' }, { orderNumber: 'RS-00000004' }],
    });
  });

  it('flags test payments and filters by payment method', async () => {
    const order = await newOrder(ORDER_STATUS.processing);
    await newOrder();
    await database.db.insert(payments).values({
      storeId: shop.storeId,
      orderId: order.id,
      provider: 'payu-sandbox',
      method: 'card',
      gatewayId: 'TXN-1',
      amountPaise: order.totalPaise,
      status: 'succeeded',
      testMode: true,
    });
    const gateway = await call('GET', '/orders?payment=gateway');
    expect(gateway.json().orders).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, payment: 'payu-sandbox', testPayment: true }),
    ]);
    expect((await call('GET', '/orders?payment=upi')).json().orders).toEqual([]);
    expect((await call('GET', '/orders?test=true')).json().orders).toHaveLength(1);
    // The CSV for people names the payment in words, never its code.
    const csv = (await call('GET', '/orders.csv?payment=gateway')).body.trim().split('\n');
    expect(csv[1]).toMatch(/,Card \/ net banking \(test\),yes,,0\.00$/);

    // Cash on delivery: the open COD payment recorded when the shopper chose it.
    const cod = await newOrder();
    await database.db.insert(payments).values({
      storeId: shop.storeId,
      orderId: cod.id,
      provider: 'cod',
      method: 'cod',
      amountPaise: cod.totalPaise,
      status: 'initiated',
      testMode: false,
    });
    expect((await call('GET', '/orders?payment=cod')).json().orders).toEqual([
      expect.objectContaining({ orderNumber: cod.orderNumber }),
    ]);
    expect((await call('GET', '/orders.csv?payment=cod')).body).toContain(',Cash on delivery,no');
    const bad = await call('GET', '/orders?payment=cash');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['payment']);
  });

  it('filters by a date range in India time', async () => {
    const order = await newOrder();
    await database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-09T19:00:00Z') }) // 10 March 00:30 in India
      .where(eq(orders.id, order.id));
    const tenth = await call('GET', '/orders?from=2026-03-10&to=2026-03-10');
    expect(tenth.json().orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([
      order.orderNumber,
    ]);
    expect((await call('GET', '/orders?to=2026-03-09')).json().orders).toEqual([]);
  });

  it('refuses bad filters with 400 and the fields', async () => {
    const response = await call('GET', '/orders?status=lost&from=10-03-2026&limit=500&sort=price');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      status:
        'must be one of pending, cod-awaiting, cod-unconfirmed, processing, shipped, delivered, cancelled',
      from: 'must be a date as YYYY-MM-DD',
      limit: 'must be a whole number from 1 to 100',
      sort: 'must be one of newest, oldest, total-desc, total-asc',
    });
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    const order = await newOrder(ORDER_STATUS.processing);
    await newOrder();
    await database.db.update(orders).set({ fullName: '=HYPERLINK("x")' }).where(eq(orders.id, order.id));
    const response = await call('GET', '/orders.csv?status=processing');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Order number,Date,Status,Name,E-mail,Phone,Total (INR),Payment,Test payment,Coupon code,Discount (INR)',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.orderNumber},`);
    expect(lines[1]).toContain(
      `,Processing,"'=HYPERLINK(""x"")",asha@example.com,'+91 98390 41736,5997.50,,no,,0.00`,
    );
  });

  it('shows an order with lines, address, history and the steps it may take', async () => {
    const order = await newOrder();
    const response = await call('GET', `/orders/${order.orderNumber}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      orderNumber: order.orderNumber,
      status: 0,
      shippingAddress: { fullName: 'Asha Verma', city: 'Varanasi', postalCode: '221005' },
      totalPaise: 599_750,
      actions: ['mark-paid', 'cancel'],
      history: [{ from: null, to: 0, cause: 'created' }],
      audit: [],
    });
    expect(detail.lines).toEqual([
      {
        sku: `SAR-${shop.storeId}`,
        title: 'Katan Silk Saree',
        size: null,
        color: null,
        unit: 'piece',
        quantity: 2,
        unitPricePaise: 249_900,
        lineTotalPaise: 499_800,
      },
      {
        sku: `KUR-${shop.storeId}-M`,
        title: 'Cotton Kurta',
        size: 'M',
        color: 'White',
        unit: 'piece',
        quantity: 1,
        unitPricePaise: 99_950,
        lineTotalPaise: 99_950,
      },
    ]);
  });

  it("answers 404 for another store's order number and for a malformed one", async () => {
    const foreign = await insertTestOrder(database.db, {
      storeId: other.storeId,
      userId: await insertTestCustomer(database.db, other.storeId),
      status: ORDER_STATUS.processing,
      lines: [{ productId: other.saree, quantity: 1 }],
    });
    for (const [method, url, body] of [
      ['GET', `/orders/${foreign.orderNumber}`, undefined],
      ['POST', `/orders/${foreign.orderNumber}/ship`, { courier: 'Delhivery', trackingNumber: 'AWB1' }],
      ['POST', `/orders/${foreign.orderNumber}/cancel`, {}],
      ['POST', `/orders/${foreign.orderNumber}/mark-paid`, { utr: '123456789012' }],
      ['GET', '/orders/not-a-number', undefined],
    ] as const) {
      const response = await call(method, url, body);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { error: ORDER_NOT_FOUND }]);
    }
    expect(await statusOf(foreign.id)).toBe(ORDER_STATUS.processing);
  });

  it('marks paid with a UTR, ships with courier and tracking, delivers — each audited', async () => {
    const order = await newOrder();
    const paid = await call('POST', `/orders/${order.orderNumber}/mark-paid`, { utr: ' 412345678901 ' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 1, actions: ['ship', 'cancel'] });
    expect(paid.json().payments).toEqual([
      expect.objectContaining({
        provider: 'upi',
        method: 'manual',
        reference: '412345678901',
        amountPaise: 599_750,
        status: 'succeeded',
      }),
    ]);

    const shipped = await call('POST', `/orders/${order.orderNumber}/ship`, {
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 2,
      trackingNumber: 'EE123456789IN',
      courier: 'India Post',
      // A shipped order can still be cancelled (returned to the shop): its invoice then gets a credit note.
      actions: ['deliver', 'cancel'],
    });
    expect(shipped.json().audit).toEqual([
      expect.objectContaining({
        actor: staff.email,
        action: 'mark-paid',
        before: { status: 'Pending' },
        after: { status: 'Processing', utr: '412345678901' },
      }),
      expect.objectContaining({
        actor: staff.email,
        action: 'ship',
        before: { status: 'Processing' },
        after: { status: 'Shipped', courier: 'India Post', trackingNumber: 'EE123456789IN' },
      }),
    ]);
    // The order page's words for those entries.
    expect(
      shipped.json().audit.map((entry: AuditEntry) => auditChangeLines(entry.before, entry.after)),
    ).toEqual([
      ['Status changed from Pending to Processing', 'UTR: 412345678901'],
      ['Status changed from Processing to Shipped', 'Courier: India Post', 'Tracking number: EE123456789IN'],
    ]);
    expect(shipped.json().history.at(-1)).toMatchObject({
      from: 1,
      to: 2,
      cause: `admin: ship by India Post tracking EE123456789IN (${staff.email})`,
    });
    const mails = await database.db.select({ subject: outgoingMail.subject }).from(outgoingMail);
    expect(mails.map((mail) => mail.subject)).toContain(`Order ${order.orderNumber} shipped – Silk House`);
    // The shopper's Track order shows the tracking number.
    const tracked = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.orderNumber}?contactInfo=asha@example.com`,
      headers: { 'x-store-host': 'silk.test' },
    });
    expect(tracked.json()).toMatchObject({ status: 2, trackingNumber: 'EE123456789IN' });

    const delivered = await call('POST', `/orders/${order.orderNumber}/deliver`, {});
    expect(delivered.json()).toMatchObject({ status: 3, actions: [] });
  });

  it('ships with a known courier: Track order and the shipped mail name it and link its tracking page', async () => {
    const order = await newOrder(ORDER_STATUS.processing);
    const shipped = await call('POST', `/orders/${order.orderNumber}/ship`, {
      courier: ' bluedart ',
      trackingNumber: '90123456789',
    });
    expect(shipped.json()).toMatchObject({ status: 2, courier: 'Blue Dart', trackingNumber: '90123456789' });
    const link =
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=90123456789';
    const tracked = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.orderNumber}?contactInfo=asha@example.com`,
      headers: { 'x-store-host': 'silk.test' },
    });
    expect(tracked.json()).toMatchObject({
      trackingNumber: '90123456789',
      courier: 'Blue Dart',
      trackingUrl: link,
    });
    const [mail] = await database.db
      .select({ message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `Order ${order.orderNumber} shipped – Silk House`));
    expect(mail!.message.text).toContain(
      `Courier: Blue Dart\n\nTracking number: 90123456789\n\nTrack your parcel on the Blue Dart website: ${link}\n`,
    );

    const another = await newOrder(ORDER_STATUS.processing);
    await call('POST', `/orders/${another.orderNumber}/ship`, { courier: 'Trackon', trackingNumber: 'TK1' });
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${another.orderNumber}?contactInfo=asha@example.com`,
      headers: { 'x-store-host': 'silk.test' },
    });
    expect(other.json()).toMatchObject({ courier: 'Trackon', trackingUrl: null, trackingNumber: 'TK1' });
  });

  it('cancels with the stock returned', async () => {
    const order = await newOrder(ORDER_STATUS.processing);
    const response = await call('POST', `/orders/${order.orderNumber}/cancel`, {
      reason: 'out of stock at the weaver',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 4,
      cancellationCause: 'out of stock at the weaver',
      refundDue: false,
    });
    expect(await stockOf(database.db, shop)).toMatchObject({
      saree: SHOP_STOCK.saree,
      kurtaM: SHOP_STOCK.kurtaM,
    });
  });

  it('refuses an illegal step with 409 and the reason, changing nothing and auditing nothing', async () => {
    const order = await newOrder();
    const ship = await call('POST', `/orders/${order.orderNumber}/ship`, {
      courier: 'Delhivery',
      trackingNumber: 'AWB42',
    });
    expect(ship.statusCode).toBe(409);
    expect(ship.json()).toEqual({ error: `Cannot move order ${order.orderNumber} from Pending to Shipped` });
    const deliver = await call('POST', `/orders/${order.orderNumber}/deliver`, {});
    expect(deliver.json()).toEqual({
      error: `Cannot move order ${order.orderNumber} from Pending to Delivered`,
    });
    const delivered = await newOrder(ORDER_STATUS.delivered);
    const pay = await call('POST', `/orders/${delivered.orderNumber}/mark-paid`, { utr: '412345678901' });
    expect([pay.statusCode, pay.json()]).toEqual([
      409,
      { error: `Cannot move order ${delivered.orderNumber} from Delivered to Processing` },
    ]);
    const cancel = await call('POST', `/orders/${delivered.orderNumber}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.pending);
    expect(await statusOf(delivered.id)).toBe(ORDER_STATUS.delivered);
    expect(
      await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.storeId, shop.storeId))),
    ).toEqual([]);
    expect(await database.db.select().from(payments)).toEqual([]);
  });

  it('refuses bad bodies with 400 and the fields', async () => {
    const order = await newOrder(ORDER_STATUS.processing);
    const ship = await call('POST', `/orders/${order.orderNumber}/ship`, {
      courier: ' ',
      trackingNumber: 'A\u0007B',
    });
    expect(ship.statusCode).toBe(400);
    expect(ship.json().fields).toEqual({
      courier: 'is required',
      trackingNumber: 'must not contain control characters',
    });
    const pay = await call('POST', `/orders/${order.orderNumber}/mark-paid`, { utr: '12' });
    expect(pay.json().fields).toEqual({ utr: 'must be 6 to 64 letters, digits or dashes' });
    const deliver = await call('POST', `/orders/${order.orderNumber}/deliver`, { when: 'now' });
    expect(deliver.statusCode).toBe(400);
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.processing);
  });
});
