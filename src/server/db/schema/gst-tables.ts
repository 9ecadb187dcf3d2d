/**
 * Tax documents of orders and their numbering (docs/gst.md). PostgreSQL dialect, the same on PGlite and on a
 * PostgreSQL server; money in integer **paise**; every row carries `store_id`. Change a table here, then run
 * `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
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
import { orders } from './order-tables';
import { stores } from './store-tables';

/**
 * One counter per store, financial year (`25-26`) and series (`invoice`, `credit-note`): `last_number` is the
 * last number issued. Incremented with `UPDATE … RETURNING` inside the shipping (or cancelling) transaction,
 * so concurrent issues wait on the row and numbers are consecutive and never reused (CGST Rule 46(b)).
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.financialYear, table.series] })],
);

/**
 * An issued tax invoice, bill of supply or credit note of an order. `number` is unique per store (at most 16
 * letters, digits, `-` and `/`); `refers_to` links a credit note to the invoice it reverses. `document` holds
 * everything printed (supplier, recipient, lines, totals) as issued, so later changes to the store or the
 * catalogue never alter an issued document.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `tax-invoice`, `bill-of-supply` or `credit-note`. */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    refersTo: integer('refers_to'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').notNull(),
  },
  (table) => [
    uniqueIndex('tax_documents_store_number').on(table.storeId, table.number),
    // One invoice (or bill of supply) per order; credit notes as many as its refunds and returns.
    uniqueIndex('tax_documents_order_invoice')
      .on(table.orderId, table.kind)
      .where(sql`${table.kind} <> 'credit-note'`),
    index('tax_documents_store_issued').on(table.storeId, table.issuedAt),
  ],
);
