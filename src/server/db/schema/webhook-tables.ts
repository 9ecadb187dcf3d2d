/**
 * Outgoing webhooks (docs/webhooks.md, docs/decisions/026-outgoing-webhooks.md): the owner's endpoints, the
 * outbox of deliveries (one per endpoint and event, written in the transaction of the change it reports) and
 * every attempt's answer. PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; every row carries
 * `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/** The delivery states: waiting (or retrying), being sent by a server, answered 2xx, given up after 24 h. */
export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/**
 * An owner's endpoint: the http(s) `url`, the event types it receives (`events`), its signing `secret`
 * (`whsec_` + 32 random bytes in base64url: shown once at creation, never answered again) and whether it is
 * `active` (a paused endpoint receives no new deliveries).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_store').on(table.storeId, table.id)],
);

/**
 * The webhook outbox: one event for one endpoint. `body` is the exact JSON sent (and signed) every attempt;
 * `event_id` is the same for every endpoint of one event. `attempts` counts attempts begun; `next_attempt_at`
 * is when the next may begin (while `sending`: when the sending server's claim lapses); `give_up_at` is 24 h
 * after it was written. `last_*` repeat the latest attempt's answer for the list.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('webhook_deliveries_endpoint').on(table.endpointId, table.createdAt),
    check('webhook_deliveries_status', sql`${table.status} IN ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/**
 * One attempt of a delivery and its answer: the HTTP status (null: no answer), the first 1,000 characters of
 * the answer's body, or the error (timeout, refused address, connection failure), and how long it took.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery').on(table.deliveryId, table.attempt)],
);
