/**
 * Customer accounts and their sign-in sessions. PostgreSQL dialect, the same on PGlite and on a PostgreSQL
 * server; money in integer **paise**; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/**
 * Customer accounts (docs/product.md §3 "User"). `email` is stored trimmed and lower-case and is unique per
 * store: the same address may hold one account in each store. `password_hash` is an argon2id PHC string and
 * never leaves the server.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_store_email').on(table.storeId, table.email),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Sign-in sessions: the client holds an opaque 32-byte token; only its SHA-256
 * (hex) is stored. A session is valid while `revoked_at` is null and `expires_at` (30 days after sign-in) is
 * in the future, and only through its own store.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash').on(table.tokenHash),
    index('sessions_store_user').on(table.storeId, table.userId),
    index('sessions_expires_at').on(table.expiresAt),
  ],
);

/**
 * Password reset links (one row per link sent). The link carries an opaque 32-byte token; only its SHA-256
 * (hex) is stored. A token opens a reset while `used_at` is null and `expires_at` (30 minutes after the
 * request) is in the future, and only through its own store. A newer request for the same account deletes the
 * older unused rows; a reset sets `used_at` and deletes the account's other unused rows; the sweeper deletes
 * used and expired rows.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash').on(table.tokenHash),
    index('password_reset_tokens_store_user').on(table.storeId, table.userId),
    index('password_reset_tokens_expires_at').on(table.expiresAt),
  ],
);
