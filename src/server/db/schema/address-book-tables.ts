/**
 * Signed-in shoppers' address books: the delivery addresses an account keeps to pick at checkout, at most 5
 * per account (docs/product.md §2.9). PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; every
 * shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run
 * `npm run db:generate` to write its migration into drizzle/.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * One saved address, with the six fields of the checkout's shipping form as the shared address schema
 * accepts them (the state as the list of the 36 spells it). Deleted with the account; `created_at` orders the
 * book.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_addresses_store_user').on(table.storeId, table.userId)],
);
