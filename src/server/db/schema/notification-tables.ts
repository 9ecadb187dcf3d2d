/**
 * The message outbox for WhatsApp, SMS and the e-mails sent through the message layer, and each phone number's
 * consent. PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; every shop-owned row carries
 * `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  MessageChannel,
  MessageTemplateCode,
  MessageVariables,
} from '@shared/notifications/message-templates';
import { stores } from './store-tables';

/**
 * Where an outgoing message stands: waiting (or retrying), being sent by a server, handed to the provider,
 * given up, or kept without sending (no provider keys: test mode). `delivered` and `read` come later from the
 * provider's status events.
 */
export type OutgoingMessageStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'kept' | 'delivered' | 'read';

/**
 * The message outbox: every WhatsApp, SMS or message-layer e-mail is written here in the same transaction as
 * the change it reports, then sent with retries. `recipient` is an E.164 phone number (`+919876543210`) for
 * WhatsApp and SMS and a lower-case address for e-mail; `text` is the message as rendered when queued.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').$type<MessageTemplateCode>().notNull(),
    variables: jsonb('variables').$type<MessageVariables>().notNull(),
    text: text('text').notNull(),
    status: text('status').$type<OutgoingMessageStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The provider's id for the sent message (WhatsApp `wamid.…`, MSG91 request id), to match status events. */
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outgoing_messages_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('outgoing_messages_store_created').on(table.storeId, table.createdAt),
    index('outgoing_messages_provider_id').on(table.providerMessageId),
    check('outgoing_messages_channel', sql`${table.channel} IN ('whatsapp', 'sms', 'email')`),
  ],
);

/**
 * A phone number's consent in one store (India's DPDP Act: consent is given, timed and withdrawable).
 * `whatsapp_opt_in_at` is set when the shopper ticks 'Send me order updates on WhatsApp' and cleared when they
 * turn it off; `opted_out_at` is set by a 'STOP' reply: nothing but a sign-in code the shopper asks for goes to
 * such a number.
 */
export const phoneConsents = pgTable(
  'phone_consents',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('phone_consents_store_phone').on(table.storeId, table.phone)],
);
