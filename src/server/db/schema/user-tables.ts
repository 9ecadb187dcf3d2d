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
 * store: the same address may hold one account in each store. `phone` is an E.164 Indian mobile
 * (`+919876543210`), unique per store, set when the account signs in with a code sent to it (docs/messages.md
 * "Sign in with an OTP"). An account made by phone has no e-mail and no password until the shopper gives them
 * (empty names until the name step), so `email` and `password_hash` may be null, but never both `email` and
 * `phone`. `password_hash` is an argon2id PHC string and never leaves the server.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    /**
     * When the shopper last ticked 'Send me order updates on WhatsApp' (null: not opted in, or turned off on the
     * account page). The consent itself is per number in `phone_consents`.
     */
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_store_email').on(table.storeId, table.email),
    uniqueIndex('users_store_phone').on(table.storeId, table.phone),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_phone_e164', sql`${table.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check('users_email_or_phone', sql`${table.email} IS NOT NULL OR ${table.phone} IS NOT NULL`),
  ],
);

/**
 * Sign-in codes sent by WhatsApp or SMS (docs/messages.md "Sign in with an OTP"): one live row per (store,
 * phone) — a new code replaces the older one. Only an HMAC-SHA256 of the 6-digit code under the row's random
 * `salt` is stored (hex). A code opens a session while `expires_at` (5 minutes after the request) is in the
 * future and `tries_left` (5 at first) is above 0; a right code deletes the row.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    triesLeft: integer('tries_left').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('otp_codes_store_phone').on(table.storeId, table.phone),
    index('otp_codes_expires_at').on(table.expiresAt),
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
