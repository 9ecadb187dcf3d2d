/**
 * The owner's Shiprocket settings through `app.inject()` on a real database: owner only (staff 403), secrets
 * stored but answered masked (`••••1234`) and never written to the audit log, kept when not typed again, bad
 * input refused field by field; without an account the built-in TEST MODE sandbox books outside production
 * (label marked TEST MODE), and in production 'Ship with Shiprocket' is not offered and refused.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { auditLog } from '../../db/schema/admin-tables';
import { shiprocketAccounts } from '../../db/schema/courier-tables';
import { pdfText } from '../../test/pdf-text';
import {
  asMember,
  insertShippableOrder,
  insertShiprocketShop,
  settingsBody,
  WEBHOOK_TOKEN,
  type ShiprocketShop,
} from '../../test/shiprocket-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const PASSWORD = 'sr-api-password-1234';

describe.each(testDatabaseKinds)('the Shiprocket settings on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let setup: ShiprocketShop;

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
    setup = await insertShiprocketShop(database.db);
  });

  it("are the owner's only: staff get 403 and change nothing", async () => {
    const read = await asMember(app, setup.staff, 'GET', '/settings/shiprocket');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: 'Only the shop owner can do this' });
    const write = await asMember(
      app,
      setup.staff,
      'PUT',
      '/settings/shiprocket',
      settingsBody('api@silk.example', PASSWORD),
    );
    expect(write.statusCode).toBe(403);
    expect(await database.db.select().from(shiprocketAccounts)).toEqual([]);
  });

  it('start without an account (TEST MODE sandbox), store the secrets, answer them masked and audit without them', async () => {
    const fresh = await asMember(app, setup.owner, 'GET', '/settings/shiprocket');
    expect(fresh.json()).toEqual({
      email: null,
      password: null,
      pickupLocation: 'Primary',
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 5,
      weightKg: 0.5,
      webhookToken: null,
      testMode: true,
      available: true,
      webhookPath: '/api/v1/couriers/shiprocket/webhook',
    });

    const saved = await asMember(
      app,
      setup.owner,
      'PUT',
      '/settings/shiprocket',
      settingsBody('api@silk.example', PASSWORD),
    );
    expect(saved.statusCode).toBe(200);
    const masked = {
      email: 'api@silk.example',
      password: '••••1234',
      pickupLocation: 'Primary',
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 5,
      weightKg: 0.75,
      webhookToken: '••••5521',
      testMode: false,
      available: true,
      webhookPath: '/api/v1/couriers/shiprocket/webhook',
    };
    expect(saved.json()).toEqual(masked);
    expect((await asMember(app, setup.owner, 'GET', '/settings/shiprocket')).json()).toEqual(masked);
    const [row] = await database.db.select().from(shiprocketAccounts);
    expect(row).toMatchObject({ password: PASSWORD, webhookToken: WEBHOOK_TOKEN, weightGrams: 750 });

    // Not typed again: kept.
    const kept = await asMember(app, setup.owner, 'PUT', '/settings/shiprocket', {
      ...settingsBody('api@silk.example', ''),
      webhookToken: '',
      pickupLocation: 'Godown 2',
    });
    expect(kept.json()).toMatchObject({
      password: '••••1234',
      webhookToken: '••••5521',
      pickupLocation: 'Godown 2',
    });
    expect((await database.db.select().from(shiprocketAccounts))[0]).toMatchObject({
      password: PASSWORD,
      webhookToken: WEBHOOK_TOKEN,
    });

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, 'shiprocket'));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ entity: 'settings', action: 'update' });
    const written = JSON.stringify(audit);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain(WEBHOOK_TOKEN);

    // An empty e-mail removes the account: back to the sandbox.
    const removed = await asMember(app, setup.owner, 'PUT', '/settings/shiprocket', settingsBody('', ''));
    expect(removed.json()).toMatchObject({ email: null, password: null, testMode: true });
  });

  it('refuse bad input field by field (400)', async () => {
    const response = await asMember(app, setup.owner, 'PUT', '/settings/shiprocket', {
      email: 'not-an-email',
      pickupLocation: '',
      lengthCm: 0,
      breadthCm: 2.5,
      heightCm: 301,
      weightKg: 0.0001,
      webhookToken: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'must be an e-mail address',
      pickupLocation: 'is required',
      lengthCm: 'must be at least 1',
      breadthCm: 'must be a whole number of centimetres',
      heightCm: 'must be at most 300',
      weightKg: 'must be at least 0.01',
      webhookToken: 'must be 16 to 200 characters without spaces',
    });
    expect(await database.db.select().from(shiprocketAccounts)).toEqual([]);
  });

  it('without an account, outside production, books with the TEST MODE sandbox and keeps its TEST MODE label', async () => {
    const order = await insertShippableOrder(database.db, setup);
    const shipped = await asMember(app, setup.staff, 'POST', `/orders/${order.orderNumber}/shiprocket`, {});
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: ORDER_STATUS.shipped,
      courier: 'Shiprocket sandbox (TEST MODE)',
      trackingNumber: expect.stringMatching(/^SRTEST\d{9}$/),
    });
    const shipment = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipment`);
    expect(shipment.json().shipment).toMatchObject({
      provider: 'shiprocket-sandbox',
      testMode: true,
      labelAvailable: true,
    });
    const label = await asMember(app, setup.staff, 'GET', `/orders/${order.orderNumber}/shipping-label`);
    const [page] = await pdfText(label.rawPayload);
    expect(page).toContain('TEST MODE shipping label');
    expect(page).toContain(`AWB ${shipped.json().trackingNumber}`);
  });

  it('in production without an account: not offered, and refused with the reason', async () => {
    const production = await buildTestApp(database, { NODE_ENV: 'production' });
    try {
      const settings = await asMember(production, setup.owner, 'GET', '/settings/shiprocket');
      expect(settings.json()).toMatchObject({ testMode: false, available: false });
      const order = await insertShippableOrder(database.db, setup);
      const refused = await asMember(
        production,
        setup.staff,
        'POST',
        `/orders/${order.orderNumber}/shiprocket`,
        {},
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: "Shiprocket is not set up: add the API user's e-mail and password in Settings → Shipping",
      });
      const shipment = await asMember(
        production,
        setup.staff,
        'GET',
        `/orders/${order.orderNumber}/shipment`,
      );
      expect(shipment.json()).toEqual({ shiprocketAvailable: false, shipment: null });
    } finally {
      await production.close();
    }
  });
});
