/**
 * The catalogue: categories, products, their images and attributes. PostgreSQL dialect, the same on PGlite and
 * on a PostgreSQL server; money in integer **paise**; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { stores } from './store-tables';

/** Top-level categories of a store; `position` orders the store-info list (null = not listed). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    position: integer('position'),
  },
  (table) => [uniqueIndex('categories_store_name').on(table.storeId, sql`lower(${table.name})`)],
);

/** Products; prices in paise. `gender` and `featured` are copied from attributes for filtering. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imgUrl: text('img_url'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    parentCategory: text('parent_category'),
    regularPricePaise: integer('regular_price_paise').notNull(),
    discountedPricePaise: integer('discounted_price_paise'),
    /** Units on hand; null = stock is not tracked. */
    stock: integer('stock'),
    /**
     * The `stock` the last catalogue import set (null = untracked). A re-import sets `stock` only when the
     * file's count differs from this, so sales since that import are not undone.
     */
    importedStock: integer('imported_stock'),
    gender: text('gender'),
    featured: boolean('featured').notNull().default(false),
    /** Position in the catalogue file; the listing order. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** SHA-256 of the imported content; an unchanged product is not rewritten. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_store_sku').on(table.storeId, table.sku),
    index('products_store_category').on(table.storeId, table.categoryId, table.sortOrder),
    index('products_store_parent_category').on(table.storeId, sql`lower(${table.parentCategory})`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('product_images_product').on(table.productId, table.position)],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
    metricUnit: text('metric_unit'),
    position: integer('position').notNull(),
  },
  (table) => [index('product_attributes_product').on(table.productId, table.position)],
);
