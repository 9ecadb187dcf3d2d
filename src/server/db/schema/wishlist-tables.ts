/**
 * Signed-in shoppers' wishlists: one row a saved product, unique per store, account and product.
 * PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/** A product saved by a customer (deleted with the account or the product); `added_at` orders the list. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wishlist_items_store_user_product').on(table.storeId, table.userId, table.productId),
    index('wishlist_items_product').on(table.productId),
  ],
);
