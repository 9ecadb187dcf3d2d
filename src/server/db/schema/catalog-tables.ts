/**
 * The catalogue: categories, products, their images and attributes. PostgreSQL dialect, the same on PGlite and
 * on a PostgreSQL server; money in integer **paise**; every shop-owned row carries `store_id`
 * (docs/decisions/003-store-from-host.md). Change a table here, then run `npm run db:generate` to write its
 * migration into drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/** A PostgreSQL `tsvector` (full-text search document); read and written only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

/**
 * A quantity of stock or of an order line: pieces (whole numbers) or metres (up to 3 decimals), by the
 * product's `unit` (src/shared/catalog/unit-of-measure.ts). Read as a JS number through Drizzle; raw `sql`
 * queries receive numeric columns as strings, so wrap them in `Number()`.
 */
export const quantityColumn = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/** A GST rate in percent (5, 18, 2.5 …), as a JS number. */
export const gstRateColumn = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/**
 * Products; prices in paise. `gender` and `featured` are copied from attributes for filtering. A product
 * with rows in `product_variants` keeps its stock there (its own `stock` is then null and unused); without
 * variants, `stock` is the product's. `unit` is `piece` or `m` (sold by the metre: prices per metre, stock
 * and quantities in metres, sold from `min_quantity` in steps of `quantity_step`).
 */
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
    /** Pieces or metres on hand (by `unit`); null = stock is not tracked (or kept per variant). */
    stock: quantityColumn('stock'),
    /**
     * The `stock` the last catalogue import set (null = untracked). A re-import sets `stock` only when the
     * file's count differs from this, so sales since that import are not undone.
     */
    importedStock: quantityColumn('imported_stock'),
    /** Unit of measure: `piece` (default) or `m` (metres). */
    unit: text('unit').notNull().default('piece'),
    /** Smallest quantity of one line, in `unit`s (1 piece; fabric: 1 m unless the file says otherwise). */
    minQuantity: quantityColumn('min_quantity').notNull().default(1),
    /** Quantities are multiples of this, in `unit`s (1 for pieces; fabric: 0.5 m unless the file says otherwise). */
    quantityStep: quantityColumn('quantity_step').notNull().default(1),
    gender: text('gender'),
    featured: boolean('featured').notNull().default(false),
    /**
     * HSN code (4–8 digits) and GST rate in percent, from the catalogue file; null: the category's default
     * in the store settings, else the rules of src/shared/gst/gst-rate.ts (docs/gst.md).
     */
    hsn: text('hsn'),
    gstRate: gstRateColumn('gst_rate'),
    /**
     * Whether shoppers may return it (docs/returns.md): null = the default by unit (pieces yes, fabric cut to
     * length no: src/shared/returns/return-rules.ts `isReturnable`); true or false from the file or the editor.
     */
    returnable: boolean('returnable'),
    /** Position in the catalogue file; the listing order. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** SHA-256 of the imported content; an unchanged product is not rewritten. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the admin archived the product (docs/admin.md "Product"); null = on sale. An archived product is
     * hidden from the storefront (lists, search, its page, new orders); orders keep their copies of its lines.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Search columns, rewritten by the catalogue import and by a product saved in the admin
     * (src/server/modules/catalog/search-index.ts):
     * the weighted full-text document (title A, category B, attributes and SKU C, description D), the
     * unaccented lower-case text the spelling fallback reads, and the size, colour and fabric names of the
     * product's attributes (a product without variants is filtered on these).
     */
    searchDocument: tsvector('search_document'),
    searchText: text('search_text').notNull().default(''),
    searchSizes: text('search_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchColors: text('search_colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchFabrics: text('search_fabrics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * What can be bought now, kept by database triggers on every change of `products` and `product_variants`
     * (stock, prices, sizes, colours; see drizzle/0009 and src/server/modules/search/search-filters.ts): one
     * offer per available variant, or for an available product without variants one per size × colour of its
     * attributes. `offer_sizes` / `offer_colors`: distinct lower-case sizes and colours of the offers;
     * `offer_pairs`: distinct lower-case `size‹US›colour` of offers with both (‹US› = U+001F); `offer_entries`:
     * every offer as `Size‹US›Colour‹US›price in paise` as spelt (empty for none), for facets; the lowest and
     * highest offer price, paise (null without offers). Never written by the application.
     */
    offerSizes: text('offer_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerColors: text('offer_colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerPairs: text('offer_pairs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerEntries: text('offer_entries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerMinPricePaise: integer('offer_min_price_paise'),
    offerMaxPricePaise: integer('offer_max_price_paise'),
    /**
     * Published reviews of the product (docs/reviews.md): how many and the sum of their ratings (1–5 each),
     * rewritten with every review change (src/server/modules/catalog/product-rating.ts). 0 and 0: none.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
  },
  (table) => [
    uniqueIndex('products_store_sku').on(table.storeId, table.sku),
    // SKU clashes of the admin's product editor are checked ignoring letter case.
    index('products_store_lower_sku').on(table.storeId, sql`lower(${table.sku})`),
    index('products_search_document').using('gin', table.searchDocument),
    index('products_offer_sizes').using('gin', table.offerSizes),
    index('products_offer_colors').using('gin', table.offerColors),
    index('products_offer_pairs').using('gin', table.offerPairs),
    index('products_store_created').on(table.storeId, table.createdAt),
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
 * The variants of a product: the Size × Colour combinations it really sells (up to two options), each with
 * its own SKU (unique among the store's variants, case-insensitively; the importer also keeps it apart from
 * product SKUs), stock
 * (pieces or metres by the product's unit; null = not tracked) and optional price (paise; null = the
 * product's) and image. `position` is the variant's order in the catalogue file.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    size: text('size'),
    color: text('color'),
    stock: quantityColumn('stock'),
    /** The `stock` the last catalogue import set (the per-variant re-import rule of `products.imported_stock`). */
    importedStock: quantityColumn('imported_stock'),
    regularPricePaise: integer('regular_price_paise'),
    discountedPricePaise: integer('discounted_price_paise'),
    imgUrl: text('img_url'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_variants_store_sku').on(table.storeId, sql`lower(${table.sku})`),
    index('product_variants_product').on(table.productId, table.position),
    // Search filters: available variants of a colour and size (src/server/modules/search/search-filters.ts).
    index('product_variants_store_color_size').on(
      table.storeId,
      sql`lower(${table.color})`,
      sql`lower(${table.size})`,
    ),
  ],
);
