/**
 * Orders, their lines and events, and the idempotency keys of checkout. PostgreSQL dialect, the same on PGlite
 * and on a PostgreSQL server; money in integer **paise**; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderChargeKind } from '@shared/delivery/charge-tax';
import type { LineGst } from '@shared/gst/line-gst';
import { gstRateColumn, productVariants, products, quantityColumn } from './catalog-tables';
import { coupons } from './coupon-tables';
import { stores } from './store-tables';
import { users } from './user-tables';

/**
 * A charge of an order with its GST, as stored in `orders.charges`: kind, SAC, the GST-inclusive amount, and
 * its {@link LineGst} (rate in percent, split and heads in paise: taxable + tax = amount, CGST + SGST + IGST =
 * tax).
 */
export type StoredOrderCharge = LineGst & {
  kind: OrderChargeKind;
  sac: string;
  amountPaise: number;
};

/**
 * Orders (docs/product.md §3 "Order as read from the server"). `order_number` (e.g. `RS-7KQ29XD3`) is the id
 * the API shows, unique per store. The e-mail and the shipping address are copied at creation; `phone_digits`
 * holds the 10 national digits of `phone` for tracking look-ups. Amounts in paise (bigint: 50 lines × 10 ×
 * the catalogue's price ceiling exceed a 32-bit integer). `status` is an ORDER_STATUS code.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    status: smallint('status').notNull().default(0),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull(),
    phoneDigits: text('phone_digits').notNull(),
    shippingMethod: text('shipping_method').notNull().default('Standard Shipping'),
    trackingNumber: text('tracking_number'),
    /**
     * The courier the order was shipped with, as the owner chose it at the ship step: a known courier's name
     * (src/shared/orders/couriers.ts, whose tracking page the shopper is linked to) or another name typed in.
     * Null: not shipped, or shipped before the courier was recorded on the order.
     */
    courier: text('courier'),
    /**
     * What the courier last said of the parcel while the order is Shipped, in the shopper's words (`Out for
     * delivery`, src/shared/orders/courier-status.ts), from its tracking webhook (docs/shipping.md); the order
     * status stays a code 0–4. Null: nothing reported.
     */
    courierStatus: text('courier_status'),
    /**
     * A Pending order's stock is reserved until this moment (creation + `PAYMENT_WINDOW_MINUTES`); then the
     * order is cancelled unpaid and its stock returns. Set at creation; only Pending orders are looked at.
     */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** Why a Cancelled order was cancelled, as shown to the shopper (e.g. 'payment not received in time'). */
    cancellationCause: text('cancellation_cause'),
    /** A payment arrived after the order was cancelled and its stock was gone: the shop owes a refund. */
    refundDue: boolean('refund_due').notNull().default(false),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    shippingFeePaise: bigint('shipping_fee_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /**
     * GST snapshot at placement (docs/gst.md): the store's GSTIN then (null: not registered, no tax), the
     * store's and the place of supply's (delivery state's) GST state codes, and the GST inside the total in
     * paise (the sum of the lines' `tax_paise`). Null codes: placed before GST was recorded.
     */
    supplierGstin: text('supplier_gstin'),
    supplierStateCode: text('supplier_state_code'),
    placeOfSupplyCode: text('place_of_supply_code'),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    /**
     * Cash on delivery (docs/delivery.md): chosen at payment, the order went to Processing without a payment
     * window; the cash is collected (its `payments` row succeeds) when the order is delivered. `cod_fee_paise`
     * is the fee added to the total (GST-inclusive). `charges`: the shipping charge and the COD fee with their
     * GST at the principal supply's rate, as the invoice prints them (empty: no charges).
     */
    cashOnDelivery: boolean('cash_on_delivery').notNull().default(false),
    codFeePaise: bigint('cod_fee_paise', { mode: 'number' }).notNull().default(0),
    charges: jsonb('charges').$type<StoredOrderCharge[]>().notNull().default([]),
    /**
     * The coupon of the order (docs/discounts.md): its code as the shop spells it, the coupon (null once
     * deleted), the discount in paise (the sum of the lines' `discount_paise`; `total_paise` = subtotal −
     * discount + charges), and when its use was given back (an unpaid order cancelled; null: still counted).
     */
    couponCode: text('coupon_code'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    couponReleasedAt: timestamp('coupon_released_at', { withTimezone: true }),
    /**
     * The shopper said 'I have paid' on the UPI QR screen while the order awaited payment: when (null: never)
     * and the 12-digit UPI transaction reference they typed (null: none given). The latest report wins. It
     * does not pay the order: only the UPI webhook or the owner does.
     */
    shopperPaidAt: timestamp('shopper_paid_at', { withTimezone: true }),
    shopperUtr: text('shopper_utr'),
    /**
     * Cash-on-delivery confirmation (docs/messages.md "COD confirmation"): the SHA-256 hex of the one-time
     * token the shopper's link and buttons carry (null once answered or expired), when the window ends, and
     * when the window ended without an answer and the order was flagged for a call (null: not flagged).
     */
    codConfirmTokenHash: text('cod_confirm_token_hash'),
    codConfirmDueAt: timestamp('cod_confirm_due_at', { withTimezone: true }),
    codFlaggedAt: timestamp('cod_flagged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_store_order_number').on(table.storeId, table.orderNumber),
    index('orders_store_user_created').on(table.storeId, table.userId, table.createdAt.desc()),
    index('orders_store_coupon')
      .on(table.storeId, table.couponId)
      .where(sql`${table.couponId} IS NOT NULL`),
    index('orders_pending_payment_due')
      .on(table.paymentDueAt)
      .where(sql`${table.status} = 0`),
    uniqueIndex('orders_cod_confirm_token')
      .on(table.codConfirmTokenHash)
      .where(sql`${table.codConfirmTokenHash} IS NOT NULL`),
    index('orders_cod_confirm_due')
      .on(table.codConfirmDueAt)
      .where(sql`${table.status} = 5`),
  ],
);

/**
 * The lines of an order: a snapshot taken at creation that later catalogue changes never alter — product and
 * variant ids, SKU (the variant's when there is one), title, size, colour, image, unit of measure, quantity
 * (pieces or metres by `unit`), unit price and line total in paise (line total = round(unit price ×
 * quantity)). `product_id` / `variant_id` become null when the product or variant is deleted.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productTitle: text('product_title').notNull(),
    sku: text('sku').notNull(),
    size: text('size'),
    color: text('color'),
    imageUrl: text('image_url'),
    /** `piece` or `m`, copied from the product. */
    unit: text('unit').notNull().default('piece'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: quantityColumn('quantity').notNull(),
    /** What the line is charged: round(unit price × quantity) less its share of the coupon's discount. */
    lineTotalPaise: bigint('line_total_paise', { mode: 'number' }).notNull(),
    /** The line's share of the order's coupon discount, paise (docs/discounts.md "Tax"); 0 without one. */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    position: integer('position').notNull(),
    /**
     * GST of the line (docs/gst.md), computed by the server at placement with src/shared/gst: HSN, rate in
     * percent, taxable value and tax in paise (taxable + tax = line total), the tax by head (CGST + SGST, or
     * IGST). Null rate: placed before GST was recorded.
     */
    hsn: text('hsn'),
    gstRate: gstRateColumn('gst_rate'),
    taxableValuePaise: bigint('taxable_value_paise', { mode: 'number' }),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('order_lines_order').on(table.orderId, table.position)],
);

/** The history of an order's status: the creation ('created', from null to 0) and every later transition. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    cause: text('cause').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order').on(table.orderId, table.createdAt)],
);

/**
 * `Idempotency-Key` of `POST /orders`: per store and user, the SHA-256 of the request body and the
 * order it created, so a retried request answers the same order and a reused key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.userId, table.key] })],
);
