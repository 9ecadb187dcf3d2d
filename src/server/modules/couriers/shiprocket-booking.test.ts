/**
 * 'Ship with Shiprocket' through `app.inject()` on a real database against a local stand-in of Shiprocket's
 * API (../../test/shiprocket-stand-in.ts): one order and many are booked with the documented calls and bodies,
 * shipped with the AWB and courier (invoice issued), their label kept and downloadable; Shiprocket's refusals
 * answer its message and leave the order as it was, and a retry goes on without a second Shiprocket order;
 * the token is reused until it expires or is refused.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { courierShipments, shiprocketAccounts } from '../../db/schema/courier-tables';
import { orders } from '../../db/schema/order-tables';
import {
  asMember,
  insertShippableOrder,
  insertShiprocketShop,
  settingsBody,
  type ShiprocketShop,
} from '../../test/shiprocket-fixture';
import {
  STAND_IN_LABEL,
  startShiprocketStandIn,
  type ShiprocketStandIn,
} from '../../test/shiprocket-stand-in';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const LOGIN = '/v1/external/auth/login';
const CREATE = '/v1/external/orders/create/adhoc';
const ASSIGN = '/v1/external/courier/assign/awb';
const PICKUP = '/v1/external/courier/generate/pickup';
const LABEL = '/v1/external/courier/generate/label';

describe.each(testDatabaseKinds)('Ship with Shiprocket on %s', (kind) => {
  let database: TestDatabase;
  let standIn: ShiprocketStandIn;
  let app: FastifyInstance;
  let setup: ShiprocketShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    standIn = await startShiprocketStandIn();
    app = await buildTestApp(database, { SHIPROCKET_API_URL: standIn.url });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    standIn.reset();
    setup = await insertShiprocketShop(database.db);
    const saved = await asMember(
      app,
      setup.owner,
      'PUT',
      '/settings/shiprocket',
      settingsBody(standIn.email, standIn.password),
    );
    expect(saved.statusCode).toBe(200);
  });

  const ship = (orderNumber: string) =>
    asMember(app, setup.staff, 'POST', `/orders/${orderNumber}/shiprocket`, {});
  const statusOf = async (orderId: string) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!
      .status;

  it('books one order with the documented calls, ships it with the AWB and courier, and keeps its label', async () => {
    const order = await insertShippableOrder(database.db, setup);
    const response = await ship(order.orderNumber.toLowerCase());
    expect(response.statusCode).toBe(200);
    // The stand-in's first token is stand-in-token-1, its first shipment 500000002.
    const shipmentId = 500_000_002;
    const awb = `1900${shipmentId}`;
    expect(response.json()).toMatchObject({
      orderNumber: order.orderNumber,
      status: ORDER_STATUS.shipped,
      courier: 'Delhivery',
      trackingNumber: awb,
      documents: [{ document: 'invoice' }],
    });
    expect(standIn.requests.map((request) => request.path)).toEqual([
      LOGIN,
      CREATE,
      ASSIGN,
      PICKUP,
      LABEL,
      `/labels/${shipmentId}.pdf`,
    ]);
    expect(standIn.calls(LOGIN)[0]!.body).toEqual({ email: standIn.email, password: standIn.password });
    expect(standIn.calls(CREATE)[0]!.authorization).toBe('Bearer stand-in-token-1');
    const created = standIn.calls(CREATE)[0]!.body;
    const rupees = order.totalPaise / 100;
    expect(created).toMatchObject({
      order_id: order.orderNumber,
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Verma',
      billing_address: '14 Assi Ghat Road',
      billing_city: 'Varanasi',
      billing_pincode: '221005',
      billing_state: 'Uttar Pradesh',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9839041736',
      shipping_is_billing: true,
      payment_method: 'Prepaid',
      shipping_charges: 0,
      transaction_charges: 0,
      sub_total: rupees,
      length: 30,
      breadth: 25,
      height: 5,
      weight: 0.75,
    });
    expect(created.order_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(created.order_items).toEqual([
      expect.objectContaining({ sku: expect.any(String), units: 2 }),
      expect.objectContaining({ sku: expect.any(String), units: 1 }),
    ]);
    expect(standIn.calls(ASSIGN)[0]!.body).toEqual({ shipment_id: shipmentId });
    expect(standIn.calls(PICKUP)[0]!.body).toEqual({ shipment_id: [shipmentId] });
    expect(standIn.calls(LABEL)[0]!.body).toEqual({ shipment_id: [shipmentId] });

    const shipment = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipment`);
    expect(shipment.json()).toEqual({
      shiprocketAvailable: true,
      shipment: {
        provider: 'shiprocket',
        testMode: false,
        shipmentId: String(shipmentId),
        awb,
        courierName: 'Delhivery Surface',
        trackingStatus: null,
        labelAvailable: true,
      },
    });
    const label = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipping-label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.headers['content-disposition']).toBe(
      `attachment; filename="Label-${order.orderNumber}.pdf"`,
    );
    expect(label.rawPayload.equals(STAND_IN_LABEL)).toBe(true);

    const again = await ship(order.orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `Only a processing order can be shipped: ${order.orderNumber} is Shipped`,
    });
    expect(standIn.calls(CREATE)).toHaveLength(1);
  });

  it('books a cash-on-delivery order as COD: the courier collects the total (sub-total + shipping + COD fee)', async () => {
    const order = await insertShippableOrder(database.db, setup);
    await database.db
      .update(orders)
      .set({
        cashOnDelivery: true,
        shippingFeePaise: 5_000,
        codFeePaise: 4_000,
        totalPaise: order.totalPaise + 9_000,
      })
      .where(eq(orders.id, order.id));
    expect((await ship(order.orderNumber)).statusCode).toBe(200);
    expect(standIn.calls(CREATE)[0]!.body).toMatchObject({
      payment_method: 'COD',
      sub_total: order.totalPaise / 100,
      shipping_charges: 50,
      transaction_charges: 40,
    });
  });

  it("answers Shiprocket's message and leaves the order as it was; a retry goes on without a second Shiprocket order", async () => {
    const order = await insertShippableOrder(database.db, setup);
    standIn.failNext(ASSIGN, 400, {
      message: 'Selected courier is not serviceable for this pincode',
      status_code: 400,
    });
    const refused = await ship(order.orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Shiprocket: Selected courier is not serviceable for this pincode',
    });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.processing);
    const detail = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}`);
    expect(detail.json()).toMatchObject({
      status: ORDER_STATUS.processing,
      trackingNumber: null,
      courier: null,
    });

    standIn.failNext(LABEL, 500, { message: 'Something went wrong', status_code: 500 });
    const labelRefused = await ship(order.orderNumber);
    expect(labelRefused.json()).toEqual({ error: 'Shiprocket: Something went wrong' });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.processing);

    // A booking of the same order already running: refused; once its claim has run out, the retry goes on.
    await database.db.update(courierShipments).set({ bookingUntil: new Date(Date.now() + 60_000) });
    const running = await ship(order.orderNumber);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({
      error: 'This order is being booked with Shiprocket already: try again in a minute',
    });
    await database.db.update(courierShipments).set({ bookingUntil: new Date(Date.now() - 1000) });

    const retried = await ship(order.orderNumber);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: ORDER_STATUS.shipped, courier: 'Delhivery' });
    expect(standIn.calls(CREATE)).toHaveLength(1);
    expect(standIn.calls(ASSIGN)).toHaveLength(2);
    expect(standIn.calls(PICKUP)).toHaveLength(1);
    expect(standIn.calls(LABEL)).toHaveLength(2);
  });

  it("answers Shiprocket's 422 for a wrong pickup location and a wrong password; nothing changes", async () => {
    const order = await insertShippableOrder(database.db, setup);
    await database.db.update(shiprocketAccounts).set({ pickupLocation: 'Godown 2' });
    const wrongPickup = await ship(order.orderNumber);
    expect(wrongPickup.statusCode).toBe(409);
    expect(wrongPickup.json()).toEqual({
      error: 'Shiprocket: Wrong Pickup location entered. Please choose one location from data given',
    });
    await database.db
      .update(shiprocketAccounts)
      .set({ password: 'wrong', apiToken: null, apiTokenExpiresAt: null });
    const wrongPassword = await ship(order.orderNumber);
    expect(wrongPassword.json()).toEqual({ error: 'Shiprocket: Invalid email and password combination' });
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.processing);
    expect(standIn.calls(ASSIGN)).toHaveLength(0);
  });

  it('reuses the token until it expires, and signs in again when Shiprocket refuses it', async () => {
    const first = await insertShippableOrder(database.db, setup);
    const second = await insertShippableOrder(database.db, setup);
    const third = await insertShippableOrder(database.db, setup);
    const fourth = await insertShippableOrder(database.db, setup);
    expect((await ship(first.orderNumber)).statusCode).toBe(200);
    expect((await ship(second.orderNumber)).statusCode).toBe(200);
    expect(standIn.calls(LOGIN)).toHaveLength(1);
    const [kept] = await database.db.select().from(shiprocketAccounts);
    const lifetime = kept!.apiTokenExpiresAt!.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(9 * 86_400_000);

    await database.db.update(shiprocketAccounts).set({ apiTokenExpiresAt: new Date(Date.now() - 1000) });
    expect((await ship(third.orderNumber)).statusCode).toBe(200);
    expect(standIn.calls(LOGIN)).toHaveLength(2);
    const tokens = standIn.calls(CREATE).map((call) => call.authorization);
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).not.toBe(tokens[0]);

    standIn.revokeTokens();
    expect((await ship(fourth.orderNumber)).statusCode).toBe(200);
    expect(standIn.calls(LOGIN)).toHaveLength(3);
    expect(standIn.calls(CREATE).map((call) => call.body.order_id)).toEqual([
      first.orderNumber,
      second.orderNumber,
      third.orderNumber,
      fourth.orderNumber,
      fourth.orderNumber,
    ]);
  });

  it('books many orders at once: each answers its outcome, a refused one is unchanged', async () => {
    const first = await insertShippableOrder(database.db, setup);
    const pending = await insertShippableOrder(database.db, setup, ORDER_STATUS.pending);
    const second = await insertShippableOrder(database.db, setup);
    const response = await asMember(app, setup.staff, 'POST', '/orders/shiprocket', {
      orderNumbers: [first.orderNumber, pending.orderNumber, second.orderNumber.toLowerCase()],
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toEqual([
      {
        orderNumber: first.orderNumber,
        shipped: true,
        awb: expect.stringMatching(/^1900\d+$/),
        courierName: 'Delhivery',
      },
      {
        orderNumber: pending.orderNumber,
        shipped: false,
        error: `Only a processing order can be shipped: ${pending.orderNumber} is Pending`,
      },
      {
        orderNumber: second.orderNumber,
        shipped: true,
        awb: expect.stringMatching(/^1900\d+$/),
        courierName: 'Delhivery',
      },
    ]);
    expect(await statusOf(first.id)).toBe(ORDER_STATUS.shipped);
    expect(await statusOf(pending.id)).toBe(ORDER_STATUS.pending);
    expect(await statusOf(second.id)).toBe(ORDER_STATUS.shipped);
    expect(standIn.calls(LOGIN)).toHaveLength(1);
  });

  it('refuses a bad list of orders (400) and answers 404 for a label that is not there', async () => {
    const empty = await asMember(app, setup.staff, 'POST', '/orders/shiprocket', { orderNumbers: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Invalid field: orderNumbers',
      fields: { orderNumbers: 'must name at least one order' },
    });
    const order = await insertShippableOrder(database.db, setup);
    const label = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipping-label`);
    expect(label.statusCode).toBe(404);
    expect(label.json()).toEqual({ error: 'This order has no shipping label' });
    const shipment = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipment`);
    expect(shipment.json()).toEqual({ shiprocketAvailable: true, shipment: null });
  });
});
