/**
 * Shipping charges through the real app: the charge for the delivery PIN code, state and subtotal computed by
 * the server (never the client's) and taxed at the principal supply's rate, unserved PIN codes refused, the
 * product page's check, the checkout's quote, and the owner-only settings API with its audit.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { orders } from '../../db/schema/order-tables';
import { insertSignedInMember } from '../../test/admin-member';
import { insertSignedInCustomers } from '../../test/session-customer';
import { testDatabaseKinds } from '../../test/test-database';
import { OWNER_ONLY_MESSAGE } from '../auth/role-hook';
import { indiaDatePlusDays } from '@shared/delivery/delivery-dates';
import {
  DELIVERY,
  jaipur,
  openDeliveryTestShop,
  portBlair,
  pune,
  type DeliveryTestShop,
} from '../../test/delivery-test-shop';

describe.each(testDatabaseKinds)('shipping charges on %s', (kind) => {
  let shop: DeliveryTestShop;
  beforeAll(async () => {
    shop = await openDeliveryTestShop(kind);
  });
  afterAll(async () => {
    await shop?.close();
  });
  beforeEach(async () => {
    expect((await shop.putSettings(DELIVERY)).statusCode).toBe(200);
  });

  it('checks a PIN code for the product page: served with charge and estimate, COD fee, or not served', async () => {
    const check = (query: string) =>
      shop.app.inject({ method: 'GET', url: `/api/v1/delivery/check?${query}` });
    const today = new Date();
    expect((await check('postalCode=411001')).json()).toEqual({
      postalCode: '411001',
      served: true,
      shipping: 99,
      minDays: 3,
      maxDays: 7,
      earliestDate: indiaDatePlusDays(today, 3),
      latestDate: indiaDatePlusDays(today, 7),
      codFee: 49,
      cod: 'available',
      codMaxOrderValue: 5000,
    });
    expect((await check('postalCode=302001&state=Rajasthan&subtotal=1200')).json()).toMatchObject({
      shipping: 49,
      minDays: 2,
      maxDays: 3,
    });
    expect((await check('postalCode=302001&state=Rajasthan&subtotal=5000')).json()).toMatchObject({
      shipping: 0,
    });
    expect((await check('postalCode=411001&subtotal=6000')).json()).toMatchObject({
      codFee: null,
      cod: 'over-cap',
      codMaxOrderValue: 5000,
    });
    expect((await check('postalCode=744101')).json()).toEqual({
      postalCode: '744101',
      served: false,
      shipping: null,
      minDays: null,
      maxDays: null,
      earliestDate: null,
      latestDate: null,
      codFee: null,
      cod: null,
      codMaxOrderValue: null,
    });
    const bad = await check('postalCode=0123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ postalCode: 'Please enter a 6-digit PIN code' });
  });

  it.each(['999999', '100000', '000000'])('refuses %s, a PIN code of no state, with 400', async (pin) => {
    const answer = await shop.app.inject({ method: 'GET', url: `/api/v1/delivery/check?postalCode=${pin}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({
      postalCode: pin === '000000' ? 'Please enter a 6-digit PIN code' : 'Enter a valid PIN code',
    });
  });

  it('says where cash on delivery is not offered: outside its PIN prefixes, or a shop without it', async () => {
    const check = (query: string) =>
      shop.app.inject({ method: 'GET', url: `/api/v1/delivery/check?${query}` });
    await shop.putSettings({ ...DELIVERY, cod: { enabled: true, pinPrefixes: ['302'] } });
    expect((await check('postalCode=411001')).json()).toMatchObject({ cod: 'outside-area', codFee: null });
    expect((await check('postalCode=302001')).json()).toMatchObject({ cod: 'available', codFee: 49 });
    await shop.putSettings({ ...DELIVERY, cod: { enabled: false } });
    expect((await check('postalCode=302001')).json()).toMatchObject({
      cod: 'not-offered',
      codFee: null,
      codMaxOrderValue: null,
    });
  });

  it('another state: ₹99 shipping with IGST at the principal supply rate (18 % of the ₹2,800 kurta)', async () => {
    const { response, orderNumber } = await shop.place(pune, [
      { sku: 'KUR-2800', quantity: 1 },
      { sku: 'FAB-450', quantity: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const order = await shop.storedOrder(orderNumber!);
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
    const { orderNumber } = await shop.place(jaipur, [{ sku: 'KUR-1299', quantity: 1 }]);
    const order = await shop.storedOrder(orderNumber!);
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
    const free = await shop.storedOrder(
      (await shop.place(pune, [{ sku: 'KUR-2800', quantity: 2 }])).orderNumber!,
    );
    expect(free).toMatchObject({ shippingFeePaise: 0, totalPaise: 560_000, charges: [] });
  });

  it("the checkout's quote: the shipping for the PIN code, its GST in the tax, and the COD fee where offered", async () => {
    const quote = (body: object) =>
      shop.app.inject({ method: 'POST', url: '/api/v1/gst/quote', payload: body });
    const lines = [
      { productId: shop.ids['KUR-2800'], quantity: 1 },
      { productId: shop.ids['FAB-450'], quantity: 2 },
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
      (
        await quote({ lines: [{ productId: shop.ids['SAR-8900'], quantity: 1 }], postalCode: '411001' })
      ).json(),
    ).toMatchObject({ shipping: 0, codFee: null });
    expect(
      (await quote({ lines, state: 'Andaman and Nicobar Islands', postalCode: '744101' })).json(),
    ).toMatchObject({ tax: 469.98, shipping: null, codFee: null });
  });

  it('refuses a PIN code the shop does not deliver to, naming the field', async () => {
    const { response } = await shop.place(portBlair, [{ sku: 'KUR-1299', quantity: 1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid field: shippingAddress.postalCode',
      fields: { 'shippingAddress.postalCode': 'We do not deliver to this PIN code yet' },
    });
    expect(await shop.database.db.select().from(orders).where(eq(orders.postalCode, '744101'))).toEqual([]);
  });

  it('a client cannot choose its shipping charge: the server computes it again', async () => {
    const [buyer] = await insertSignedInCustomers(shop.database.db, 1);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: pune,
        lines: [{ productId: shop.ids['KUR-1299'], quantity: 1 }],
        shippingFee: 0,
        shipping: 0,
      },
    });
    expect(response.statusCode).toBe(201);
    expect((await shop.storedOrder(response.json<{ id: string }>().id)).shippingFeePaise).toBe(9_900);
  });

  it('settings: owner only, validated field by field, audited', async () => {
    const staff = await insertSignedInMember(shop.database.db, 1, 'staff');
    const staffGet = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings/delivery',
      headers: staff.headers,
    });
    expect(staffGet.statusCode).toBe(403);
    expect(staffGet.json()).toEqual({ error: OWNER_ONLY_MESSAGE });
    expect((await shop.putSettings({}, staff)).statusCode).toBe(403);

    const got = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings/delivery',
      headers: shop.owner.headers,
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

    const bad = await shop.putSettings({
      flatCharge: -5,
      zones: [{ name: 'X', states: ['Gondwana'], charge: 1, minDays: 1, maxDays: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      flatCharge: 'must be 0 or more',
      'zones.0.states.0': 'must be one of the 36 states and union territories',
    });

    const saved = await shop.putSettings({ flatCharge: 79, cod: { enabled: true, fee: 39 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ flatCharge: 79, freeAbove: null, zones: [], cod: { fee: 39 } });
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'delivery')))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ actor: shop.owner.email, action: 'update' });
    expect(entry!.before).toMatchObject({ flatCharge: 99 });
    expect(entry!.after).toMatchObject({ flatCharge: 79, cod: { fee: 39 } });
  });
});
