/**
 * Database schema (PostgreSQL dialect; the same on embedded PGlite and on a PostgreSQL server).
 * Every shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md). Money is integer **paise**.
 * Change this file, then run `npm run db:generate` to write the migration into drizzle/.
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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A shop. Exactly one row has `is_default`; it answers every host that no `store_hosts` row names. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    isDefault: boolean('is_default').notNull().default(false),
    storeName: text('store_name'),
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    companyEmail: text('company_email'),
    companyPhone: text('company_phone'),
    companyLogoUrl: text('company_logo_url'),
    description: text('description'),
    /** Policy slug → HTML with placeholders (spec §2 "Policy pages"). */
    policies: jsonb('policies').$type<Record<string, string>>().notNull().default({}),
    /** Bumped on every catalogue write; lets other server processes drop their cached responses. */
    catalogVersion: integer('catalog_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stores_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/** Host names (lower-case, without port) that select a store. */
export const storeHosts = pgTable('store_hosts', {
  host: text('host').primaryKey(),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
});

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

/**
 * Customer accounts (spec §3 "User"). `email` is stored trimmed and lower-case and is unique per
 * store: the same address may hold one account in each store. `password_hash` is an argon2id PHC string and
 * never leaves the server.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_store_email').on(table.storeId, table.email),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Sign-in sessions: the client holds an opaque 32-byte token; only its SHA-256
 * (hex) is stored. A session is valid while `revoked_at` is null and `expires_at` (30 days after sign-in) is
 * in the future, and only through its own store.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash').on(table.tokenHash),
    index('sessions_store_user').on(table.storeId, table.userId),
    index('sessions_expires_at').on(table.expiresAt),
  ],
);

/**
 * Orders (spec §3 "Order as read from the server"). `order_number` (e.g. `RS-7KQ29XD3`) is the id
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
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    shippingFeePaise: bigint('shipping_fee_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_store_order_number').on(table.storeId, table.orderNumber),
    index('orders_store_user_created').on(table.storeId, table.userId, table.createdAt.desc()),
  ],
);

/**
 * The lines of an order, with the product's title, SKU and unit price copied at creation (later catalogue
 * changes never alter an order). `product_id` becomes null when the product is deleted.
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
    productTitle: text('product_title').notNull(),
    sku: text('sku').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: bigint('line_total_paise', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
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

/** A message as the outbox keeps it: what nodemailer needs to send it again, nothing else. */
export type OutgoingMessage = {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/** The delivery states of an outgoing mail: waiting (or retrying), being sent by a server, sent, given up. */
export type OutgoingMailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * The mail outbox (docs/decisions/009-mail-outbox.md): every e-mail is written here in the same transaction as
 * the change it reports, then sent by the app's outbox sender with retries and backoff. `attempts` counts
 * sends begun; `next_attempt_at` is when the next may begin (while `sending`: when the claim of the server
 * sending it lapses); `last_error` is the transport's last failure without any address.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    message: jsonb('message').$type<OutgoingMessage>().notNull(),
    status: text('status').$type<OutgoingMailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outgoing_mail_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('outgoing_mail_store_status').on(table.storeId, table.status, table.createdAt),
    check('outgoing_mail_status', sql`${table.status} IN ('pending', 'sending', 'sent', 'failed')`),
  ],
);
