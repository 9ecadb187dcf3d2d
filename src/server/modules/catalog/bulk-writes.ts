/**
 * Batched writes of products, their details and variants (the catalogue import and the admin's product
 * editor): many rows per statement, passed as one JSON parameter and unpacked by `jsonb_to_recordset`. One
 * parameter instead of thousands keeps a large import fast on the embedded database (PGlite parses every
 * parameter on the event loop) and well below PostgreSQL's 65,535 parameters per statement. The same SQL runs
 * on PGlite and PostgreSQL. Prices in **paise**; quantities in the product's unit.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** Rows per statement: large enough to amortise a statement, small enough to bound the JSON text. */
export const BULK_ROWS = 2000;

/** Splits `items` into chunks of at most `size`. */
export function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The JSON parameter of one batch. */
const jsonRows = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** A new product row as the importer writes it (stock and imported stock start equal). */
export type NewProductRow = {
  sku: string;
  title: string;
  description: string;
  imgUrl: string | null;
  categoryId: number;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  stock: number | null;
  unit: string;
  minQuantity: number;
  quantityStep: number;
  gender: string | null;
  featured: boolean;
  /** HSN code and GST rate (percent) from the file; null: the category default or the rules. */
  hsn: string | null;
  gstRate: number | null;
  /** Whether it may be returned; null: by its unit (docs/returns.md "Settings"). */
  returnable: boolean | null;
  sortOrder: number;
  contentHash: string;
};

const PRODUCT_COLUMNS = sql.raw(`"title" text, "description" text, "imgUrl" text, "categoryId" integer,
  "parentCategory" text, "regularPricePaise" integer, "discountedPricePaise" integer, "stock" numeric,
  "unit" text, "minQuantity" numeric, "quantityStep" numeric, "gender" text, "featured" boolean,
  "hsn" text, "gstRate" numeric, "returnable" boolean, "sortOrder" integer, "contentHash" text`);

/**
 * Inserts new products of `storeId`, batched.
 * @returns product id by SKU.
 */
export async function insertProducts(
  tx: Db,
  storeId: number,
  rows: NewProductRow[],
): Promise<Map<string, string>> {
  const idBySku = new Map<string, string>();
  for (const chunk of chunksOf(rows, BULK_ROWS)) {
    const result = await tx.execute(sql`
      INSERT INTO products (store_id, sku, title, description, img_url, category_id, parent_category,
        regular_price_paise, discounted_price_paise, stock, imported_stock, unit, min_quantity, quantity_step,
        gender, featured, hsn, gst_rate, returnable, sort_order, content_hash)
      SELECT ${storeId}, r."sku", r."title", r."description", r."imgUrl", r."categoryId", r."parentCategory",
        r."regularPricePaise", r."discountedPricePaise", r."stock", r."stock", r."unit", r."minQuantity",
        r."quantityStep", r."gender", r."featured", r."hsn", r."gstRate", r."returnable", r."sortOrder",
        r."contentHash"
      FROM jsonb_to_recordset(${jsonRows(chunk)}) AS r("sku" text, ${PRODUCT_COLUMNS})
      RETURNING id, sku`);
    for (const row of rowsOf<{ id: string; sku: string }>(result)) idBySku.set(row.sku, row.id);
  }
  return idBySku;
}

/**
 * Rewrites existing products of `storeId` by id, batched. `stock` and `imported_stock` are written only where
 * `setStock` is true (the file's figure differs from the one the previous import set); a sale committed
 * meanwhile is kept otherwise.
 */
export async function updateProducts(
  tx: Db,
  storeId: number,
  rows: (Omit<NewProductRow, 'sku'> & { id: string; setStock: boolean })[],
): Promise<void> {
  for (const chunk of chunksOf(rows, BULK_ROWS)) {
    await tx.execute(sql`
      UPDATE products AS p SET
        title = d."title", description = d."description", img_url = d."imgUrl", category_id = d."categoryId",
        parent_category = d."parentCategory", regular_price_paise = d."regularPricePaise",
        discounted_price_paise = d."discountedPricePaise",
        stock = CASE WHEN d."setStock" THEN d."stock" ELSE p.stock END,
        imported_stock = CASE WHEN d."setStock" THEN d."stock" ELSE p.imported_stock END,
        unit = d."unit", min_quantity = d."minQuantity", quantity_step = d."quantityStep", gender = d."gender",
        featured = d."featured", hsn = d."hsn", gst_rate = d."gstRate",
        returnable = d."returnable", sort_order = d."sortOrder", content_hash = d."contentHash", updated_at = now()
      FROM jsonb_to_recordset(${jsonRows(chunk)}) AS d("id" uuid, "setStock" boolean, ${PRODUCT_COLUMNS})
      WHERE p.id = d."id" AND p.store_id = ${storeId}`);
  }
}

/** An image of a product, `position` from 0 in display order. */
export type ImageRow = { productId: string; url: string; position: number };
/** An attribute of a product, `position` from 0 in display order. */
export type AttributeRow = {
  productId: string;
  key: string;
  values: string[];
  metricUnit: string | null;
  position: number;
};

/** Inserts images and attributes of products of `storeId`, batched. */
export async function insertDetails(
  tx: Db,
  storeId: number,
  images: ImageRow[],
  attributes: AttributeRow[],
): Promise<void> {
  for (const chunk of chunksOf(images, BULK_ROWS)) {
    await tx.execute(sql`
      INSERT INTO product_images (store_id, product_id, url, position)
      SELECT ${storeId}, r."productId", r."url", r."position"
      FROM jsonb_to_recordset(${jsonRows(chunk)}) AS r("productId" uuid, "url" text, "position" integer)`);
  }
  for (const chunk of chunksOf(attributes, BULK_ROWS)) {
    await tx.execute(sql`
      INSERT INTO product_attributes (store_id, product_id, key, "values", metric_unit, position)
      SELECT ${storeId}, r."productId", r."key", r."values", r."metricUnit", r."position"
      FROM jsonb_to_recordset(${jsonRows(chunk)})
        AS r("productId" uuid, "key" text, "values" jsonb, "metricUnit" text, "position" integer)`);
  }
}

/** Deletes the images and attributes of products `ids` of `storeId` (before they are written again). */
export async function deleteDetails(tx: Db, storeId: number, ids: string[]): Promise<void> {
  for (const chunk of chunksOf(ids, BULK_ROWS)) {
    const list = jsonRows(chunk);
    await tx.execute(sql`
      DELETE FROM product_images WHERE store_id = ${storeId}
        AND product_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${list}))`);
    await tx.execute(sql`
      DELETE FROM product_attributes WHERE store_id = ${storeId}
        AND product_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${list}))`);
  }
}

/** A variant to insert or update; `position` from 0 in file order, prices null = the product's. */
export type VariantRow = {
  productId: string;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number | null;
  regularPricePaise: number | null;
  discountedPricePaise: number | null;
  imgUrl: string | null;
  position: number;
};

const VARIANT_COLUMNS = sql.raw(`"productId" uuid, "sku" text, "size" text, "color" text, "stock" numeric,
  "regularPricePaise" integer, "discountedPricePaise" integer, "imgUrl" text, "position" integer`);

/** Inserts new variants of `storeId` (stock and imported stock start equal), batched. */
export async function insertVariants(tx: Db, storeId: number, rows: VariantRow[]): Promise<void> {
  for (const chunk of chunksOf(rows, BULK_ROWS)) {
    await tx.execute(sql`
      INSERT INTO product_variants (store_id, product_id, sku, size, color, stock, imported_stock,
        regular_price_paise, discounted_price_paise, img_url, position)
      SELECT ${storeId}, r."productId", r."sku", r."size", r."color", r."stock", r."stock",
        r."regularPricePaise", r."discountedPricePaise", r."imgUrl", r."position"
      FROM jsonb_to_recordset(${jsonRows(chunk)}) AS r(${VARIANT_COLUMNS})`);
  }
}

/**
 * Updates existing variants of `storeId` by id, batched: product (a variant may move), SKU spelling, options,
 * prices, image and position. `stock` is written only where `setStock` is true (the file's figure differs from
 * the one the previous import set); `imported_stock` always takes the file's figure. Evaluated row by row
 * under the row lock, so a sale committed meanwhile is kept.
 */
export async function updateVariants(
  tx: Db,
  storeId: number,
  rows: (VariantRow & { id: string; setStock: boolean })[],
): Promise<void> {
  for (const chunk of chunksOf(rows, BULK_ROWS)) {
    await tx.execute(sql`
      UPDATE product_variants AS v SET
        product_id = d."productId", sku = d."sku", size = d."size", color = d."color",
        stock = CASE WHEN d."setStock" THEN d."stock" ELSE v.stock END,
        imported_stock = d."stock",
        regular_price_paise = d."regularPricePaise", discounted_price_paise = d."discountedPricePaise",
        img_url = d."imgUrl", position = d."position", updated_at = now()
      FROM jsonb_to_recordset(${jsonRows(chunk)}) AS d("id" uuid, "setStock" boolean, ${VARIANT_COLUMNS})
      WHERE v.id = d."id" AND v.store_id = ${storeId}`);
  }
}
