/**
 * The shop's people and the record of what they changed: memberships (owner or staff of a store), one-time
 * set-up and invitation links, and the audit log of every change made in the admin panel. PostgreSQL dialect,
 * the same on PGlite and on a PostgreSQL server; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { stores } from './store-tables';
import { users } from './user-tables';

/** The roles of the admin panel: `owner` may do everything, `staff` orders, products and stock. */
export type MemberRole = 'owner' | 'staff';

/**
 * Who runs a store (docs/admin.md "Roles"): a user account of the store (accounts are per store, so a person
 * who is staff of one shop and a customer of another holds two accounts) with a role. One row per store and
 * user; a revoked member keeps the row (`revoked_at`) so the audit log still names them. `invited_by` is the
 * owner who invited a staff member (null for an owner made with `npm run admin -- create-owner`).
 */
export const storeMembers = pgTable(
  'store_members',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member first set their password through their link; null while the invitation is open. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('store_members_store_user').on(table.storeId, table.userId),
    check('store_members_role', sql`${table.role} IN ('owner', 'staff')`),
  ],
);

/**
 * One-time links that set a member's password: the owner's set-up link (`npm run admin -- create-owner`) and
 * a staff member's invitation. The link carries an opaque 32-byte token; only its SHA-256 (hex) is stored.
 * A link works once (`used_at`), until `expires_at` (1 hour after it was made), and only through its store.
 */
export const memberLinks = pgTable(
  'member_links',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'set-up' | 'invite'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('member_links_token_hash').on(table.tokenHash),
    index('member_links_store_user').on(table.storeId, table.userId),
    check('member_links_purpose', sql`${table.purpose} IN ('set-up', 'invite')`),
  ],
);

/**
 * Every change made in the admin panel (and by the admin CLI), written in the same transaction as the change:
 * who (`actor_user_id`, and `actor` as shown: their e-mail, or `cli`), what (`entity` such as `order`,
 * `member`, `product`; `entity_id` its id; `action` such as `ship`), when, and the fields it changed,
 * before → after. Shown on the thing changed (an order's history).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity').on(table.storeId, table.entity, table.entityId, table.createdAt)],
);
