/**
 * Shiprocket's tracking webhook through `app.inject()` on a real database: an order booked against the local
 * stand-in (../../test/shiprocket-stand-in.ts) is moved by the updates Shiprocket sends — 'Out for delivery'
 * shown to the shopper (the status code stays Shipped), DELIVERED → Delivered, RTO INITIATED → returned to
 * origin; a repeated update changes nothing; a wrong or missing `x-api-key`, an AWB of no order of this shop
 * and a body without an AWB are refused and change nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { courierShipments, shiprocketAccounts } from '../../db/schema/courier-tables';
import { orders } from '../../db/schema/order-tables';
import { insertTestOrder, insertTestShop } from '../../test/order-fixture';
import {
  asMember,
  insertShippableOrder,
  insertShiprocketShop,
  settingsBody,
  SHIPROCKET_HOST,
  WEBHOOK_TOKEN,
  type ShiprocketShop,
} from '../../test/shiprocket-fixture';
import { startShiprocketStandIn, type ShiprocketStandIn } from '../../test/shiprocket-stand-in';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('the Shiprocket tracking webhook on %s', (kind) => {
  let database: TestDatabase;
  let standIn: ShiprocketStandIn;
  let app: FastifyInstance;
  let setup: ShiprocketShop;
  let orderNumber: string;
  let orderId: string;
  let awb: string;

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
    await asMember(
      app,
      setup.owner,
      'PUT',
      '/settings/shiprocket',
      settingsBody(standIn.email, standIn.password),
    );
    const order = await insertShippableOrder(database.db, setup);
    const shipped = await asMember(app, setup.staff, 'POST', `/orders/${order.orderNumber}/shiprocket`, {});
    expect(shipped.statusCode).toBe(200);
    orderNumber = order.orderNumber;
    orderId = order.id;
    awb = shipped.json().trackingNumber;
  });

  /** Shiprocket's update of `awb` with `status` (its payload's shape, trimmed to a few of its fields). */
  const update = (status: string, options: { token?: string | null; awb?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/couriers/shiprocket/webhook',
      headers: {
        'x-store-host': SHIPROCKET_HOST,
        ...(options.token === null ? {} : { 'x-api-key': options.token ?? WEBHOOK_TOKEN }),
      },
      payload: {
        awb: options.awb ?? awb,
        courier_name: 'Delhivery Surface',
        current_status: status,
        current_status_id: 0,
        shipment_status: status,
        current_timestamp: '28 11 2026 14:05:00',
        order_id: orderNumber,
        sr_order_id: 300000002,
        etd: '2026-11-30 23:59:59',
        scans: [
          { date: '2026-11-28 14:05:00', status: 'X-DDD3FD', activity: status, location: 'Varanasi_Hub' },
        ],
      },
    });
  const orderRow = async () => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const tracked = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${orderNumber}?contactInfo=asha@example.com`,
        headers: { 'x-store-host': SHIPROCKET_HOST },
      })
    ).json();

  it("'OUT FOR DELIVERY' is shown to the shopper while the order stays Shipped; repeated, it changes nothing", async () => {
    const first = await update('OUT FOR DELIVERY');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ orderNumber, changed: true });
    expect(await tracked()).toMatchObject({
      status: ORDER_STATUS.shipped,
      courierStatus: 'Out for delivery',
    });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { 'x-store-host': SHIPROCKET_HOST, ...setup.customer.headers },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({
        id: orderNumber,
        status: ORDER_STATUS.shipped,
        courierStatus: 'Out for delivery',
      }),
    ]);
    const repeated = await update('OUT FOR DELIVERY');
    expect(repeated.json()).toEqual({ orderNumber, changed: false });
    // The same endpoint under the path without Shiprocket's name.
    const alias = await app.inject({
      method: 'POST',
      url: '/api/v1/couriers/tracking-updates',
      headers: { 'x-store-host': SHIPROCKET_HOST, 'x-api-key': WEBHOOK_TOKEN },
      payload: { awb, current_status: 'Out for Delivery' },
    });
    expect(alias.json()).toEqual({ orderNumber, changed: false });
    const shipment = await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}/shipment`);
    expect(shipment.json().shipment.trackingStatus).toBe('OUT FOR DELIVERY');
  });

  it('DELIVERED moves the order to Delivered through the state machine, once', async () => {
    const delivered = await update('DELIVERED');
    expect(delivered.json()).toEqual({ orderNumber, changed: true });
    expect((await orderRow()).status).toBe(ORDER_STATUS.delivered);
    expect(await tracked()).toMatchObject({ status: ORDER_STATUS.delivered, courierStatus: null });
    const detail = await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}`);
    expect(detail.json().audit.at(-1)).toMatchObject({ actor: 'Shiprocket', action: 'deliver' });
    expect(detail.json().history.at(-1)).toMatchObject({
      from: ORDER_STATUS.shipped,
      to: ORDER_STATUS.delivered,
    });
    const repeated = await update('Delivered');
    expect(repeated.json()).toEqual({ orderNumber, changed: false });
    expect((await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}`)).json().history).toHaveLength(
      detail.json().history.length,
    );
  });

  it("RTO INITIATED marks the order returned to origin (the returns module's RTO); RTO DELIVERED after it moves nothing", async () => {
    const rto = await update('RTO INITIATED');
    expect(rto.json()).toEqual({ orderNumber, changed: true });
    const row = await orderRow();
    expect(row.status).toBe(ORDER_STATUS.cancelled);
    expect(row.cancellationCause).toBe('returned to origin');
    const detail = await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}`);
    expect(detail.json().audit.at(-1)).toMatchObject({ actor: 'Shiprocket', action: 'rto' });
    const back = await update('RTO DELIVERED');
    expect(back.json()).toEqual({ orderNumber, changed: true });
    expect((await orderRow()).status).toBe(ORDER_STATUS.cancelled);
    expect((await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}`)).json().history).toHaveLength(
      detail.json().history.length,
    );
  });

  it('refuses a wrong or missing token (401), an unknown AWB (404) and a body without an AWB (400): nothing changes', async () => {
    const wrong = await update('DELIVERED', { token: `${WEBHOOK_TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Wrong or missing x-api-key' });
    const missing = await update('DELIVERED', { token: null });
    expect(missing.statusCode).toBe(401);
    const unknown = await update('DELIVERED', { awb: '190099999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No order of this shop was booked under this AWB' });
    const noAwb = await app.inject({
      method: 'POST',
      url: '/api/v1/couriers/shiprocket/webhook',
      headers: { 'x-store-host': SHIPROCKET_HOST, 'x-api-key': WEBHOOK_TOKEN },
      payload: { current_status: 'DELIVERED' },
    });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json()).toEqual({ error: 'Invalid field: awb', fields: { awb: expect.any(String) } });

    // Another shop's parcel: not an order of this shop.
    const other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    const otherOrder = await insertTestOrder(database.db, {
      storeId: other.storeId,
      userId: setup.userId,
      status: ORDER_STATUS.shipped,
      lines: [{ productId: other.saree, quantity: 1 }],
    });
    await database.db.insert(courierShipments).values({
      storeId: other.storeId,
      orderId: otherOrder.id,
      provider: 'shiprocket',
      awb: '190077777777',
    });
    const elsewhere = await update('DELIVERED', { awb: '190077777777' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: 'No order of this shop was booked under this AWB' });

    // No token set: every update is refused.
    await database.db
      .update(shiprocketAccounts)
      .set({ webhookToken: null })
      .where(eq(shiprocketAccounts.storeId, setup.shop.storeId));
    expect((await update('DELIVERED')).statusCode).toBe(401);

    const row = await orderRow();
    expect(row.status).toBe(ORDER_STATUS.shipped);
    expect(row.courierStatus).toBeNull();
    const shipment = await asMember(app, setup.staff, 'GET', `/orders/${orderNumber}/shipment`);
    expect(shipment.json().shipment.trackingStatus).toBeNull();
  });
});
