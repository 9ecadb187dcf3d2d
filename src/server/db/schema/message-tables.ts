/**
 * What shoppers send the shop: contact messages and newsletter sign-ups (docs/product.md §2 "Contact" and
 * "Newsletter", docs/admin.md "Messages"). PostgreSQL dialect, the same on PGlite and on a PostgreSQL server;
 * every row carries `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run
 * `npm run db:generate` to write its migration into drizzle/.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/**
 * A message sent through the storefront's contact form, kept as the shopper typed it (plain text, never
 * rendered as HTML). `read_at`: when the owner or staff first opened it (null: unread); `replied_at`: when
 * they marked it replied (null: not replied).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_store_created').on(table.storeId, table.createdAt.desc(), table.id)],
);

/**
 * A newsletter sign-up: one row per store and e-mail (lower case). `consented_at` is when the shopper last
 * signed up (their consent); `unsubscribed_at` when they last left (null: subscribed; signing up again clears
 * it). `unsubscribe_token` is the opaque 32-byte (base64url) token of the unsubscribe link every newsletter
 * mail carries; it is kept as is because each such mail needs it, and it can do nothing but unsubscribe
 * this one address.
 */
export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
  },
  (table) => [
    uniqueIndex('newsletter_signups_store_email').on(table.storeId, table.email),
    uniqueIndex('newsletter_signups_token').on(table.unsubscribeToken),
  ],
);
