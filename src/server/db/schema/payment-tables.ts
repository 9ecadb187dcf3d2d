/**
 * Payments and payment attempts. PostgreSQL dialect, the same on PGlite and on a PostgreSQL server; money in
 * integer **paise**; every shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md). Change a
 * table here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { orders } from './order-tables';
import { stores } from './store-tables';

/** Who paid: the payment form's details, kept on the payment for a GST invoice. */
export type PaymentPayer = {
  name: string;
  email: string;
  phone: string;
  businessName?: string;
  gstin?: string;
};

/**
 * Payments and payment attempts (docs/payments.md). `provider` is the adapter (`upi`, `payu`,
 * `payu-sandbox`); `gateway_id` is the gateway's id of the payment — the PayU `txnid` (one per attempt) or the
 * UPI UTR — unique per store and provider, so a replayed callback or webhook finds the row it already wrote.
 * A UPI attempt has no gateway id until it is confirmed: one open attempt per order (`payments_open_attempt`).
 * `raw` holds what the gateway reported, never a key, salt or hash. `test_mode` marks sandbox and demo-UPI
 * payments, in which no money moved.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    gatewayId: text('gateway_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').$type<'initiated' | 'succeeded' | 'failed'>().notNull().default('initiated'),
    testMode: boolean('test_mode').notNull().default(false),
    payer: jsonb('payer').$type<PaymentPayer>(),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_store_provider_gateway_id').on(table.storeId, table.provider, table.gatewayId),
    uniqueIndex('payments_open_attempt')
      .on(table.orderId, table.provider)
      .where(sql`${table.gatewayId} IS NULL`),
    index('payments_order').on(table.orderId, table.createdAt),
    check('payments_status', sql`${table.status} IN ('initiated', 'succeeded', 'failed')`),
  ],
);
