/**
 * The webhook outbox and sender on a real database with a local receiver (docs/webhooks.md,
 * docs/decisions/026-outgoing-webhooks.md): the signed POST and its headers as a receiver verifies them, the
 * same-transaction rule, retries with backoff and jitter for 24 h then giving up (driven by `tick(now)`, no
 * sleeps), non-2xx answers and time-outs recorded, and the address rule at send time (DNS rebinding).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema/store-tables';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { enqueueWebhookEvent, type WebhookPayload } from './webhook-outbox';
import {
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  nextAttemptAt,
  retryDelayMs,
  WebhookSender,
  type WebhookLogger,
} from './webhook-sender';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SECRET = 'whsec_test-secret-of-the-receiver';

const quietLog = (): WebhookLogger & { lines: string[] } => {
  const lines: string[] = [];
  return {
    lines,
    warn: (object, text) => void lines.push(`${text} ${JSON.stringify(object)}`),
    error: (object, text) => void lines.push(`${text} ${JSON.stringify(object)}`),
  };
};

/** What a receiver does: HMAC-SHA256 of the raw body with its secret, compared in constant time. */
function signatureHolds(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('retry delays', () => {
  it('doubles from 1 min up to 4 h, with a jitter of ±20 %', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((attempts) => retryDelayMs(attempts, () => 0.5))).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      128 * MINUTE,
      4 * HOUR,
      4 * HOUR,
    ]);
    expect(FIRST_RETRY_DELAY_MS).toBe(MINUTE);
    expect(MAX_RETRY_DELAY_MS).toBe(4 * HOUR);
    expect(retryDelayMs(1, () => 0)).toBe(0.8 * MINUTE);
    expect(retryDelayMs(1, () => 0.999999)).toBe(Math.round(MINUTE * (0.8 + 0.4 * 0.999999)));
  });

  it('never waits past the 24 hours, and stops at them', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const giveUpAt = new Date(now.getTime() + 30 * MINUTE);
    expect(nextAttemptAt(9, now, giveUpAt, () => 0.5)).toEqual(giveUpAt);
    expect(nextAttemptAt(1, now, giveUpAt, () => 0.5)).toEqual(new Date(now.getTime() + MINUTE));
    expect(nextAttemptAt(10, giveUpAt, giveUpAt)).toBeNull();
  });
});

describe.each(testDatabaseKinds)('the webhook sender on %s', (kind) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let start: Date;
  const at = (ms: number) => new Date(start.getTime() + ms);
  const sender = (options: Partial<ConstructorParameters<typeof WebhookSender>[0]> = {}) =>
    new WebhookSender({ db: database.db, log: quietLog(), publicOnly: false, random: () => 0.5, ...options });
  const endpoint = async (url = receiver.url, events = ['order.paid'], active = true) => {
    const [row] = await database.db
      .insert(webhookEndpoints)
      .values({ storeId: 1, url, events, secret: SECRET, active })
      .returning();
    return row!;
  };
  const enqueue = (data: Record<string, unknown> = { order_number: 'RS-7KQ29XD3' }) =>
    database.db.transaction((tx) => enqueueWebhookEvent(tx, 1, 'order.paid', async () => data));
  const deliveries = () => database.db.select().from(webhookDeliveries);
  const attemptsOf = (id: string) =>
    database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, id))
      .orderBy(webhookAttempts.attempt);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
  });
  beforeEach(async () => {
    await database.reset();
    await database.db.insert(stores).values({ isDefault: true, storeName: 'Silk House' });
    receiver.received.length = 0;
    receiver.answers.length = 0;
    receiver.fallback = { status: 200, body: 'ok' };
    // After every row's `next_attempt_at` (written with the database's clock).
    start = new Date(Date.now() + 5000);
  });
  afterEach(() => receiver.next(1).catch(() => undefined));
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  it('posts the raw JSON with the event, delivery id and a signature the receiver verifies', async () => {
    await endpoint();
    expect(await enqueue()).toBe(1);
    expect(await sender().tick(at(0))).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    const [request] = receiver.received;
    const [delivery] = await deliveries();
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-resham-event']).toBe('order.paid');
    expect(request!.headers['x-resham-delivery']).toBe(delivery!.id);
    expect(request!.headers['user-agent']).toBe('Resham-Webhooks/1');
    expect(signatureHolds(SECRET, request!.body, request!.headers['x-resham-signature'] as string)).toBe(
      true,
    );
    expect(
      signatureHolds('whsec_another', request!.body, request!.headers['x-resham-signature'] as string),
    ).toBe(false);
    const payload = JSON.parse(request!.body) as WebhookPayload;
    expect(payload).toEqual({
      id: delivery!.eventId,
      type: 'order.paid',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      store: { id: 1, name: 'Silk House' },
      data: { order_number: 'RS-7KQ29XD3' },
    });
    expect(request!.body).toBe(delivery!.body);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      deliveredAt: at(0),
    });
    expect(await attemptsOf(delivery!.id)).toMatchObject([
      { attempt: 1, statusCode: 200, responseExcerpt: 'ok', error: null, attemptedAt: at(0) },
    ]);
    // Delivered once: later ticks send nothing.
    expect(await sender().tick(at(HOUR))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('writes nothing when the change rolls back, and nothing for paused endpoints or other events', async () => {
    await endpoint();
    await endpoint(receiver.url, ['order.paid'], false);
    await endpoint(receiver.url, ['order.shipped']);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, 1, 'order.paid', async () => ({ order_number: 'RS-ROLLED' }));
        throw new Error('the payment failed after the event was written');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await deliveries()).toEqual([]);
    expect(await enqueue()).toBe(1);
    expect(await deliveries()).toHaveLength(1);
    // Nothing asked for the data when no endpoint wants the event.
    let built = 0;
    await database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, 1, 'stock.low', async () => {
        built++;
        return {};
      }),
    );
    expect(built).toBe(0);
  });

  it('retries a non-2xx with backoff, records each answer, and delivers on a later 2xx', async () => {
    await endpoint();
    await enqueue();
    receiver.answers.push(
      { status: 500, body: 'Internal error: database locked' },
      { status: 410, body: 'Gone' },
    );
    const webhooks = sender();
    expect(await webhooks.tick(at(0))).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const [first] = await deliveries();
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: at(MINUTE),
    });
    expect(await webhooks.tick(at(MINUTE - 1))).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(await webhooks.tick(at(MINUTE))).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect((await deliveries())[0]).toMatchObject({ attempts: 2, nextAttemptAt: at(3 * MINUTE) });
    expect(await webhooks.tick(at(3 * MINUTE))).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(await attemptsOf(first!.id)).toMatchObject([
      { attempt: 1, statusCode: 500, responseExcerpt: 'Internal error: database locked', error: null },
      { attempt: 2, statusCode: 410, responseExcerpt: 'Gone', error: null },
      { attempt: 3, statusCode: 200, responseExcerpt: 'ok', error: null },
    ]);
    expect(receiver.received).toHaveLength(3);
    // Every attempt of one delivery carries the same body, delivery id and signature.
    expect(new Set(receiver.received.map((request) => request.headers['x-resham-signature'])).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.headers['x-resham-delivery'])).size).toBe(1);
  });

  it('gives up after 24 hours, with a last attempt at the 24th hour', async () => {
    await endpoint();
    await enqueue();
    receiver.fallback = { status: 503, body: 'Service Unavailable' };
    const log = quietLog();
    const webhooks = sender({ log });
    const [written] = await deliveries();
    let now = at(0);
    const times: number[] = [];
    for (let tick = 0; tick < 40; tick++) {
      await webhooks.tick(now);
      times.push(now.getTime());
      const [row] = await deliveries();
      if (row!.status === 'failed') break;
      now = row!.nextAttemptAt;
    }
    const [given] = await deliveries();
    expect(given).toMatchObject({ status: 'failed', lastStatusCode: 503, lastError: 'HTTP 503' });
    // 1 + 2 + … + 128 min, then every 4 h, until the give-up time: 14 attempts.
    expect(given!.attempts).toBe(14);
    expect(times.at(-1)).toBe(written!.giveUpAt.getTime());
    expect(await attemptsOf(given!.id)).toHaveLength(14);
    expect(log.lines.at(-1)).toMatch(/^webhook not delivered within 24 hours; given up /);
    expect(log.lines.join('\n')).not.toContain(SECRET);
    // Given up: no further attempt.
    expect(await webhooks.tick(new Date(now.getTime() + 48 * HOUR))).toEqual({
      delivered: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it('records a time-out and a refused connection as the attempt’s error', async () => {
    await endpoint();
    await endpoint('http://127.0.0.1:9/closed-port', ['order.paid']);
    await enqueue();
    receiver.answers.push('hang');
    expect(await sender({ timeoutMs: 300 }).tick(at(0))).toEqual({ delivered: 0, retrying: 2, failed: 0 });
    const rows = await database.db.select().from(webhookAttempts);
    expect(rows.map((row) => [row.statusCode, row.error]).sort()).toEqual([
      [null, 'Timed out after 0.3 s'],
      [null, 'connect ECONNREFUSED 127.0.0.1:9'],
    ]);
  });

  it('with public addresses only, refuses at send time a name that now resolves to a private address', async () => {
    await endpoint('http://hooks.shop.example/receive');
    await endpoint('http://10.0.0.7/receive');
    await enqueue();
    const webhooks = sender({
      publicOnly: true,
      resolveAll: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    expect(await webhooks.tick(at(0))).toEqual({ delivered: 0, retrying: 2, failed: 0 });
    const rows = await database.db.select().from(webhookAttempts);
    expect(rows.map((row) => row.error).sort()).toEqual([
      'Refused: 10.0.0.7 is not a public internet address',
      'Refused: 10.1.2.3 is not a public internet address',
    ]);
    expect(receiver.received).toEqual([]);
  });

  it('never sends one attempt twice when two servers tick at once', async () => {
    await endpoint();
    for (let event = 0; event < 6; event++) await enqueue({ event });
    const [one, two] = await Promise.all([sender().tick(at(0)), sender().tick(at(0))]);
    expect(one.delivered + two.delivered).toBe(6);
    expect(receiver.received).toHaveLength(6);
  });
});
