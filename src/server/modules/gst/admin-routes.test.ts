import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { payTestOrder, shipTestOrder } from '../../test/order-moves';

describe.each(testDatabaseKinds)("the admin's tax documents and GSTR-1 sheets on %s", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;
  let otherOwner: SessionMember;

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
    shop = await insertTestShop(database.db, { host: 'silk.test' });
    const other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    otherOwner = await insertSignedInMember(database.db, other.storeId, 'owner');
    app = await buildTestApp(database);
  });

  const get = (url: string, member: SessionMember, host = 'silk.test') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/admin${url}`,
      headers: { 'x-store-host': host, ...member.headers },
    });

  const shippedOrder = async () => {
    const userId = await insertTestCustomer(database.db, shop.storeId);
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    return order;
  };

  it('answers the invoice PDF once the order shipped, and 404 before or for another store', async () => {
    const order = await shippedOrder();
    const before = await get(`/orders/${order.orderNumber}/documents/invoice`, owner);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ error: 'No invoice has been issued for this order yet' });

    await payTestOrder(database.db, shop.storeId, order.id);
    await shipTestOrder(database.db, shop.storeId, order.id, 'EE123456789IN');
    const invoice = await get(`/orders/${order.orderNumber.toLowerCase()}/documents/invoice`, owner);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const credit = await get(`/orders/${order.orderNumber}/documents/credit-note`, owner);
    expect(credit.json()).toEqual({ error: 'No credit note has been issued for this order' });
    expect(
      (await get(`/orders/${order.orderNumber}/documents/invoice`, otherOwner, 'other.test')).statusCode,
    ).toBe(404);
    const bad = await get(`/orders/${order.orderNumber}/documents/receipt`, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ document: 'must be invoice or credit-note' });
  });

  it("answers a month's GSTR-1 sheet as CSV, and 400 for a bad month or sheet", async () => {
    const sheet = await get('/gst/gstr1/2026-11/hsn', owner);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="gstr1-2026-11-hsn.csv"');
    expect(sheet.body.split('\r\n')[0]).toMatch(/^Supply,HSN,Description,UQC,/);

    const month = await get('/gst/gstr1/2026-13/hsn', owner);
    expect(month.statusCode).toBe(400);
    expect(month.json().fields).toEqual({ month: 'a month is written YYYY-MM, e.g. 2026-11' });
    const unknown = await get('/gst/gstr1/2026-11/gstr3b', owner);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      sheet: 'must be one of b2b, b2cl, b2cs, cdnr, cdnur, hsn, docs',
    });
  });
});
