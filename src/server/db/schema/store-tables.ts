/**
 * Shops and the host names that choose them. PostgreSQL dialect, the same on PGlite and on a PostgreSQL server;
 * money in integer **paise**; every shop-owned row carries `store_id` (docs/decisions/003-store-from-host.md).
 * Change a table here, then run `npm run db:generate` to write its migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliverySettings } from '@shared/delivery/delivery-rules';
import type { SizeChart } from '@shared/store-settings/size-chart';
import type { SocialLinks } from '@shared/store-settings/social-links';
import type { OrderMessageSettings } from '@shared/notifications/order-message-settings';

/** A shop. Exactly one row has `is_default`; it answers every host that no `store_hosts` row names. */
/** The store's return settings as stored: money in paise. */
export type StoredReturnSettings = {
  windowDays: number;
  exchanges: boolean;
  pickupFeePaise: number;
  returnAddress: string | null;
};

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
    /**
     * The shop's WhatsApp number, an Indian mobile in E.164 form (`+919839041736`); null: no WhatsApp links
     * on the storefront (src/shared/store-settings/whatsapp.ts).
     */
    whatsappNumber: text('whatsapp_number'),
    /**
     * When customer support answers, as shoppers read it on the contact page and in the policies
     * ('Monday to Saturday, 10AM - 6PM'); null: the storefront's default (`SUPPORT_HOURS_DEFAULT`).
     */
    supportHours: text('support_hours'),
    /**
     * The shop's social accounts: network (instagram, facebook, youtube, x, pinterest) → `https://` link to its
     * page there (src/shared/store-settings/social-links.ts); `{}`: none, the contact page hides 'Follow Us'.
     */
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    /**
     * The store-wide size chart (src/shared/store-settings/size-chart.ts): unit `in` or `cm` and tables of size →
     * measurements; null: no chart.
     */
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    /**
     * Size charts per category or sub-category (src/shared/store-settings/category-size-charts.ts): name as the
     * owner wrote it → chart; a product shows its sub-category's, else its category's, else `size_chart`.
     * `{}`: none.
     */
    categorySizeCharts: jsonb('category_size_charts')
      .$type<Record<string, SizeChart>>()
      .notNull()
      .default({}),
    /** Policy slug → HTML with placeholders (docs/product.md §2 "Policy pages"). */
    policies: jsonb('policies').$type<Record<string, string>>().notNull().default({}),
    /**
     * GST settings (docs/gst.md), from the catalogue file's `store` block. `legal_name` and `legal_address`
     * are what the tax invoice prints as the supplier (null: the company name and address); `state` is the
     * name of one of the 36 states and union territories, the store's place of business; `gstin` the store's
     * GSTIN, validated, whose first two digits are that state's code — null: not registered under GST (bills
     * of supply without tax). `gst_defaults`: category name (lower-case) → default HSN and GST rate of its
     * products. `invoice_prefix`: 1–3 capitals or digits before the invoice numbers (`RS/25-26/000123`).
     */
    legalName: text('legal_name'),
    legalAddress: text('legal_address'),
    state: text('state'),
    gstin: text('gstin'),
    gstDefaults: jsonb('gst_defaults')
      .$type<Record<string, { hsn?: string; gstRate?: number }>>()
      .notNull()
      .default({}),
    invoicePrefix: text('invoice_prefix').notNull().default('RS'),
    /**
     * Shipping charges, delivery zones, unserved PIN codes and cash on delivery (docs/delivery.md), amounts in
     * paise; null: nothing set (shipping 'Free' everywhere, no COD). From the catalogue file's
     * `store.delivery` block or the admin's delivery settings.
     */
    deliverySettings: jsonb('delivery_settings').$type<DeliverySettings>(),
    /**
     * Return settings (docs/returns.md "Settings"): days after delivery returns are accepted (0 = none),
     * whether exchanges are offered, the return pickup fee in paise (deducted from the refund) and the return
     * address (null: the company address). Null: nothing set (src/shared/returns DEFAULT_RETURN_SETTINGS).
     */
    returnSettings: jsonb('return_settings').$type<StoredReturnSettings>(),
    /**
     * Order messages to phones (src/shared/notifications/order-message-settings.ts): transactional SMS on or
     * off, the owner's WhatsApp number, the COD confirmation window and what follows it. Null: the defaults.
     */
    orderMessageSettings: jsonb('order_message_settings').$type<Partial<OrderMessageSettings>>(),
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
