/**
 * Returns, exchanges and refunds of orders (docs/returns.md). PostgreSQL dialect, the same on PGlite and on a
 * PostgreSQL server; money in integer **paise**; quantities in the line's unit (pieces or metres); every row
 * carries `store_id` (docs/decisions/003-store-from-host.md). Change a table here, then run
 * `npm run db:generate` to write its migration into drizzle/.
 */
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  RefundMethod,
  RefundStatus,
  ReturnLineOutcome,
  ReturnStatus,
} from '@shared/returns/return-schemas';
import { productVariants, quantityColumn } from './catalog-tables';
import { taxDocuments } from './gst-tables';
import { orderLines, orders } from './order-tables';
import { uploadedImages } from './media-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * A return request (RMA) of a delivered order: `number` (`RT-7KQ29XD3`) is what the shopper and the shop see,
 * unique per store. `status` moves requested → approved → received → closed, or requested → rejected
 * (src/shared/returns/return-rules.ts). `pickup_fee_paise`: the return pickup fee of the store's settings when
 * it was asked for (none when every line came back through the shop's fault), deducted from its refund. `pickup_note`: the approval's pickup note or the reverse
 * shipment's tracking number; `rejection_reason`: what the shopper reads when it is refused. The replacement
 * of an exchange ships as a shipment of the same order: its courier, tracking number and time.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    note: text('note'),
    pickupFeePaise: bigint('pickup_fee_paise', { mode: 'number' }).notNull().default(0),
    pickupNote: text('pickup_note'),
    rejectionReason: text('rejection_reason'),
    replacementCourier: text('replacement_courier'),
    replacementTrackingNumber: text('replacement_tracking_number'),
    replacementShippedAt: timestamp('replacement_shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_returns_store_number').on(table.storeId, table.number),
    index('order_returns_order').on(table.orderId, table.createdAt),
    index('order_returns_store_status').on(table.storeId, table.status, table.createdAt),
    check(
      'order_returns_status',
      sql`${table.status} IN ('requested', 'approved', 'rejected', 'received', 'closed')`,
    ),
  ],
);

/**
 * A line of a return: which order line, how much of it (in the line's unit), why, and — for an exchange — the
 * variant of the same product wanted instead (its stock is held from approval: `exchange_held`). `outcome` is
 * set at receipt: `restocked` (the stock came back) or `written-off` (damaged). `refund_paise`: the line's
 * value at the order's unit price (round(unit price × quantity)); 0 for an exchange (same price, no money moves).
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: quantityColumn('quantity').notNull(),
    reason: text('reason').notNull(),
    exchangeVariantId: uuid('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** The exchange variant's size and colour when asked for (kept if the variant is later deleted). */
    exchangeSize: text('exchange_size'),
    exchangeColor: text('exchange_color'),
    exchangeHeld: integer('exchange_held').notNull().default(0),
    outcome: text('outcome').$type<ReturnLineOutcome>(),
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('return_lines_return').on(table.returnId),
    index('return_lines_order_line').on(table.orderLineId),
  ],
);

/** Up to 3 photos of a return, as uploaded images (the admin's image pipeline), in the shopper's order. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('return_photos_return_position').on(table.returnId, table.position)],
);

/**
 * The history of a return: each status it reached, with the note the shopper reads (pickup note, rejection
 * reason, replacement tracking) and who moved it (null: the shopper).
 */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus | 'replacement-shipped'>().notNull(),
    note: text('note'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('return_events_return').on(table.returnId, table.createdAt)],
);

/**
 * A refund of an order (docs/returns.md "Refunds"): full or partial, in paise, never more than paid less
 * refunded (checked with the order row locked). `method` `gateway` goes through the provider that took the
 * payment (`provider`, its refund id `gateway_refund_id`); `upi`, `bank`, `cash` record a refund the owner made
 * outside the store with its `reference` (UTR …). `status`: pending (asked of the gateway), processed, failed
 * (`failure_reason` is the gateway's; the owner may retry). `idempotency_key` + `request_hash` make a retried
 * request answer the same refund. `credit_note_id`: the GST credit note issued for it (CGST Rule 53).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    method: text('method').$type<RefundMethod>().notNull(),
    reference: text('reference'),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    provider: text('provider'),
    gatewayRefundId: text('gateway_refund_id'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    creditNoteId: integer('credit_note_id').references(() => taxDocuments.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order').on(table.orderId, table.createdAt),
    uniqueIndex('refunds_store_order_idempotency_key').on(table.storeId, table.orderId, table.idempotencyKey),
    check('refunds_status', sql`${table.status} IN ('pending', 'processed', 'failed')`),
    check('refunds_method', sql`${table.method} IN ('gateway', 'upi', 'bank', 'cash')`),
    check('refunds_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);
