/**
 * A test shop for the delivery and cash-on-delivery tests: the GST test catalogue (a Jaipur shop registered in
 * Rajasthan) with ₹99 shipping, free from ₹5,000, a Rajasthan zone at ₹49 (2–3 days), PIN codes 744… not
 * served and COD on with its defaults; its owner, and helpers that place and pay orders through the real app.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { products } from '../db/schema/catalog-tables';
import { orders } from '../db/schema/order-tables';
import { insertSignedInMember, type SessionMember } from './admin-member';
import { insertSignedInCustomers, type SessionCustomer } from './session-customer';
import { buildTestApp } from './test-app';
import { openTestDatabase, type TestDatabase } from './test-database';
import { catalogImportFileSchema } from '../modules/catalog-file/import-schema';
import { importCatalog } from '../modules/catalog-file/import-service';
import { gstTestCatalog } from './gst-test-catalog';
import { codConfirmToken } from './cod-token';

export const jaipur = {
  fullName: 'Meera Joshi',
  address: '22 MI Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  phone: '+91 94140 12345',
};
export const pune = { ...jaipur, city: 'Pune', state: 'Maharashtra', postalCode: '411001' };
export const portBlair = {
  ...jaipur,
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
};
export const payer = { name: 'Meera Joshi', email: 'meera@example.com', phone: '+919414012345' };

/** The shop's delivery settings in rupees, as the file and the admin screen write them. */
export const DELIVERY = {
  flatCharge: 99,
  freeAbove: 5000,
  zones: [{ name: 'Rajasthan', states: ['Rajasthan'], charge: 49, minDays: 2, maxDays: 3 }],
  unservedPinPrefixes: ['744'],
  cod: { enabled: true },
};

export type DeliveryTestShop = Awaited<ReturnType<typeof openDeliveryTestShop>>;

/** Opens a database of `kind` with the shop imported, its owner signed in, and the app. Close it after. */
export async function openDeliveryTestShop(kind: Parameters<typeof openTestDatabase>[0]) {
  const database: TestDatabase = await openTestDatabase(kind);
  await importCatalog(database.db, catalogImportFileSchema.parse(gstTestCatalog({ delivery: DELIVERY })));
  const ids: Record<string, string> = {};
  for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
  const owner: SessionMember = await insertSignedInMember(database.db, 1, 'owner');
  const app: FastifyInstance = await buildTestApp(database);

  function putSettings(body: object, member: SessionMember = owner) {
    return app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/delivery',
      headers: member.headers,
      payload: body,
    });
  }

  /** Places an order of `lines` (by SKU) to `shippingAddress` for `buyer` (a new customer by default). */
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
  /** Chooses cash on delivery for the order; it then awaits the shopper's confirmation. */
  const payCodUnconfirmed = (buyer: SessionCustomer, orderId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: buyer.headers,
      payload: { orderId, fields: { ...payer, method: 'cod' } },
    });
  /**
   * Chooses cash on delivery and, when that succeeded, confirms it as the shopper does through the link of
   * the 'cod-confirmation' message (the order moves to Processing); answers the payment's response.
   */
  const payCod = async (buyer: SessionCustomer, orderId: string) => {
    const paid = await payCodUnconfirmed(buyer, orderId);
    if (paid.statusCode !== 200) return paid;
    const token = await codConfirmToken(database.db, orderId);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/v1/cod-confirmations/${token}`,
      payload: { answer: 'confirm' },
    });
    expect(confirmed.statusCode).toBe(200);
    return paid;
  };
  /** The payment form's method options for `buyer` (for the order `orderId` when given). */
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
  const close = async () => {
    await app.close();
    await database.close();
  };
  return {
    database,
    app,
    ids,
    owner,
    putSettings,
    place,
    storedOrder,
    payCod,
    payCodUnconfirmed,
    methodsOffered,
    close,
  };
}
