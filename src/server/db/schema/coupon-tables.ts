/**
 * Coupons (docs/discounts.md): the discount codes of a store. Money in integer **paise**; `value` is a whole
 * percent for `percent`, paise for `fixed`, 0 for `free_shipping`. Codes are unique per store in any letter
 * case (stored in upper case). `times_used` counts the orders placed with the code and not given back; it is
 * raised only by a conditional update (`times_used < usage_limit`) in the order's transaction, so concurrent
 * checkouts can never pass the limit (docs/decisions/027-coupons-and-discounted-tax.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CouponKind, CouponScope } from '@shared/discounts/coupon-schemas';
import { stores } from './store-tables';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<CouponKind>().notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    minSubtotalPaise: bigint('min_subtotal_paise', { mode: 'number' }),
    maxDiscountPaise: bigint('max_discount_paise', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    scope: text('scope').$type<CouponScope>().notNull().default('all'),
    /** Category or sub-category names in lower case (scope `categories`). */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    /** Product ids in lower case (scope `products`). */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    excludeSaleItems: boolean('exclude_sale_items').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_store_code').on(table.storeId, sql`upper(${table.code})`),
    check('coupons_times_used_in_limit', sql`${table.timesUsed} >= 0`),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
