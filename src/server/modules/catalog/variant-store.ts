/**
 * The variant half of a catalogue import (docs/catalog-format.md "Variants"): runs inside the import's
 * transaction for the products the import created or rewrote. Variants are matched by SKU within the store
 * (case-insensitively), so a variant keeps its id — and the order lines that point at it — across imports;
 * variants a rewritten product no longer lists are deleted. Stock follows the products' re-import rule per
 * variant: an existing variant's stock is set only when the file's figure differs from the one the previous
 * import set (`imported_stock`), so units sold since are not put back. Statements are batched.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { products, productVariants } from '../../db/schema/catalog-tables';
import type { VariantRecord } from './product-record';

/** Rows per batched statement (well below PostgreSQL's 65,535 parameters per statement). */
const BATCH_ROWS = 2000;

/** Splits `items` into chunks of at most `size`. */
export function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** A product the import created (`isNew`) or rewrote, with the variants the file lists for it, in order. */
export type VariantTarget = { productId: string; isNew: boolean; variants: VariantRecord[] };

type ExistingVariant = { id: string; productId: string; sku: string; importedStock: number | null };

async function existingVariants(
  tx: Db,
  storeId: number,
  rewrittenProductIds: string[],
  lowerSkus: string[],
): Promise<ExistingVariant[]> {
  const columns = {
    id: productVariants.id,
    productId: productVariants.productId,
    sku: productVariants.sku,
    importedStock: productVariants.importedStock,
  };
  const byId = new Map<string, ExistingVariant>();
  for (const ids of chunksOf(rewrittenProductIds, BATCH_ROWS)) {
    const rows = await tx
      .select(columns)
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.productId, ids)));
    for (const row of rows) byId.set(row.id, row);
  }
  for (const skus of chunksOf(lowerSkus, BATCH_ROWS)) {
    const rows = await tx
      .select(columns)
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(sql`lower(${productVariants.sku})`, skus)));
    for (const row of rows) byId.set(row.id, row);
  }
  return [...byId.values()];
}

/**
 * Brings the variants of `targets` in line with the file: inserts new SKUs, updates existing ones (moving a
 * variant to the product that now lists its SKU), deletes those a rewritten product no longer lists. A product
 * outside `targets` that loses a variant this way gets an empty content hash, so its next import rewrites it.
 * @returns how many existing variants had their stock set by the file.
 */
export async function syncVariants(tx: Db, storeId: number, targets: VariantTarget[]): Promise<number> {
  const rewrittenIds = targets.filter((target) => !target.isNew).map((target) => target.productId);
  const wanted = targets.flatMap((target) =>
    target.variants.map((variant, position) => ({ ...variant, position, productId: target.productId })),
  );
  if (wanted.length === 0 && rewrittenIds.length === 0) return 0;
  const wantedSkus = new Set(wanted.map((variant) => variant.sku.toLowerCase()));
  const existing = await existingVariants(tx, storeId, rewrittenIds, [...wantedSkus]);
  const existingBySku = new Map(existing.map((row) => [row.sku.toLowerCase(), row]));

  const rewritten = new Set(rewrittenIds);
  const removed = existing.filter(
    (row) => rewritten.has(row.productId) && !wantedSkus.has(row.sku.toLowerCase()),
  );
  for (const ids of chunksOf(
    removed.map((row) => row.id),
    BATCH_ROWS,
  )) {
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids)));
  }

  const targetIds = new Set(targets.map((target) => target.productId));
  const losers = new Set<string>();
  const inserts: (typeof wanted)[number][] = [];
  const updates: ((typeof wanted)[number] & { id: string; setStock: boolean })[] = [];
  let stockLevelsChanged = 0;
  for (const variant of wanted) {
    const row = existingBySku.get(variant.sku.toLowerCase());
    if (!row) {
      inserts.push(variant);
      continue;
    }
    if (!targetIds.has(row.productId)) losers.add(row.productId);
    const setStock = row.importedStock !== variant.stock;
    if (setStock) stockLevelsChanged += 1;
    updates.push({ ...variant, id: row.id, setStock });
  }

  for (const chunk of chunksOf(inserts, BATCH_ROWS)) {
    await tx
      .insert(productVariants)
      .values(chunk.map((variant) => ({ storeId, ...variant, importedStock: variant.stock })));
  }
  for (const chunk of chunksOf(updates, BATCH_ROWS)) {
    const rows = chunk.map(
      (v) =>
        sql`(${v.id}::uuid, ${v.productId}::uuid, ${v.sku}::text, ${v.size}::text, ${v.color}::text, ${v.stock}::numeric, ${v.setStock}::boolean, ${v.regularPricePaise}::integer, ${v.discountedPricePaise}::integer, ${v.imgUrl}::text, ${v.position}::integer)`,
    );
    await tx.execute(sql`
      UPDATE product_variants AS v SET
        product_id = d.product_id, sku = d.sku, size = d.size, color = d.color,
        stock = CASE WHEN d.set_stock THEN d.stock ELSE v.stock END,
        imported_stock = d.stock,
        regular_price_paise = d.regular, discounted_price_paise = d.discounted,
        img_url = d.img_url, position = d.position, updated_at = now()
      FROM (VALUES ${sql.join(rows, sql`, `)})
        AS d(id, product_id, sku, size, color, stock, set_stock, regular, discounted, img_url, position)
      WHERE v.id = d.id AND v.store_id = ${storeId}`);
  }
  if (losers.size > 0) {
    await tx
      .update(products)
      .set({ contentHash: '' })
      .where(and(eq(products.storeId, storeId), inArray(products.id, [...losers])));
  }
  return stockLevelsChanged;
}
