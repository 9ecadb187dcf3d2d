import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { outgoingMail } from '../../db/schema/mail-tables';
import { idempotencyKeys, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { sessions } from '../../db/schema/user-tables';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';
import { FINISHED_DELIVERY_RETENTION_MS } from '../webhooks/webhook-deliveries';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import {
  IDEMPOTENCY_KEY_RETENTION_MS,
  SENT_MAIL_RETENTION_MS,
  startSweeper,
  sweepExpiredRows,
  type SweepResult,
} from './sweeper';
import { insertTestCustomer } from '../../test/test-customer';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds)('sweeper of expired rows on %s', (kind) => {
  let database: TestDatabase;
  let userId: number;
  let orderId: string;
  const now = new Date();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await database.reset();
    const db = database.db;
    await db.insert(stores).values({ companyName: 'Resham Test' });
    userId = await insertTestCustomer(db);
    const [order] = await db
      .insert(orders)
      .values({
        storeId: 1,
        orderNumber: 'RS-7KQ29XD3',
        userId,
        email: 'asha@example.com',
        fullName: 'Asha Verma',
        address: '14 Assi Ghat Road',
        city: 'Varanasi',
        state: 'Uttar Pradesh',
        postalCode: '221005',
        phone: '+91 98390 41736',
        phoneDigits: '9839041736',
        subtotalPaise: 100_000,
        totalPaise: 100_000,
      })
      .returning({ id: orders.id });
    orderId = order!.id;
  });

  const session = (token: string, expiresAt: Date, revokedAt: Date | null = null) =>
    database.db.insert(sessions).values({ storeId: 1, userId, tokenHash: token, expiresAt, revokedAt });
  const key = (name: string, createdAt: Date) =>
    database.db
      .insert(idempotencyKeys)
      .values({ storeId: 1, userId, key: name, requestHash: 'h', orderId, createdAt });
  /** `count` expired sessions and stale keys, inserted in one statement each. */
  const manyExpired = async (count: number) => {
    await database.db.execute(sql`
      INSERT INTO sessions (store_id, user_id, token_hash, expires_at)
      SELECT 1, ${userId}, 'bulk-' || g, now() - interval '1 day' FROM generate_series(1, ${count}) g`);
    await database.db.execute(sql`
      INSERT INTO idempotency_keys (store_id, user_id, key, request_hash, order_id, created_at)
      SELECT 1, ${userId}, 'bulk-' || g, 'h', ${orderId}, now() - interval '2 days'
      FROM generate_series(1, ${count}) g`);
  };
  const remaining = async () => ({
    sessions: rowsOf<{ token_hash: string }>(
      await database.db.execute(sql`select token_hash from sessions order by token_hash`),
    ).map((row) => row.token_hash),
    keys: rowsOf<{ key: string }>(
      await database.db.execute(sql`select key from idempotency_keys order by key`),
    ).map((row) => row.key),
  });

  it('removes expired and signed-out sessions and day-old idempotency keys, in batches, and nothing else', async () => {
    await session('live', new Date(now.getTime() + HOUR));
    await session('expired', new Date(now.getTime() - 1));
    await session('signed-out', new Date(now.getTime() + HOUR), new Date(now.getTime() - HOUR));
    await key('fresh', new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS + HOUR));
    await key('stale', new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS - 1));
    await manyExpired(1_234);

    expect(await sweepExpiredRows(database.db, { now, batchSize: 500 })).toEqual({
      sessions: 1_236,
      idempotencyKeys: 1_235,
      sentMails: 0,
      passwordResetTokens: 0,
      webhookDeliveries: 0,
    });
    expect(await remaining()).toEqual({ sessions: ['live'], keys: ['fresh'] });
    // The order the keys pointed at stays.
    expect(rowsOf(await database.db.execute(sql`select id from orders`))).toHaveLength(1);
    expect(await sweepExpiredRows(database.db, { now, batchSize: 500 })).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      sentMails: 0,
      passwordResetTokens: 0,
      webhookDeliveries: 0,
    });
  });

  it('removes mails sent more than 30 days ago, and keeps recent, failed and pending ones', async () => {
    const message = {
      from: 'shop@example.com',
      to: 'asha@example.com',
      subject: 'Order',
      text: 't',
      html: 'h',
    };
    const mail = (
      subject: string,
      status: 'sent' | 'failed' | 'pending',
      sentAt: Date | null,
      createdAt: Date,
    ) =>
      database.db.insert(outgoingMail).values({
        storeId: 1,
        recipient: message.to,
        subject,
        message,
        status,
        sentAt,
        createdAt,
      });
    const old = new Date(now.getTime() - SENT_MAIL_RETENTION_MS - HOUR);
    await mail('old sent', 'sent', old, old);
    await mail('recent sent', 'sent', new Date(now.getTime() - HOUR), old);
    await mail('old failed', 'failed', null, old);
    await mail('old pending', 'pending', null, old);

    expect(await sweepExpiredRows(database.db, { now })).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      sentMails: 1,
      passwordResetTokens: 0,
      webhookDeliveries: 0,
    });
    const subjects = rowsOf<{ subject: string }>(
      await database.db.execute(sql`select subject from outgoing_mail order by subject`),
    ).map((row) => row.subject);
    expect(subjects).toEqual(['old failed', 'old pending', 'recent sent']);
  });

  it('sweeps once as soon as it starts, and stop() waits for that sweep', async () => {
    await manyExpired(3);
    await session('live', new Date(Date.now() + HOUR));
    const swept: SweepResult[] = [];
    const sweeper = startSweeper(database.db, { onSwept: (result) => swept.push(result) });
    await sweeper.stop();
    expect(swept).toEqual([
      { sessions: 3, idempotencyKeys: 3, sentMails: 0, passwordResetTokens: 0, webhookDeliveries: 0 },
    ]);
    expect(await remaining()).toEqual({ sessions: ['live'], keys: [] });
  });

  it('reports a sweep that removed only old sent mails', async () => {
    const old = new Date(now.getTime() - SENT_MAIL_RETENTION_MS - HOUR);
    await database.db.insert(outgoingMail).values({
      storeId: 1,
      recipient: 'asha@example.com',
      subject: 'old sent',
      message: {
        from: 'shop@example.com',
        to: 'asha@example.com',
        subject: 'old sent',
        text: 't',
        html: 'h',
      },
      status: 'sent',
      sentAt: old,
      createdAt: old,
    });
    const swept: SweepResult[] = [];
    const sweeper = startSweeper(database.db, { onSwept: (result) => swept.push(result) });
    await sweeper.stop();
    expect(swept).toEqual([
      { sessions: 0, idempotencyKeys: 0, sentMails: 1, passwordResetTokens: 0, webhookDeliveries: 0 },
    ]);
  });

  it('removes webhook deliveries delivered or given up more than 30 days ago, and keeps the others', async () => {
    const [endpoint] = await database.db
      .insert(webhookEndpoints)
      .values({ storeId: 1, url: 'https://hooks.erp.example/', events: ['order.paid'], secret: 'whsec_x' })
      .returning({ id: webhookEndpoints.id });
    const old = new Date(now.getTime() - FINISHED_DELIVERY_RETENTION_MS - HOUR);
    const delivery = (eventType: string, status: 'delivered' | 'failed' | 'pending', createdAt: Date) => ({
      storeId: 1,
      endpointId: endpoint!.id,
      eventId: '0b6b8a8e-5c2f-4d0e-9f57-4c5b0f3f8a21',
      eventType,
      body: '{}',
      status,
      createdAt,
    });
    await database.db
      .insert(webhookDeliveries)
      .values([
        delivery('old delivered', 'delivered', old),
        delivery('old failed', 'failed', old),
        delivery('old pending', 'pending', old),
        delivery('recent delivered', 'delivered', new Date(now.getTime() - HOUR)),
      ]);
    expect((await sweepExpiredRows(database.db, { now })).webhookDeliveries).toBe(2);
    const left = await database.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries);
    expect(left.map((row) => row.type).sort()).toEqual(['old pending', 'recent delivered']);
  });
});
