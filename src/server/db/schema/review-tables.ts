/**
 * Reviews of products by shoppers who received them (docs/reviews.md). PostgreSQL dialect, the same on PGlite
 * and on a PostgreSQL server; every row carries `store_id` (docs/decisions/003-store-from-host.md). The
 * product's published count and rating total are kept on `products` (`rating_count`, `rating_total`) so the
 * catalogue's answers need no join (docs/decisions/034-reviews.md). Change a table here, then run
 * `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewFit, ReviewStatus } from '@shared/reviews/review-schemas';
import { products } from './catalog-tables';
import { uploadedImages } from './media-tables';
import { orders } from './order-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * One shopper's review of one product (at most one per shopper and product). `rating` 1–5; `fit` small, true
 * or large (null: not given, or not clothing); `size` copied from the delivered order line (null: none);
 * `author_name` as shown ('Asha V.'), taken at writing. `status`: `published`, `pending` (held for approval)
 * or `hidden` with the `hidden_reason` the shop gave. `reply`: the shop's public answer. `photo_count` mirrors
 * the review's photos (the 'with photos' sort reads it).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    fit: text('fit').$type<ReviewFit>(),
    size: text('size'),
    authorName: text('author_name').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    hiddenReason: text('hidden_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    photoCount: smallint('photo_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_store_product_user').on(table.storeId, table.productId, table.userId),
    index('reviews_product_status_created').on(
      table.storeId,
      table.productId,
      table.status,
      table.createdAt.desc(),
    ),
    index('reviews_store_status_created').on(table.storeId, table.status, table.createdAt.desc()),
    check('reviews_rating', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_fit', sql`${table.fit} IS NULL OR ${table.fit} IN ('small', 'true', 'large')`),
    check('reviews_status', sql`${table.status} IN ('published', 'pending', 'hidden')`),
  ],
);

/** Up to 3 photos of a review, as uploaded images (the admin's image pipeline), in the shopper's order. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('review_photos_review_position').on(table.reviewId, table.position)],
);

/**
 * The 'how was it?' mail of a delivered order: one row per order once its mail is written (the primary key
 * makes it once, whichever server's pass gets there first). `token`: the random unsubscribe token of its link.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('review_requests_token').on(table.token)],
);

/** Shoppers who asked for no more review request mails from the store (by a mail's unsubscribe link). */
export const reviewMailOptOuts = pgTable(
  'review_mail_opt_outs',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.userId] })],
);

/** The store's review setting: `hold_for_approval` (default off: a new review is published at once). */
export const reviewSettings = pgTable('review_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  holdForApproval: boolean('hold_for_approval').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
