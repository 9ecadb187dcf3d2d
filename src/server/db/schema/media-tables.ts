/**
 * Images uploaded in the admin (docs/admin.md "Images"): one row per uploaded picture of a store, naming the
 * WebP files written for it under `DATA_DIR/media/<store id>/` and served at `url` (the widest file). Product
 * images, variant images and the store logo name these files by URL, so a catalogue file that carries the
 * same URL gets the same `srcset` (src/server/modules/media/). PostgreSQL dialect, the same on PGlite and on a
 * PostgreSQL server. Change a table here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/**
 * One uploaded picture: `url` is its widest WebP (`/media/store/<store id>/<hash>-<width>.webp`), `hash` the
 * first 20 hex digits of the SHA-256 of the uploaded bytes, `widths` the widths written in pixels (ascending,
 * never wider than the upload), `width` × `height` the pixel size of the widest file (after auto-rotation).
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('uploaded_images_store_url').on(table.storeId, table.url)],
);
