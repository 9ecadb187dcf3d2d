/**
 * The database writes of the admin's product editor (docs/admin.md "Product"), each inside the save's
 * transaction and scoped to the store: SKU clashes with the store's other products and variants, the
 * category by name, a product's variants brought in line with the matrix, and the catalogue change
 * announcement that the storefront's caches listen for. Prices in **paise**; stock in the product's unit.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { categories } from '../../db/schema/catalog-tables';
import { chunksOf, BULK_ROWS, insertVariants, type VariantRow } from './bulk-writes';

/** One SKU of a save and where it is in the body: `sku` or `variants.3.sku`. */
export type WantedSku = { sku: string; field: string };

/**
 * The SKUs of `wanted` that another product of `storeId` (not `productId`) or one of its variants already
 * uses, letter case ignored: field → `is already used by "Cotton Kurta" (KUR-001)`.
 */
export async function skuClashes(
  tx: Db,
  storeId: number,
  productId: string | null,
  wanted: WantedSku[],
): Promise<Record<string, string>> {
  const list = JSON.stringify(wanted.map((entry) => [entry.sku.toLowerCase(), entry.field]));
  const other = productId ?? '00000000-0000-0000-0000-000000000000';
  const result = await tx.execute(sql`
    WITH wanted AS (
      SELECT value->>0 AS sku, value->>1 AS field FROM jsonb_array_elements(${list}::jsonb)
    )
    SELECT w.field, p.title, p.sku FROM wanted w
      JOIN products p ON p.store_id = ${storeId} AND lower(p.sku) = w.sku AND p.id <> ${other}
    UNION ALL
    SELECT w.field, p.title, p.sku FROM wanted w
      JOIN product_variants v ON v.store_id = ${storeId} AND lower(v.sku) = w.sku AND v.product_id <> ${other}
      JOIN products p ON p.id = v.product_id`);
  const fields: Record<string, string> = {};
  for (const row of rowsOf<{ field: string; title: string; sku: string }>(result)) {
    fields[row.field] ??= `is already used by ${JSON.stringify(row.title)} (${row.sku})`;
  }
  return fields;
}

/** The id of `storeId`'s category named `name` (letter case ignored), created (unlisted) when new. */
export async function categoryIdFor(tx: Db, storeId: number, name: string): Promise<number> {
  const found = await tx.execute(
    sql`SELECT id FROM categories WHERE store_id = ${storeId} AND lower(name) = lower(${name}) LIMIT 1`,
  );
  const [row] = rowsOf<{ id: number }>(found);
  if (row) return Number(row.id);
  const [created] = await tx
    .insert(categories)
    .values({ storeId, name, position: null, imageUrl: null })
    .returning({ id: categories.id });
  return created!.id;
}

/** A row of the matrix to store: an existing variant (`id`) or a new one; `setStock` for existing ones. */
export type VariantWrite = Omit<VariantRow, 'productId'> & { id?: string | undefined; setStock: boolean };

/**
 * Brings the variants of product `productId` in line with `rows` (in order): deletes the product's variants not
 * listed (order lines keep their copies of SKU, size and colour), updates the listed existing ones in place
 * (they keep their id; `stock` only where `setStock`, and `imported_stock` is left to the catalogue file's
 * re-import rule), and inserts the new ones.
 */
export async function writeVariants(
  tx: Db,
  storeId: number,
  productId: string,
  rows: VariantWrite[],
): Promise<void> {
  const kept = rows.flatMap((row) => (row.id ? [row.id] : []));
  await tx.execute(sql`
    DELETE FROM product_variants WHERE store_id = ${storeId} AND product_id = ${productId}
      AND id NOT IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb))`);
  const updates = rows.filter((row) => row.id);
  for (const chunk of chunksOf(updates, BULK_ROWS)) {
    await tx.execute(sql`
      UPDATE product_variants AS v SET
        sku = d."sku", size = d."size", color = d."color",
        stock = CASE WHEN d."setStock" THEN d."stock" ELSE v.stock END,
        regular_price_paise = d."regularPricePaise", discounted_price_paise = d."discountedPricePaise",
        img_url = d."imgUrl", position = d."position", updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS d("id" uuid, "setStock" boolean, "sku" text,
        "size" text, "color" text, "stock" numeric, "regularPricePaise" integer, "discountedPricePaise" integer,
        "imgUrl" text, "position" integer)
      WHERE v.id = d."id" AND v.store_id = ${storeId} AND v.product_id = ${productId}`);
  }
  await insertVariants(
    tx,
    storeId,
    rows.filter((row) => !row.id).map(({ id: _id, setStock: _setStock, ...row }) => ({ ...row, productId })),
  );
}
