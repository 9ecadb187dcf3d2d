/**
 * Automatic promotions (docs/discounts.md "Automatic promotions"): a percent or a fixed amount off the products of a store,
 * of some categories or some products, between two instants. PostgreSQL dialect, the same on PGlite and on a
 * PostgreSQL server; every row carries `store_id` (docs/decisions/003-store-from-host.md). Change a table here,
 * then run `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/**
 * One promotion. `kind` `percent`: `value` is whole percent off (1–90); `fixed`: `value` is paise off each
 * unit. `scope` `all` (every product), `categories` (the products of `category_ids` and of the sub-categories
 * `sub_categories`) or `products` (`product_ids`). It runs
 * from `starts_at` (first instant) until just before `ends_at`, unless `paused`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    scope: text('scope').notNull(),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Sub-categories (`products.parent_category`, e.g. Sarees), lower-case, for scope `categories`. */
    subCategories: text('sub_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_store_ends').on(table.storeId, table.endsAt),
    // The next start or end of any store's promotion (the cache turnover, promotion-schedule.ts).
    index('promotions_starts').on(table.startsAt),
    index('promotions_ends').on(table.endsAt),
  ],
);
