/**
 * The setup of the message sender's tests: a test database, the WhatsApp Cloud API and MSG91 stand-ins, a
 * fresh `DATA_DIR` and a shop per test, apps whose sender the test ticks (`messages.autoStart: false`), and
 * helpers to queue a message and read its row. Registers its own vitest hooks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppConfig } from '../config';
import { outgoingMessages } from '../db/schema/notification-tables';
import { queueMessage, type QueuedMessage } from '../modules/notifications/message-outbox';
import { startMsg91StandIn, type Msg91StandIn } from './msg91-stand-in';
import { insertTestShop, type TestShop } from './order-fixture';
import { buildTestApp } from './test-app';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';
import { startWhatsappCloudStandIn, type WhatsappCloudStandIn } from './whatsapp-cloud-stand-in';

/** The phone every queued test message goes to. */
export const TEST_PHONE = '+919876543210';
/** The variables of an `order-paid` message. */
export const ORDER_VARIABLES = { shopName: 'Silk House', orderNumber: 'RS-7KQ29XD3', amount: '₹1,250.00' };

export type MessageSenderFixture = {
  database: TestDatabase;
  whatsapp: WhatsappCloudStandIn;
  msg91: Msg91StandIn;
  dataDir: string;
  shop: TestShop;
  /** An app whose sender the test ticks; `live` sets the stand-ins' URLs and keys. */
  appWith(live: boolean, extra?: Partial<AppConfig>): Promise<FastifyInstance>;
  /** Queues an `order-paid` WhatsApp to {@link TEST_PHONE}, with `message`'s changes. */
  queue(message?: Partial<QueuedMessage>): Promise<number | null>;
  rowOf(id: number): Promise<typeof outgoingMessages.$inferSelect>;
  /** A clock after every row's `next_attempt_at` (written with the database's clock), plus `ms`. */
  later(ms?: number): Date;
};

/** Registers the hooks and answers the fixture (its fields are set before each test). */
export function useMessageSenderFixture(kind: DatabaseKind): MessageSenderFixture {
  const apps: FastifyInstance[] = [];
  const fixture = {
    async appWith(live: boolean, extra: Partial<AppConfig> = {}) {
      const { whatsapp, msg91 } = fixture;
      const app = await buildTestApp(
        fixture.database,
        {
          DATA_DIR: fixture.dataDir,
          ...(live
            ? {
                WHATSAPP_API_URL: whatsapp.url,
                WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
                WHATSAPP_TOKEN: whatsapp.token,
                MSG91_API_URL: msg91.url,
                MSG91_AUTH_KEY: msg91.authKey,
              }
            : {}),
          ...extra,
        },
        { messages: { autoStart: false } },
      );
      apps.push(app);
      return app;
    },
    queue: (message: Partial<QueuedMessage> = {}) =>
      queueMessage(fixture.database.db, fixture.shop.storeId, {
        template: 'order-paid',
        channel: 'whatsapp',
        to: TEST_PHONE,
        variables: ORDER_VARIABLES,
        ...message,
      }),
    rowOf: async (id: number) =>
      (await fixture.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, id)))[0]!,
    later: (ms = 0) => new Date(Date.now() + 60_000 + ms),
  } as MessageSenderFixture;

  beforeAll(async () => {
    fixture.database = await openTestDatabase(kind);
    fixture.whatsapp = await startWhatsappCloudStandIn();
    fixture.msg91 = await startMsg91StandIn();
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    await fixture.whatsapp?.close();
    await fixture.msg91?.close();
    await fixture.database?.close();
    if (fixture.dataDir) await rm(fixture.dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await fixture.database.reset();
    fixture.whatsapp.reset();
    fixture.msg91.reset();
    if (fixture.dataDir) await rm(fixture.dataDir, { recursive: true, force: true });
    fixture.dataDir = await mkdtemp(join(tmpdir(), 'resham-messages-'));
    fixture.shop = await insertTestShop(fixture.database.db);
  });
  return fixture;
}
