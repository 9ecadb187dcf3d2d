/**
 * The variant half of a catalogue import (docs/catalog-format.md "Variants"): runs inside the import's
 * transaction for the products the import creates or rewrites, one batch of products at a time. Variants are
 * matched by SKU within the store (case-insensitively), so a variant keeps its id — and the order lines that
 * point at it — across imports; variants a rewritten product no longer lists are deleted unless another
 * product of the file lists their SKU. Stock follows the products' re-import rule per variant: an existing
 * variant's stock is set only when the file's figure differs from the one the previous import set
 * (`imported_stock`), so units sold since are not put back.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { BULK_ROWS, chunksOf, insertVariants, updateVariants, type VariantRow } from '../catalog/bulk-writes';
import type { VariantRecord } from '../catalog/product-record';

/** A product the import created (`isNew`) or rewrote, with the variants the file lists for it, in order. */
export type VariantTarget = { productId: string; isNew: boolean; variants: VariantRecord[] };

/** What the batches of one import share. */
export type VariantSync = {
  /** Lower-cased SKU of every variant in the file. */
  fileVariantSkus: Set<string>;
  /** Products the import created or rewrote so far. */
  writtenProductIds: Set<string>;
  /** Products that lost a variant to a product of the file. */
  losers: Set<string>;
};

/** A fresh {@link VariantSync} for an import of `file`'s products. */
export function variantSyncFor(products: { variants: { sku: string }[] }[]): VariantSync {
  const fileVariantSkus = new Set<string>();
  for (const product of products) {
    for (const variant of product.variants) fileVariantSkus.add(variant.sku.toLowerCase());
  }
  return { fileVariantSkus, writtenProductIds: new Set(), losers: new Set() };
}

type ExistingVariant = { id: string; productId: string; sku: string; importedStock: number | null };

/** The store's variants of the rewritten products and those with one of `lowerSkus`. */
async function existingVariants(
  tx: Db,
  storeId: number,
  rewrittenProductIds: string[],
  lowerSkus: string[],
): Promise<ExistingVariant[]> {
  const byId = new Map<string, ExistingVariant>();
  const collect = (result: unknown) => {
    for (const row of rowsOf<{ id: string; product_id: string; sku: string; imported_stock: unknown }>(
      result,
    )) {
      byId.set(row.id, {
        id: row.id,
        productId: row.product_id,
        sku: row.sku,
        importedStock: row.imported_stock === null ? null : Number(row.imported_stock),
      });
    }
  };
  for (const ids of chunksOf(rewrittenProductIds, BULK_ROWS)) {
    collect(
      await tx.execute(sql`
        SELECT id, product_id, sku, imported_stock FROM product_variants
        WHERE store_id = ${storeId}
          AND product_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
    );
  }
  for (const skus of chunksOf(lowerSkus, BULK_ROWS)) {
    collect(
      await tx.execute(sql`
        SELECT id, product_id, sku, imported_stock FROM product_variants
        WHERE store_id = ${storeId}
          AND lower(sku) IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`),
    );
  }
  return [...byId.values()];
}

/**
 * Brings the variants of one batch of `targets` in line with the file: inserts new SKUs, updates existing
 * ones (moving a variant to the product that now lists its SKU, noting the product it left in
 * `sync.losers`), and deletes those a rewritten product no longer lists when no product of the file lists them.
 * @returns how many existing variants had their stock set by the file.
 */
export async function syncVariants(
  tx: Db,
  storeId: number,
  targets: VariantTarget[],
  sync: VariantSync,
): Promise<number> {
  for (const target of targets) sync.writtenProductIds.add(target.productId);
  const rewrittenIds = targets.filter((target) => !target.isNew).map((target) => target.productId);
  const wanted: VariantRow[] = targets.flatMap((target) =>
    target.variants.map((variant, position) => ({ ...variant, position, productId: target.productId })),
  );
  if (wanted.length === 0 && rewrittenIds.length === 0) return 0;
  const existing = await existingVariants(tx, storeId, rewrittenIds, [
    ...new Set(wanted.map((variant) => variant.sku.toLowerCase())),
  ]);
  const existingBySku = new Map(existing.map((row) => [row.sku.toLowerCase(), row]));

  const rewritten = new Set(rewrittenIds);
  const removed = existing
    .filter((row) => rewritten.has(row.productId) && !sync.fileVariantSkus.has(row.sku.toLowerCase()))
    .map((row) => row.id);
  for (const ids of chunksOf(removed, BULK_ROWS)) {
    await tx.execute(sql`
      DELETE FROM product_variants WHERE store_id = ${storeId}
        AND id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  }

  const inserts: VariantRow[] = [];
  const updates: (VariantRow & { id: string; setStock: boolean })[] = [];
  let stockLevelsChanged = 0;
  for (const variant of wanted) {
    const row = existingBySku.get(variant.sku.toLowerCase());
    if (!row) {
      inserts.push(variant);
      continue;
    }
    if (row.productId !== variant.productId) sync.losers.add(row.productId);
    const setStock = row.importedStock !== variant.stock;
    if (setStock) stockLevelsChanged += 1;
    updates.push({ ...variant, id: row.id, setStock });
  }
  await insertVariants(tx, storeId, inserts);
  await updateVariants(tx, storeId, updates);
  return stockLevelsChanged;
}

/**
 * Gives the products that lost a variant to another product, and that this import did not rewrite, an empty
 * content hash, so their next import rewrites them (their variants changed without their file changing).
 */
export async function markLosersChanged(tx: Db, storeId: number, sync: VariantSync): Promise<void> {
  const ids = [...sync.losers].filter((id) => !sync.writtenProductIds.has(id));
  for (const chunk of chunksOf(ids, BULK_ROWS)) {
    await tx.execute(sql`
      UPDATE products SET content_hash = '' WHERE store_id = ${storeId}
        AND id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`);
  }
}
