import { eq } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outgoingMail, type OutgoingMessage } from '../../db/schema/mail-tables';
import { stores } from '../../db/schema/store-tables';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { claimDueMails, enqueueMail, listUndeliveredMails } from './outbox';
import {
  CLAIM_LEASE_MS,
  MAX_MAIL_ATTEMPTS,
  OutboxSender,
  RETRY_DELAYS_MS,
  retryAt,
  type SenderLogger,
} from './outbox-sender';

const MINUTE = 60_000;

const message = (to = 'asha@example.com', subject = 'Order confirmation RS-7KQ29XD3'): OutgoingMessage => ({
  from: { name: 'Silk House', address: 'care@silk.example' },
  to,
  subject,
  text: 'Thank you for your order.',
  html: '<p>Thank you for your order.</p>',
  headers: { 'X-Order-Number': 'RS-7KQ29XD3' },
});

/** A transport that refuses the first `failures` messages (like a mail server that is down), then accepts. */
function flakyTransport(failures: number) {
  const tried: SendMailOptions[] = [];
  const delivered: SendMailOptions[] = [];
  return {
    tried,
    delivered,
    async sendMail(sent: SendMailOptions) {
      tried.push(sent);
      if (tried.length <= failures) {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25 for asha@example.com'), {
          code: 'ESOCKET',
        });
      }
      delivered.push(sent);
      return { messageId: `<${delivered.length}@test>` };
    },
  };
}

const quietLog = (): SenderLogger & { lines: string[] } => {
  const lines: string[] = [];
  return {
    lines,
    warn: (object, text) => void lines.push(`${text} ${JSON.stringify(object)}`),
    error: (object, text) => void lines.push(`${text} ${JSON.stringify(object)}`),
  };
};

describe('retryAt', () => {
  it('waits 1 min, 5 min, 30 min, 2 h and 6 h, then gives up', () => {
    const now = new Date('2025-04-18T06:30:00Z');
    const waits = [1, 2, 3, 4, 5].map((attempts) => retryAt(attempts, now)!.getTime() - now.getTime());
    expect(waits).toEqual([1, 5, 30, 120, 360].map((minutes) => minutes * MINUTE));
    expect(retryAt(MAX_MAIL_ATTEMPTS, now)).toBeNull();
    expect(MAX_MAIL_ATTEMPTS).toBe(6);
  });
});

describe.each(testDatabaseKinds)('the mail outbox on %s', (kind) => {
  let database: TestDatabase;
  /** A clock after every row's `next_attempt_at` (written with the database's clock). */
  let start: Date;
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  const rowOf = async (id: number) =>
    (await database.db.select().from(outgoingMail).where(eq(outgoingMail.id, id)))[0]!;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  beforeEach(async () => {
    await database.reset();
    await database.db.insert(stores).values({ isDefault: true, storeName: 'Silk House' });
    start = new Date(Date.now() + 5000);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('sends a mail once when the transport fails twice then succeeds: 3 attempts, with backoff', async () => {
    const id = await enqueueMail(database.db, 1, message());
    const transport = flakyTransport(2);
    const log = quietLog();
    const sender = new OutboxSender({ db: database.db, mailer: transport, log });

    expect(await sender.tick(at(0))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(1) });
    // Not due yet: nothing is tried.
    expect(await sender.tick(at(0.5))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sender.tick(at(1))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: at(6) });
    expect(await sender.tick(at(5.9))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sender.tick(at(6))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await sender.tick(at(600))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    expect(transport.tried).toHaveLength(3);
    expect(transport.delivered).toHaveLength(1);
    expect(transport.delivered[0]).toMatchObject({
      to: 'asha@example.com',
      subject: 'Order confirmation RS-7KQ29XD3',
      headers: { 'X-Order-Number': 'RS-7KQ29XD3' },
    });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, sentAt: at(6), lastError: null });
    expect(await listUndeliveredMails(database.db)).toEqual([]);
    // The log says what happened, never to whom.
    expect(log.lines).toHaveLength(2);
    expect(log.lines.join('\n')).not.toContain('@');
  });

  it('gives a mail up after the last attempt and lists it with its last error', async () => {
    const id = await enqueueMail(database.db, 1, message());
    const transport = flakyTransport(Number.POSITIVE_INFINITY);
    const log = quietLog();
    const sender = new OutboxSender({ db: database.db, mailer: transport, log });
    let minutes = 0;
    for (const [index, delay] of [0, ...RETRY_DELAYS_MS].entries()) {
      minutes += delay / MINUTE;
      const last = index === RETRY_DELAYS_MS.length;
      expect(await sender.tick(at(minutes))).toEqual({
        sent: 0,
        retrying: last ? 0 : 1,
        failed: last ? 1 : 0,
      });
    }
    expect(await sender.tick(at(minutes + 24 * 60))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.tried).toHaveLength(6);
    const lastError = 'Error ESOCKET: connect ECONNREFUSED 127.0.0.1:25 for [address]';
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 6, sentAt: null, lastError });
    expect(await listUndeliveredMails(database.db)).toEqual([
      expect.objectContaining({
        id,
        storeName: 'Silk House',
        recipient: 'asha@example.com',
        subject: 'Order confirmation RS-7KQ29XD3',
        status: 'failed',
        attempts: 6,
        lastError,
      }),
    ]);
    expect(log.lines.at(-1)).toMatch(/^e-mail not sent after the last attempt/);
  });

  it('sends each mail once when several servers tick at the same time', async () => {
    for (let index = 0; index < 12; index++)
      await enqueueMail(database.db, 1, message(`buyer${index}@example.com`));
    const transport = flakyTransport(0);
    const senders = [1, 2, 3].map(
      () => new OutboxSender({ db: database.db, mailer: transport, log: quietLog() }),
    );
    const results = await Promise.all(senders.map((sender) => sender.tick(at(0))));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);
    expect(transport.delivered.map((sent) => sent.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `buyer${index}@example.com`).sort(),
    );
    await Promise.all(senders.map((sender) => sender.tick(at(60))));
    expect(transport.delivered).toHaveLength(12);
  });

  it('takes over a mail whose sending server stopped, once its claim has lapsed', async () => {
    const id = await enqueueMail(database.db, 1, message());
    // Another server claimed it and stopped before reporting back.
    expect(
      await claimDueMails(database.db, at(0), { limit: 10, leaseMs: CLAIM_LEASE_MS, maxAttempts: 6 }),
    ).toHaveLength(1);
    const transport = flakyTransport(0);
    const sender = new OutboxSender({ db: database.db, mailer: transport, log: quietLog() });
    expect(await sender.tick(at(1))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await listUndeliveredMails(database.db)).toEqual([
      expect.objectContaining({ id, status: 'sending' }),
    ]);
    expect(await sender.tick(at(CLAIM_LEASE_MS / MINUTE))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('runs with the app: started, woken by a new mail, stopped without losing the rest', async () => {
    const transport = flakyTransport(0);
    const sender = new OutboxSender({
      db: database.db,
      mailer: transport,
      log: quietLog(),
      clock: () => at(0),
    });
    sender.start();
    await enqueueMail(database.db, 1, message());
    sender.wake();
    await vi.waitFor(() => expect(transport.delivered).toHaveLength(1));
    await sender.stop();
    const waiting = await enqueueMail(database.db, 1, message('later@example.com'));
    sender.wake();
    expect(await rowOf(waiting)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(transport.tried).toHaveLength(1);
  });
});
