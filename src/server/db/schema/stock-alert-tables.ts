/**
 * Back-in-stock alerts and the server copy of signed-in shoppers' carts (docs/messages.md "Back-in-stock
 * alerts", "Forgotten carts"). PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; every
 * shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run
 * `npm run db:generate`.
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
  uuid,
} from 'drizzle-orm/pg-core';
import { productVariants, products } from './catalog-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * A shopper's wish to hear when a sold-out product (or one size of it: `variant_id`) is back. `channel` is
 * `email` (recipient a lower-case address) or `whatsapp` (an E.164 Indian mobile). Waiting while `sent_at` and
 * `unsubscribed_at` are null; sent once, oldest first, when the stock comes back. `target_key` is the variant
 * id or '' for a product without variants, so one recipient has one waiting alert per product and size.
 * `unsubscribe_token` (32 random bytes, base64url) ends the alert without a sign-in; `link_origin` is the
 * shop's trusted origin when the alert was made (null: links are paths only).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    targetKey: text('target_key').notNull(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    recipient: text('recipient').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    linkOrigin: text('link_origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_waiting')
      .on(table.storeId, table.productId, table.targetKey, table.channel, table.recipient)
      .where(sql`${table.sentAt} IS NULL AND ${table.unsubscribedAt} IS NULL`),
    index('stock_alerts_store_waiting')
      .on(table.storeId, table.createdAt)
      .where(sql`${table.sentAt} IS NULL AND ${table.unsubscribedAt} IS NULL`),
    uniqueIndex('stock_alerts_token').on(table.unsubscribeToken),
    check('stock_alerts_channel', sql`${table.channel} IN ('email', 'whatsapp')`),
  ],
);

/** One line of a kept cart: the product, its variant (null without variants) and the quantity (pieces or metres). */
export type StoredCartLine = { productId: string; variantId: string | null; quantity: number };

/**
 * A signed-in shopper's cart as the server keeps it: one row per store and account. `changed_at` is the last
 * change; `reminded_at` is set when the one reminder of that change was queued (a later change clears it).
 * `restore_token` (32 random bytes, base64url) is in the reminder's link and restores the lines on any device;
 * `link_origin` is the shop's trusted origin of the last change (null: a path only).
 */
export const serverCarts = pgTable(
  'server_carts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<StoredCartLine[]>().notNull().default([]),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    restoreToken: text('restore_token').notNull(),
    linkOrigin: text('link_origin'),
  },
  (table) => [
    uniqueIndex('server_carts_store_user').on(table.storeId, table.userId),
    uniqueIndex('server_carts_restore_token').on(table.restoreToken),
    index('server_carts_due')
      .on(table.changedAt)
      .where(sql`${table.remindedAt} IS NULL`),
  ],
);

/**
 * A store's forgotten-cart setting: `reminder_after_hours` after a cart's last change the one reminder goes;
 * null = off. A store without a row uses the default (1 hour).
 */
export const cartReminderSettings = pgTable('cart_reminder_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  reminderAfterHours: integer('reminder_after_hours'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
