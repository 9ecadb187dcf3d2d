/**
 * Courier accounts and the shipments booked through them (docs/shipping.md). PostgreSQL dialect, the same on
 * PGlite and on a PostgreSQL server; every row carries `store_id` (docs/decisions/003-store-from-host.md).
 * Change a table here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import {
  customType,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './order-tables';
import { stores } from './store-tables';

/** PostgreSQL `bytea` as a Node Buffer (a label PDF). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A store's Shiprocket account (docs/shipping.md "Setting up Shiprocket"), one row per store, written by the
 * owner's Shiprocket settings: the API user's e-mail and password (never answered back in full), the pickup
 * location's name as it is spelled in Shiprocket's panel, the default parcel (centimetres and grams), and the
 * token Shiprocket's tracking webhook sends in `x-api-key`. `api_token` / `api_token_expires_at`: the Bearer
 * token of the last sign-in, reused until it expires (Shiprocket's tokens last 10 days); cleared when the
 * e-mail or password changes.
 */
export const shiprocketAccounts = pgTable('shiprocket_accounts', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  email: text('email'),
  password: text('password'),
  pickupLocation: text('pickup_location').notNull().default('Primary'),
  lengthCm: integer('length_cm').notNull().default(30),
  breadthCm: integer('breadth_cm').notNull().default(25),
  heightCm: integer('height_cm').notNull().default(5),
  weightGrams: integer('weight_grams').notNull().default(500),
  webhookToken: text('webhook_token'),
  apiToken: text('api_token'),
  apiTokenExpiresAt: timestamp('api_token_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order's parcel booked with a courier aggregator (docs/shipping.md), one per order: `provider`
 * (`shiprocket` or `shiprocket-sandbox`), the aggregator's order id and shipment id (kept as soon as they are
 * known, so that a retried booking goes on with the same shipment instead of creating a second one), the AWB
 * and courier once assigned, the label PDF as fetched (`label_pdf`, kept so that it can be printed again after
 * the aggregator's link expires), `booking_until` while a booking runs (so two presses at once never create
 * two of the aggregator's orders), and the courier's latest tracking status as it reported it
 * (`tracking_status`, e.g. `OUT FOR DELIVERY`, with its time).
 */
export const courierShipments = pgTable(
  'courier_shipments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalOrderId: text('external_order_id'),
    shipmentId: text('shipment_id'),
    awb: text('awb'),
    courierName: text('courier_name'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    /** A booking is running until this moment (a second one at the same time is refused); null: none. */
    bookingUntil: timestamp('booking_until', { withTimezone: true }),
    labelPdf: bytea('label_pdf'),
    trackingStatus: text('tracking_status'),
    trackingStatusAt: timestamp('tracking_status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('courier_shipments_order').on(table.orderId),
    uniqueIndex('courier_shipments_store_awb').on(table.storeId, table.awb),
  ],
);
