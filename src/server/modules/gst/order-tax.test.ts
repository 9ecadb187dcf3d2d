/**
 * GST stored per line when an order is placed, through the real app: CGST + SGST within the store's state,
 * IGST to another, the apparel slab, fabric by the metre, category defaults and product overrides, an
 * unregistered store, and the refusals of the State and PIN code.
 */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { products } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { GST_TEST_GSTIN, gstTestCatalog } from '../../test/gst-test-catalog';

const jaipur = {
  fullName: 'Meera Joshi',
  address: '22 MI Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '+91 94140 12345',
};
const pune = { ...jaipur, city: 'Pune', state: 'Maharashtra', postalCode: '411001' };

describe.each(testDatabaseKinds)('GST on placed orders on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, gstTestCatalog());
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const place = async (
    shippingAddress: Record<string, string>,
    lines: { sku: string; quantity: number }[],
  ) => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress,
        lines: lines.map((line) => ({ productId: ids[line.sku], quantity: line.quantity })),
      },
    });
    return { response, buyer: buyer! };
  };
  const storedLines = async (orderNumber: string) => {
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.position));
    return { order: order!, lines };
  };

  it('another state: IGST at 18 % on a ₹2,800 kurta and 5 % on 2 m of fabric, stored and answered', async () => {
    const { response, buyer } = await place(pune, [
      { sku: 'KUR-2800', quantity: 1 },
      { sku: 'FAB-450', quantity: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    const { order, lines } = await storedLines(id);
    expect(order).toMatchObject({
      supplierGstin: GST_TEST_GSTIN,
      supplierStateCode: '08',
      placeOfSupplyCode: '27',
      taxPaise: 42_712 + 4_286,
      totalPaise: 370_000,
    });
    expect(
      lines.map(({ hsn, gstRate, taxableValuePaise, taxPaise, cgstPaise, sgstPaise, igstPaise }) => ({
        hsn,
        gstRate,
        taxableValuePaise,
        taxPaise,
        cgstPaise,
        sgstPaise,
        igstPaise,
      })),
    ).toEqual([
      {
        hsn: '6211',
        gstRate: 18,
        taxableValuePaise: 237_288,
        taxPaise: 42_712,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 42_712,
      },
      {
        hsn: '5208',
        gstRate: 5,
        taxableValuePaise: 85_714,
        taxPaise: 4_286,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 4_286,
      },
    ]);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers });
    const answered = mine.json<Order[]>()[0]!;
    expect(answered).toMatchObject({ tax: 469.98, gstSupply: 'inter-state', total: 3700 });
    expect(
      answered.items.map(({ hsn, gstRate, taxableValue, tax, igst, cgst, sgst }) => ({
        hsn,
        gstRate,
        taxableValue,
        tax,
        igst,
        cgst,
        sgst,
      })),
    ).toEqual([
      { hsn: '6211', gstRate: 18, taxableValue: 2372.88, tax: 427.12, igst: 427.12, cgst: 0, sgst: 0 },
      { hsn: '5208', gstRate: 5, taxableValue: 857.14, tax: 42.86, igst: 42.86, cgst: 0, sgst: 0 },
    ]);
  });

  it('the same state: CGST + SGST halves; category default and product override; the ₹1,299 kurta at 5 %', async () => {
    const { response, buyer } = await place(jaipur, [
      { sku: 'KUR-1299', quantity: 1 },
      { sku: 'SAR-8900', quantity: 1 },
      { sku: 'BAG-599', quantity: 1 },
    ]);
    expect(response.statusCode).toBe(201);
    const { order, lines } = await storedLines(response.json<{ id: string }>().id);
    expect(order.placeOfSupplyCode).toBe('08');
    expect(
      lines.map(({ hsn, gstRate, taxPaise, cgstPaise, sgstPaise, igstPaise }) => [
        hsn,
        gstRate,
        taxPaise,
        cgstPaise,
        sgstPaise,
        igstPaise,
      ]),
    ).toEqual([
      ['6211', 5, 6_186, 3_093, 3_093, 0], // 1,29,900 − round(1,29,900 × 100 / 105) = 6,186
      ['5007', 5, 42_381, 21_190, 21_191, 0], // 8,90,000 → 8,47,619 taxable; the odd paisa to SGST
      ['4202', 18, 9_137, 4_568, 4_569, 0], // 59,900 → 50,763 taxable
    ]);
    for (const line of lines) expect(line.taxableValuePaise! + line.taxPaise).toBe(line.lineTotalPaise);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers });
    expect(mine.json<Order[]>()[0]).toMatchObject({ gstSupply: 'intra-state', tax: 577.04 });
  });

  it('stores the state as the list spells it, whatever its letter case', async () => {
    const { response } = await place({ ...pune, state: '  maharashtra ' }, [{ sku: 'BAG-599', quantity: 1 }]);
    expect(response.statusCode).toBe(201);
    const { order } = await storedLines(response.json<{ id: string }>().id);
    expect(order.state).toBe('Maharashtra');
  });

  it.each([
    [
      { ...pune, postalCode: '302001' },
      { 'shippingAddress.postalCode': 'PIN code does not match the state' },
    ],
    [{ ...pune, postalCode: '999999' }, { 'shippingAddress.postalCode': 'Enter a valid PIN code' }],
    [
      { ...jaipur, state: 'Rajputana' },
      { 'shippingAddress.state': 'must be one of the 36 states and union territories' },
    ],
  ])('refuses %j with nothing stored', async (shippingAddress, fields) => {
    const before = (await database.db.select().from(orders)).length;
    const { response } = await place(shippingAddress, [{ sku: 'BAG-599', quantity: 1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields });
    expect((await database.db.select().from(orders)).length).toBe(before);
  });

  it('a store without a GSTIN charges no tax: not registered', async () => {
    await database.db.update(stores).set({ gstin: null }).where(eq(stores.id, 1));
    try {
      const { response, buyer } = await place(pune, [{ sku: 'KUR-2800', quantity: 1 }]);
      const { order, lines } = await storedLines(response.json<{ id: string }>().id);
      expect(order).toMatchObject({ supplierGstin: null, taxPaise: 0, placeOfSupplyCode: '27' });
      expect(lines[0]).toMatchObject({ hsn: '6211', gstRate: 0, taxableValuePaise: 280_000, taxPaise: 0 });
      const mine = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers });
      expect(mine.json<Order[]>()[0]).toMatchObject({ gstSupply: 'not-registered', tax: 0 });
    } finally {
      await database.db.update(stores).set({ gstin: GST_TEST_GSTIN }).where(eq(stores.id, 1));
    }
  });

  describe('POST /gst/quote', () => {
    const quote = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/gst/quote', payload });

    it('answers the same GST as the placed order stores, by line, before and after the state is chosen', async () => {
      const lines = [
        { productId: ids['KUR-2800'], quantity: 1 },
        { productId: ids['FAB-450'], quantity: 2 },
        { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      ];
      const withoutState = await quote({ lines });
      expect(withoutState.statusCode).toBe(200);
      expect(withoutState.json()).toEqual({
        registered: true,
        supply: null,
        tax: 469.98,
        lines: [
          { position: 0, gstRate: 18, tax: 427.12 },
          { position: 1, gstRate: 5, tax: 42.86 },
        ],
        // No delivery settings: shipping is Free everywhere, so it is known before the PIN code; no COD.
        shipping: 0,
        codFee: null,
      });
      expect((await quote({ lines, state: 'maharashtra' })).json()).toMatchObject({
        supply: 'inter-state',
        tax: 469.98,
      });
      expect((await quote({ lines, state: 'Rajasthan' })).json()).toMatchObject({
        supply: 'intra-state',
        tax: 469.98,
      });
    });

    it.each([
      [{}, 'lines'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ productId: 'x', quantity: -1 }] }, 'lines.0.quantity'],
    ])('refuses %j with 400 naming %s', async (payload, field) => {
      const response = await quote(payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toEqual([field]);
    });
  });
});
