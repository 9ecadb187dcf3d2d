/**
 * An order with add-ons through the real app: a saree with blouse stitching from a saved profile and fall &
 * pico — priced on the server (paise), GST as service lines at the add-on's rate, shown in My Orders and the
 * admin's order (measurements in full, for the packing slip), the invoice's service lines with their SAC,
 * GSTR-1's HSN summary, the checkout quote; refused add-ons with exact texts; 'Stitching done', audited.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { products } from '../../db/schema/catalog-tables';
import { taxDocuments } from '../../db/schema/gst-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { addOnTestCatalog, BLOUSE_INCHES } from '../../test/add-on-test-catalog';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { payTestOrder, shipTestOrder } from '../../test/order-moves';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';

const MONTH = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

describe.each(testDatabaseKinds)('orders with add-ons on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shopper: SessionCustomer;
  let owner: SessionMember;
  let profileId: number;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, addOnTestCatalog());
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    app = await buildTestApp(database);
    [shopper] = (await insertSignedInCustomers(database.db, 1)) as [SessionCustomer];
    owner = await insertSignedInMember(database.db, 1, 'owner');
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/account/measurements',
      headers: shopper.headers,
      payload: { name: 'Mine', set: 'blouse', measurements: { values: BLOUSE_INCHES } },
    });
    profileId = profile.json().id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const order = (lines: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.headers,
      payload: { shippingAddress: PUNE_ADDRESS, lines },
    });
  const sareeWith = (addOns: unknown[]) => ({ productId: ids['SAR-8900'], quantity: 1, addOns });

  it('refuses add-ons not offered, missing or bad measurements and another set’s profile, by field', async () => {
    const refused = await order([
      sareeWith([
        { code: 'blouse-stitching' },
        { code: 'fall-pico' },
        { code: 'fall-pico' },
        { code: 'salwar-suit-stitching' },
      ]),
      { productId: ids['KUR-1299'], quantity: 1, addOns: [{ code: 'fall-pico' }] },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'lines.0.addOns.0.measurements': 'Please give measurements, a saved profile or a standard size',
      'lines.0.addOns.2.code': 'is listed more than once',
      'lines.0.addOns.3.code': 'is not offered with this product',
      'lines.1.addOns.0.code': 'is not offered with this product',
    });
    const measured = await order([
      sareeWith([
        { code: 'blouse-stitching', measurements: { unit: 'in', values: { ...BLOUSE_INCHES, bust: 20 } } },
      ]),
    ]);
    expect(measured.json().fields).toEqual({
      'lines.0.addOns.0.measurements.values.bust': 'Bust must be between 26 and 56 inches',
    });
    const [other] = await insertSignedInCustomers(database.db, 1);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/v1/account/measurements',
      headers: other!.headers,
      payload: { name: 'Amma', set: 'blouse', measurements: { values: BLOUSE_INCHES } },
    });
    const borrowed = await order([
      sareeWith([{ code: 'blouse-stitching', measurementProfileId: theirs.json().id }]),
    ]);
    expect(borrowed.json().fields).toEqual({
      'lines.0.addOns.0.measurementProfileId': 'is not one of your measurement profiles',
    });
    const size = await order([sareeWith([{ code: 'blouse-stitching', standardSize: 33 }])]);
    expect(size.json().fields).toEqual({
      'lines.0.addOns.0.standardSize': 'must be one of 32, 34, 36, 38, 40, 42, 44',
    });
    expect(await database.db.select().from(orders)).toEqual([]);
  });

  it('prices blouse stitching from a profile and fall & pico on the server, with GST service lines everywhere', async () => {
    const lines = [
      sareeWith([{ code: 'blouse-stitching', measurementProfileId: profileId }, { code: 'fall-pico' }]),
    ];
    const quote = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: shopper.headers,
      payload: { lines, shippingAddress: { state: 'Maharashtra', postalCode: '411001' } },
    });
    expect(quote.json()).toMatchObject({ subtotal: 10250, addOns: 1350, total: 10250 });
    expect(quote.json().tax.igst).toBe(423.81 + 57.14 + 7.14);

    const placed = await order(lines);
    expect(placed.statusCode).toBe(201);
    const orderNumber = placed.json().id as string;
    const mine = (await app.inject({ method: 'GET', url: '/api/v1/orders', headers: shopper.headers })).json<
      Order[]
    >();
    const answered = mine.find((entry) => entry.id === orderNumber)!;
    expect(answered).toMatchObject({ subtotal: 10250, total: 10250, tax: 423.81 + 57.14 + 7.14 });
    expect(answered.items[0]!.lineTotal).toBe(8900);
    expect(answered.items[0]!.addOns).toMatchObject([
      {
        code: 'blouse-stitching',
        title: 'Blouse stitching',
        price: 1200,
        quantity: 1,
        total: 1200,
        leadDays: 7,
        profileName: 'Mine',
        measurements: BLOUSE_INCHES,
        sac: '998822',
        gstRate: 5,
        tax: 57.14,
        doneAt: null,
      },
      { code: 'fall-pico', total: 150, measurements: null, tax: 7.14 },
    ]);

    const [mail] = await database.db.select().from(outgoingMail);
    expect(mail!.message.text).toContain('- Blouse stitching for Tussar Silk Saree: 1 × ₹1,200 = ₹1,200');
    expect(mail!.message.text).toContain('Stitching and finishing add 7 days to delivery.');
    expect(mail!.message.text).toContain('Total: ₹10,250');

    // The owner's order: the measurements in full for the packing slip.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderNumber}`,
      headers: owner.headers,
    });
    const addOns = detail.json().lines[0].addOns;
    expect(addOns[0]).toMatchObject({ measurements: BLOUSE_INCHES, profileName: 'Mine' });
    expect(detail.json()).toMatchObject({ subtotalPaise: 1_025_000, totalPaise: 1_025_000 });

    // The invoice: the saree, then each add-on as a service line with its SAC and rate.
    const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    await payTestOrder(database.db, 1, row!.id);
    await shipTestOrder(database.db, 1, row!.id, 'EE123456789IN');
    const [invoice] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row!.id));
    const content = invoice!.document as { lines: Record<string, unknown>[]; totals: { totalPaise: number } };
    expect(
      content.lines.map(({ description, hsn, unit, ratePercent, igstPaise, totalPaise }) => ({
        description,
        hsn,
        unit,
        ratePercent,
        igstPaise,
        totalPaise,
      })),
    ).toEqual([
      {
        description: 'Tussar Silk Saree',
        hsn: '5007',
        unit: 'PCS',
        ratePercent: 5,
        igstPaise: 42_381,
        totalPaise: 890_000,
      },
      {
        description: 'Blouse stitching — Tussar Silk Saree',
        hsn: '998822',
        unit: 'NA',
        ratePercent: 5,
        igstPaise: 5_714,
        totalPaise: 120_000,
      },
      {
        description: 'Fall & pico — Tussar Silk Saree',
        hsn: '998822',
        unit: 'NA',
        ratePercent: 5,
        igstPaise: 714,
        totalPaise: 15_000,
      },
    ]);
    expect(content.totals.totalPaise).toBe(1_025_000);

    const hsn = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/gst/gstr1/${MONTH}/hsn`,
      headers: owner.headers,
    });
    expect(hsn.body.split('\r\n')).toContain('B2C,998822,,NA,0,1350.00,5,1285.72,64.28,0.00,0.00,0.00');

    // 'Stitching done', audited; a second time is refused.
    const done = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderNumber}/add-ons/${addOns[0].id}/done`,
        headers: owner.headers,
      });
    expect((await done()).statusCode).toBe(204);
    const again = await done();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This add-on is already marked done' });
    const after = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderNumber}`,
      headers: owner.headers,
    });
    expect(after.json().lines[0].addOns[0].doneAt).not.toBeNull();
    expect(after.json().audit.map((entry: { action: string }) => entry.action)).toContain('add-on-done');
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/RS-NOTANORDER/add-ons/${addOns[0].id}/done`,
      headers: owner.headers,
    });
    expect(stranger.statusCode).toBe(404);
  });
});
