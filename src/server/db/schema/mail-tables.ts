/**
 * The mail outbox. PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; money in integer
 * **paise**; every shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md). Change a table
 * here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/** A message as the outbox keeps it: what nodemailer needs to send it again, nothing else. */
export type OutgoingMessage = {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Files sent with the mail (the tax invoice PDF of a shipped order), their content in base64. */
  attachments?: { filename: string; contentType: string; content: string; encoding: 'base64' }[];
};

/** The delivery states of an outgoing mail: waiting (or retrying), being sent by a server, sent, given up. */
export type OutgoingMailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * The mail outbox (docs/decisions/009-mail-outbox.md): every e-mail is written here in the same transaction as
 * the change it reports, then sent by the app's outbox sender with retries and backoff. `attempts` counts
 * sends begun; `next_attempt_at` is when the next may begin (while `sending`: when the claim of the server
 * sending it lapses); `last_error` is the transport's last failure without any address.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    message: jsonb('message').$type<OutgoingMessage>().notNull(),
    status: text('status').$type<OutgoingMailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outgoing_mail_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('outgoing_mail_store_status').on(table.storeId, table.status, table.createdAt),
    check('outgoing_mail_status', sql`${table.status} IN ('pending', 'sending', 'sent', 'failed')`),
  ],
);
