/**
 * Shipping charges and cash on delivery through the real app: the charge for the delivery PIN code, state and
 * subtotal computed by the server and taxed at the principal supply's rate, unserved PIN codes refused, the
 * product page's check, COD offered and refused (off, over the cap, outside its PIN prefixes, a third open COD
 * order), the COD order's move to Processing and its payment collected on delivery, and the owner-only
 * settings screen's API with its audit.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { auditLog } from '../../db/schema/admin-tables';
import { products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { taxDocuments } from '../../db/schema/gst-tables';
import { pdfText } from '../../test/pdf-text';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { OWNER_ONLY_MESSAGE } from '../admin/role-hook';
import { catalogImportFileSchema } from '../catalog/import-schema';
import { importCatalog } from '../catalog/import-service';
import { gstTestCatalog } from '../gst/gst-test-catalog';
import { gstr1Export } from '../gst/gstr1-export';
import { transition } from '../orders/order-lifecycle';
import { TOO_MANY_COD_ORDERS } from '../payments/cash-on-delivery';

const jaipur = {
  fullName: 'Meera Joshi',
  address: '22 MI Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '+91 94140 12345',
};
const pune = { ...jaipur, city: 'Pune', state: 'Maharashtra', postalCode: '411001' };
const portBlair = {
  ...jaipur,
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
};
const payer = { name: 'Meera Joshi', email: 'meera@example.com', phone: '+919414012345' };

/** The shop's delivery settings in rupees, as the file and the admin screen write them. */
const DELIVERY = {
  flatCharge: 99,
  freeAbove: 5000,
  zones: [{ name: 'Rajasthan', states: ['Rajasthan'], charge: 49, minDays: 2, maxDays: 3 }],
  unservedPinPrefixes: ['744'],
  cod: { enabled: true },
};

describe.each(testDatabaseKinds)('shipping charges and cash on delivery on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(gstTestCatalog({ delivery: DELIVERY })));
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    owner = await insertSignedInMember(database.db, 1, 'owner');
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    const saved = await putSettings(DELIVERY);
    expect(saved.statusCode).toBe(200);
  });

  function putSettings(body: object, member: SessionMember = owner) {
    return app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: member.headers,
      payload: body,
    });
  }

  async function place(
    shippingAddress: Record<string, string>,
    lines: { sku: string; quantity: number }[],
    buyer?: SessionCustomer,
  ) {
    const customer = buyer ?? (await insertSignedInCustomers(database.db, 1))[0]!;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: customer.headers,
      payload: {
        shippingAddress,
        lines: lines.map((line) => ({ productId: ids[line.sku], quantity: line.quantity })),
      },
    });
    return { response, buyer: customer, orderNumber: response.json<{ id?: string }>().id };
  }
  const storedOrder = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const payCod = (buyer: SessionCustomer, orderId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: buyer.headers,
      payload: { orderId, fields: { ...payer, method: 'cod' } },
    });
  const methodsOffered = async (buyer: SessionCustomer, orderId?: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/payments/fields${orderId ? `?orderId=${orderId}` : ''}`,
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    const method = response
      .json<{ name: string; options?: { value: string; label: string }[] }[]>()
      .find((field) => field.name === 'method');
    return method!.options!;
  };

  it('checks a PIN code for the product page: served with charge and estimate, COD fee, or not served', async () => {
    const check = (query: string) => app.inject({ method: 'GET', url: `/api/v1/delivery/check?${query}` });
    expect((await check('postalCode=411001')).json()).toEqual({
      postalCode: '411001',
      served: true,
      shipping: 99,
      minDays: 3,
      maxDays: 7,
      codFee: 49,
    });
    expect((await check('postalCode=302001&state=Rajasthan&subtotal=1200')).json()).toMatchObject({
      shipping: 49,
      minDays: 2,
      maxDays: 3,
    });
    expect((await check('postalCode=302001&state=Rajasthan&subtotal=5000')).json()).toMatchObject({
      shipping: 0,
    });
    expect((await check('postalCode=411001&subtotal=6000')).json()).toMatchObject({ codFee: null });
    expect((await check('postalCode=744101')).json()).toEqual({
      postalCode: '744101',
      served: false,
      shipping: null,
      minDays: null,
      maxDays: null,
      codFee: null,
    });
    const bad = await check('postalCode=0123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ postalCode: 'Please enter a 6-digit PIN code' });
  });

  it('another state: ₹99 shipping with IGST at the principal supply rate (18 % of the ₹2,800 kurta)', async () => {
    const { response, orderNumber } = await place(pune, [
      { sku: 'KUR-2800', quantity: 1 },
      { sku: 'FAB-450', quantity: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const order = await storedOrder(orderNumber!);
    expect(order).toMatchObject({
      subtotalPaise: 370_000,
      shippingFeePaise: 9_900,
      codFeePaise: 0,
      totalPaise: 379_900,
      taxPaise: 42_712 + 4_286 + 1_510,
    });
    expect(order.charges).toEqual([
      {
        kind: 'shipping',
        sac: '9965',
        amountPaise: 9_900,
        ratePercent: 18,
        taxableValuePaise: 8_390,
        taxPaise: 1_510,
        cgstRate: 0,
        cgstPaise: 0,
        sgstRate: 0,
        sgstPaise: 0,
        igstRate: 18,
        igstPaise: 1_510,
      },
    ]);
    const charge = order.charges[0]!;
    expect(charge.taxableValuePaise + charge.taxPaise).toBe(charge.amountPaise);
  });

  it("the store's state: the zone's ₹49 with CGST + SGST; free from ₹5,000", async () => {
    const { orderNumber } = await place(jaipur, [{ sku: 'KUR-1299', quantity: 1 }]);
    const order = await storedOrder(orderNumber!);
    expect(order).toMatchObject({ shippingFeePaise: 4_900, totalPaise: 129_900 + 4_900 });
    expect(order.charges).toEqual([
      expect.objectContaining({
        ratePercent: 5,
        taxableValuePaise: 4_667,
        cgstPaise: 116,
        sgstPaise: 117,
        igstPaise: 0,
      }),
    ]);
    const free = await storedOrder((await place(pune, [{ sku: 'KUR-2800', quantity: 2 }])).orderNumber!);
    expect(free).toMatchObject({ shippingFeePaise: 0, totalPaise: 560_000, charges: [] });
  });

  it("the checkout's quote: the shipping for the PIN code, its GST in the tax, and the COD fee where offered", async () => {
    const quote = (body: object) => app.inject({ method: 'POST', url: '/api/v1/gst/quote', payload: body });
    const lines = [
      { productId: ids['KUR-2800'], quantity: 1 },
      { productId: ids['FAB-450'], quantity: 2 },
    ];
    expect((await quote({ lines, state: 'Maharashtra' })).json()).toEqual({
      registered: true,
      supply: 'inter-state',
      tax: 469.98,
      lines: [
        { position: 0, gstRate: 18, tax: 427.12 },
        { position: 1, gstRate: 5, tax: 42.86 },
      ],
    });
    expect((await quote({ lines, state: 'Maharashtra', postalCode: '411001' })).json()).toMatchObject({
      tax: 485.08,
      shipping: 99,
      codFee: 49,
    });
    expect((await quote({ lines, state: 'Rajasthan', postalCode: '302001' })).json()).toMatchObject({
      supply: 'intra-state',
      shipping: 49,
    });
    expect(
      (await quote({ lines: [{ productId: ids['SAR-8900'], quantity: 1 }], postalCode: '411001' })).json(),
    ).toMatchObject({ shipping: 0, codFee: null });
    expect(
      (await quote({ lines, state: 'Andaman and Nicobar Islands', postalCode: '744101' })).json(),
    ).toMatchObject({ tax: 469.98, shipping: null, codFee: null });
  });

  it('refuses a PIN code the shop does not deliver to, naming the field', async () => {
    const { response } = await place(portBlair, [{ sku: 'KUR-1299', quantity: 1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid field: shippingAddress.postalCode',
      fields: { 'shippingAddress.postalCode': 'We do not deliver to this PIN code yet' },
    });
    expect(await database.db.select().from(orders).where(eq(orders.postalCode, '744101'))).toEqual([]);
  });

  it('a client cannot choose its shipping charge: the server computes it again', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: pune,
        lines: [{ productId: ids['KUR-1299'], quantity: 1 }],
        shippingFee: 0,
        shipping: 0,
      },
    });
    expect(response.statusCode).toBe(201);
    expect((await storedOrder(response.json<{ id: string }>().id)).shippingFeePaise).toBe(9_900);
  });

  it('COD: offered for the order, fee added and taxed, Processing without a payment window, paid on delivery', async () => {
    const { buyer, orderNumber } = await place(pune, [
      { sku: 'KUR-2800', quantity: 1 },
      { sku: 'FAB-450', quantity: 2 },
    ]);
    expect((await methodsOffered(buyer)).map((option) => option.value)).not.toContain('cod');
    expect(await methodsOffered(buyer, orderNumber)).toContainEqual({
      value: 'cod',
      label: 'Cash on delivery',
    });
    const fields = await app.inject({
      method: 'GET',
      url: `/api/v1/payments/fields?orderId=${orderNumber}`,
      headers: buyer.headers,
    });
    const method = fields.json<{ name: string; description?: string }[]>().find((f) => f.name === 'method');
    expect(method?.description).toContain('Cash on delivery adds a fee of ₹49.00 to the total.');

    const paid = await payCod(buyer, orderNumber!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      success: true,
      redirectUrl: `/order-success?orderId=${orderNumber}`,
      amount: 3_848,
      orderId: orderNumber,
    });
    const order = await storedOrder(orderNumber!);
    expect(order).toMatchObject({
      status: ORDER_STATUS.processing,
      cashOnDelivery: true,
      codFeePaise: 4_900,
      totalPaise: 384_800,
      paymentDueAt: null,
      taxPaise: 42_712 + 4_286 + 1_510 + 747,
    });
    expect(
      order.charges.map((charge) => [charge.kind, charge.sac, charge.amountPaise, charge.igstPaise]),
    ).toEqual([
      ['shipping', '9965', 9_900, 1_510],
      ['cod', '9971', 4_900, 747],
    ]);
    const mails = await database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, buyer.email));
    const confirmed = mails.find((mail) => mail.subject.includes('cash on delivery'));
    expect(confirmed?.subject).toBe(`Order ${orderNumber} confirmed: cash on delivery – Jaipur Silk House`);
    expect(confirmed?.message.text).toContain(
      'Shipping: ₹99.00\nCash on delivery fee: ₹49.00\nTotal: ₹3,848.00',
    );

    const codPayment = () => database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect((await codPayment()).map((row) => [row.provider, row.status])).toEqual([['cod', 'initiated']]);
    await transition(database.db, 1, order.id, ORDER_STATUS.shipped, 'test: ship', {
      trackingNumber: 'EE1IN',
    });
    await transition(database.db, 1, order.id, ORDER_STATUS.delivered, 'test: deliver');
    expect((await codPayment()).map((row) => [row.status, row.amountPaise])).toEqual([
      ['succeeded', 384_800],
    ]);

    const again = await payCod(buyer, orderNumber!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Order ${orderNumber} is already paid`);
  });

  it('COD refused: over the cap, outside its PIN prefixes, or turned off — the form does not offer it either', async () => {
    const saree = await place(pune, [{ sku: 'SAR-8900', quantity: 1 }]);
    expect((await methodsOffered(saree.buyer, saree.orderNumber)).map((o) => o.value)).not.toContain('cod');
    const overCap = await payCod(saree.buyer, saree.orderNumber!);
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toEqual({
      error: 'Invalid field: method',
      fields: { method: 'Cash on delivery is available for orders up to ₹5,000' },
    });

    expect((await putSettings({ ...DELIVERY, cod: { enabled: true, pinPrefixes: ['30'] } })).statusCode).toBe(
      200,
    );
    const kurta = await place(pune, [{ sku: 'KUR-1299', quantity: 1 }]);
    expect((await methodsOffered(kurta.buyer, kurta.orderNumber)).map((o) => o.value)).not.toContain('cod');
    const outside = await payCod(kurta.buyer, kurta.orderNumber!);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields).toEqual({ method: 'Cash on delivery is not available for this PIN code' });

    expect((await putSettings({ ...DELIVERY, cod: { enabled: false } })).statusCode).toBe(200);
    const off = await payCod(kurta.buyer, kurta.orderNumber!);
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toEqual({ method: 'This shop does not offer cash on delivery' });
    expect((await storedOrder(kurta.orderNumber!)).status).toBe(ORDER_STATUS.pending);
  });

  it('COD: a third open COD order of one account is refused until one is delivered', async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      numbers.push((await place(jaipur, [{ sku: 'FAB-450', quantity: 1 }], buyer)).orderNumber!);
    }
    expect((await payCod(buyer!, numbers[0]!)).statusCode).toBe(200);
    expect((await payCod(buyer!, numbers[1]!)).statusCode).toBe(200);
    const third = await payCod(buyer!, numbers[2]!);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: TOO_MANY_COD_ORDERS });
    expect((await storedOrder(numbers[2]!)).status).toBe(ORDER_STATUS.pending);

    const first = await storedOrder(numbers[0]!);
    await transition(database.db, 1, first.id, ORDER_STATUS.shipped, 'test: ship', {
      trackingNumber: 'EE2IN',
    });
    await transition(database.db, 1, first.id, ORDER_STATUS.delivered, 'test: deliver');
    expect((await payCod(buyer!, numbers[2]!)).statusCode).toBe(200);
  });

  it('the tax invoice prints shipping and the COD fee as SAC lines at the principal rate, IGST or CGST + SGST', async () => {
    const invoiceText = async (address: typeof pune) => {
      const { buyer, orderNumber } = await place(address, [
        { sku: 'KUR-2800', quantity: 1 },
        { sku: 'FAB-450', quantity: 2 },
      ]);
      expect((await payCod(buyer, orderNumber!)).statusCode).toBe(200);
      const order = await storedOrder(orderNumber!);
      await transition(database.db, 1, order.id, ORDER_STATUS.shipped, 'test: ship', {
        trackingNumber: 'EE3IN',
      });
      const [invoice] = await database.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, order.id));
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${orderNumber}/invoice`,
        headers: buyer.headers,
      });
      expect(response.statusCode).toBe(200);
      const [text] = await pdfText(response.rawPayload);
      return { text: text!, number: invoice!.number, order };
    };
    const across = await invoiceText(pune);
    for (const expected of [
      'Maroon Raw Silk Kurta 6211 1 PCS ₹2,800.00 ₹2,372.88 18 % ₹427.12 ₹2,800.00',
      'Sanganeri Cotton Fabric 5208 2 MTR ₹450.00 ₹857.14 5 % ₹42.86 ₹900.00',
      'Shipping 9965 1 ₹99.00 ₹83.90 18 % ₹15.10 ₹99.00',
      'Cash on delivery fee 9971 1 ₹49.00 ₹41.53 18 % ₹7.47 ₹49.00',
      'Taxable value ₹3,355.45 IGST ₹492.55 Total ₹3,848.00',
      'Total in words: Rupees Three Thousand Eight Hundred Forty-Eight Only',
    ]) {
      expect(across.text).toContain(expected);
    }
    expect(across.order.taxPaise).toBe(49_255);

    const within = await invoiceText(jaipur);
    expect(within.text).toContain('CGST');
    expect(within.text).toContain('SGST');
    expect(within.text).not.toContain('IGST');
    expect(Number(within.number.slice(-6))).toBe(Number(across.number.slice(-6)) + 1);

    // GSTR-1: the charges are in B2CS at the principal rate, and in the HSN summary by SAC, UQC NA.
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const hsnRows = (await gstr1Export(database.db, 1, month)).hsn.trim().split(/\r?\n/);
    // Other tests of this file ship orders too: each SAC row adds up (value = taxable + tax), quantity 0.
    for (const sac of ['9965', '9971']) {
      const rows = hsnRows.filter((row) => row.startsWith(`B2C,${sac},`)).map((row) => row.split(','));
      expect(rows.map((row) => [row[3], row[4], row[6]])).toContainEqual(['NA', '0', '18']);
      for (const row of rows) {
        const [value, taxable, igst, cgst, sgst] = [5, 7, 8, 9, 10].map((index) =>
          Math.round(Number(row[index]) * 100),
        );
        expect(taxable! + igst! + cgst! + sgst!).toBe(value);
      }
    }
  });

  it('settings: owner only, validated field by field, audited', async () => {
    const staff = await insertSignedInMember(database.db, 1, 'staff');
    const staffGet = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings/delivery',
      headers: staff.headers,
    });
    expect(staffGet.statusCode).toBe(403);
    expect(staffGet.json()).toEqual({ error: OWNER_ONLY_MESSAGE });
    expect((await putSettings({}, staff)).statusCode).toBe(403);

    const got = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings/delivery',
      headers: owner.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({
      flatCharge: 99,
      freeAbove: 5000,
      minDays: 3,
      maxDays: 7,
      zones: [
        { name: 'Rajasthan', states: ['Rajasthan'], pinPrefixes: [], charge: 49, minDays: 2, maxDays: 3 },
      ],
      unservedPinPrefixes: ['744'],
      cod: { enabled: true, fee: 49, maxOrderValue: 5000, pinPrefixes: [] },
    });

    const bad = await putSettings({
      flatCharge: -5,
      zones: [{ name: 'X', states: ['Gondwana'], charge: 1, minDays: 1, maxDays: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      flatCharge: 'must be 0 or more',
      'zones.0.states.0': 'must be one of the 36 states and union territories',
    });

    const saved = await putSettings({ flatCharge: 79, cod: { enabled: true, fee: 39 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ flatCharge: 79, freeAbove: null, zones: [], cod: { fee: 39 } });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'delivery')))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ actor: owner.email, action: 'update' });
    expect(entry!.before).toMatchObject({ flatCharge: 99 });
    expect(entry!.after).toMatchObject({ flatCharge: 79, cod: { fee: 39 } });
  });
});
