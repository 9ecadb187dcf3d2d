/**
 * Catalogue import (docs/catalog-format.md): upserts a store's information, categories, products and their
 * variants by SKU in one transaction. Idempotent: an unchanged product (same content hash, which covers its
 * variants, unit and selling rule) is not rewritten, so running the same file twice changes nothing. A stock
 * figure is the count the owner last wrote in the file: an existing product's (or variant's) stock is set only
 * when the file's figure differs from what the previous import set (`imported_stock`), so units sold since then
 * are not put back by a re-import. New products are inserted in batches. The demo shop is loaded through this
 * same function.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { productAttributes, productImages, products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import type { CatalogImportFile } from './import-schema';
import { hashOf, resolveTargetStore, upsertCategories, upsertStoreInfo } from './import-store';
import { productRecord, type ProductRecord } from './product-record';
import { chunksOf, syncVariants, type VariantTarget } from './variant-store';

/** Channel on which a catalogue change is announced to other server processes (PostgreSQL). */
export const CATALOG_CHANGED_CHANNEL = 'resham_catalog_changed';

export type ImportSummary = {
  storeId: number;
  created: number;
  updated: number;
  unchanged: number;
  /**
   * Existing products and variants whose stock the file set, because its figure differs from what the previous
   * import set (new products and variants are not counted).
   */
  stockLevelsChanged: number;
  storeInfoChanged: boolean;
};

export type ImportOptions = {
  /** Import into the store answering this host (created when new); default: the default store. */
  host?: string;
};

/** Products per batched insert (about 15 parameters each). */
const PRODUCT_BATCH = 1000;
/** Image or attribute rows per batched insert. */
const DETAIL_BATCH = 3000;

type Written = { productId: string; record: ProductRecord };

/** The products columns the import writes (all but SKU, store and stock). */
function productColumns(record: ProductRecord, categoryId: number, contentHash: string) {
  return {
    title: record.title,
    description: record.description,
    imgUrl: record.imgUrl,
    categoryId,
    parentCategory: record.parentCategory,
    regularPricePaise: record.regularPricePaise,
    discountedPricePaise: record.discountedPricePaise,
    unit: record.unit,
    minQuantity: record.minQuantity,
    quantityStep: record.quantityStep,
    gender: record.gender,
    featured: record.featured,
    sortOrder: record.sortOrder,
    contentHash,
  };
}

/** Inserts the images and attributes of `written` products, batched. */
async function insertDetails(tx: Db, storeId: number, written: Written[]): Promise<void> {
  const images = written.flatMap(({ productId, record }) =>
    record.images.map((url, position) => ({ storeId, productId, url, position })),
  );
  for (const chunk of chunksOf(images, DETAIL_BATCH)) await tx.insert(productImages).values(chunk);
  const attributes = written.flatMap(({ productId, record }) =>
    record.attributes.map((attribute, position) => ({ storeId, productId, position, ...attribute })),
  );
  for (const chunk of chunksOf(attributes, DETAIL_BATCH)) await tx.insert(productAttributes).values(chunk);
}

/**
 * Imports a validated catalogue file in one transaction (all or nothing). Products are matched by SKU within
 * the store; products absent from the file are kept. Prices are converted from rupees to paise.
 * @returns counts of created, updated and unchanged products.
 */
export async function importCatalog(
  db: Db,
  file: CatalogImportFile,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const storeId = await resolveTargetStore(tx, options.host);
    const storeInfoChanged = await upsertStoreInfo(tx, storeId, file.store);
    const { idByName, changed: categoriesChanged } = await upsertCategories(tx, storeId, file);

    const existingBySku = new Map<
      string,
      { id: string; contentHash: string; importedStock: number | null }
    >();
    for (const skus of chunksOf(
      file.products.map((product) => product.sku),
      PRODUCT_BATCH * 5,
    )) {
      const rows = await tx
        .select({
          id: products.id,
          sku: products.sku,
          contentHash: products.contentHash,
          importedStock: products.importedStock,
        })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)));
      for (const row of rows) existingBySku.set(row.sku, row);
    }

    const summary: ImportSummary = {
      storeId,
      created: 0,
      updated: 0,
      unchanged: 0,
      stockLevelsChanged: 0,
      storeInfoChanged,
    };
    const fresh: { sku: string; record: ProductRecord; columns: ReturnType<typeof productColumns> }[] = [];
    const written: Written[] = [];
    const variantTargets: VariantTarget[] = [];
    const rewrittenIds: string[] = [];
    for (const [index, product] of file.products.entries()) {
      const record = productRecord(product, index);
      const columns = productColumns(record, idByName.get(product.category.toLowerCase())!, hashOf(record));
      const existing = existingBySku.get(product.sku);
      if (!existing) {
        fresh.push({ sku: product.sku, record, columns });
        summary.created += 1;
      } else if (existing.contentHash !== columns.contentHash) {
        // The hash covers the file's stock, so an equal hash means an equal count; only a new count is set.
        const stockChanged = existing.importedStock !== record.stock;
        if (stockChanged) summary.stockLevelsChanged += 1;
        await tx
          .update(products)
          .set({
            ...columns,
            ...(stockChanged ? { stock: record.stock, importedStock: record.stock } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(products.id, existing.id), eq(products.storeId, storeId)));
        rewrittenIds.push(existing.id);
        written.push({ productId: existing.id, record });
        variantTargets.push({ productId: existing.id, isNew: false, variants: record.variants });
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }

    for (const chunk of chunksOf(fresh, PRODUCT_BATCH)) {
      const created = await tx
        .insert(products)
        .values(
          chunk.map(({ sku, record, columns }) => ({
            ...columns,
            storeId,
            sku,
            stock: record.stock,
            importedStock: record.stock,
          })),
        )
        .returning({ id: products.id, sku: products.sku });
      const idBySku = new Map(created.map((row) => [row.sku, row.id]));
      for (const { sku, record } of chunk) {
        const productId = idBySku.get(sku)!;
        written.push({ productId, record });
        variantTargets.push({ productId, isNew: true, variants: record.variants });
      }
    }

    for (const ids of chunksOf(rewrittenIds, PRODUCT_BATCH)) {
      await tx.delete(productImages).where(inArray(productImages.productId, ids));
      await tx.delete(productAttributes).where(inArray(productAttributes.productId, ids));
    }
    await insertDetails(tx, storeId, written);
    summary.stockLevelsChanged += await syncVariants(tx, storeId, variantTargets);

    if (storeInfoChanged || categoriesChanged || summary.created > 0 || summary.updated > 0) {
      await tx
        .update(stores)
        .set({ catalogVersion: sql`${stores.catalogVersion} + 1` })
        .where(eq(stores.id, storeId));
      // Delivered on commit to servers sharing a PostgreSQL database (LISTEN in response-cache.ts).
      await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${String(storeId)})`);
    }
    return summary;
  });
}

/** Number of products in the whole database (used to decide whether to load the demo shop). */
export async function countAllProducts(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(products);
  return row?.total ?? 0;
}
