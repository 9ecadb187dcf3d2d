/**
 * Add-ons (docs/add-ons.md): the store's service add-ons (blouse stitching, fall & pico), a product's narrowing
 * of them, shoppers' measurement profiles and the add-ons of order lines as sold. Money in integer **paise**,
 * measurements in **inches**; every shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md).
 * Change a table here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MeasurementSet, StoredMeasurements } from '@shared/add-ons/measurement-sets';
import { gstRateColumn, products } from './catalog-tables';
import { orderLines, orders } from './order-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * A store's add-on: code (unique in the store), title, GST-inclusive price per piece (paise), extra days of
 * lead time, the measurement set it needs, the categories it is offered on (lower-case names; empty: every
 * product), its SAC and GST rate in percent. `position` keeps the file's (or the admin's) order.
 */
export const storeAddOns = pgTable(
  'store_add_ons',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    pricePaise: integer('price_paise').notNull(),
    leadDays: integer('lead_days').notNull().default(0),
    measurementSet: text('measurement_set').$type<MeasurementSet>().notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    sac: text('sac').notNull(),
    gstRate: gstRateColumn('gst_rate').notNull(),
  },
  (table) => [uniqueIndex('store_add_ons_code').on(table.storeId, table.code)],
);

/**
 * A product's own choice of add-ons (the catalogue file's product `addOns`): the codes it offers among the
 * store's, `[]` for none. Without a row the product offers the store's add-ons of its category.
 */
export const productAddOnChoices = pgTable(
  'product_add_on_choices',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    codes: jsonb('codes').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.productId] })],
);

/** A signed-in shopper's measurement profile ('Mine', 'Amma'): the set and its measurements in inches. */
export const measurementProfiles = pgTable(
  'measurement_profiles',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    measurementSet: text('measurement_set').$type<MeasurementSet>().notNull(),
    measurements: jsonb('measurements').$type<StoredMeasurements>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('measurement_profiles_store_user').on(table.storeId, table.userId)],
);

/**
 * An add-on of an order line as sold (a snapshot: later changes to the store's add-ons or the shopper's
 * profile never alter it): code, title, price per piece, quantity (the line's pieces; 1 for fabric by the
 * metre) and total in paise, lead days, the measurements in inches (or the standard size, with the profile's
 * name when one was picked), its SAC and GST (rate in percent, taxable + tax = total, by head), and when the
 * shop marked it done.
 */
export const orderLineAddOns = pgTable(
  'order_line_add_ons',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    leadDays: integer('lead_days').notNull(),
    measurementSet: text('measurement_set').$type<MeasurementSet>().notNull(),
    profileName: text('profile_name'),
    measurements: jsonb('measurements').$type<StoredMeasurements>(),
    standardSize: integer('standard_size'),
    sac: text('sac').notNull(),
    gstRate: gstRateColumn('gst_rate').notNull(),
    taxableValuePaise: bigint('taxable_value_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [index('order_line_add_ons_order').on(table.storeId, table.orderId)],
);
