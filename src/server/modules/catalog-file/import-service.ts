/**
 * Catalogue import (docs/catalog-format.md): upserts a store's information, categories, products and their
 * variants by SKU in one transaction. Idempotent: an unchanged product (same content hash, which covers its
 * variants, unit and selling rule) is not rewritten, so running the same file twice changes nothing. A stock
 * figure is the count the owner last wrote in the file: an existing product's (or variant's) stock is set only
 * when the file's figure differs from what the previous import set (`imported_stock`), so units sold since then
 * are not put back by a re-import. Products are handled a thousand at a time with batched statements
 * (../catalog/bulk-writes.ts), which keeps a file of thousands of products with variants within seconds and bounded
 * memory. The demo shop is loaded through this same function.
 */
import { upsertCouponsFromFile } from '../coupons/coupon-file';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { replaceStoreAddOns, setProductAddOnChoices } from '../add-ons/store-add-ons';
import { refreshSearchIndex } from '../catalog/search-index';
import { importPromotions } from '../promotions/promotion-file';
import { saveSynonyms } from '../search/synonyms';
import { announceCatalogChange } from '../stores/catalog-version';
import { enqueueImportedProductEvents } from '../webhooks/product-events';
import {
  deleteDetails,
  insertDetails,
  insertProducts,
  updateProducts,
  type AttributeRow,
  type ImageRow,
  type NewProductRow,
} from '../catalog/bulk-writes';
import { sendStockAlerts } from '../stock-alerts/stock-alert-release';
import type { ImportProduct } from '../catalog/import-product-schema';
import type { CatalogImportFile } from './import-schema';
import { hashOf, resolveTargetStore, upsertCategories, upsertStoreInfo } from './import-store';
import { productRecord, productRowColumns, type ProductRecord } from '../catalog/product-record';
import {
  markLosersChanged,
  syncVariants,
  variantSyncFor,
  type VariantSync,
  type VariantTarget,
} from './variant-store';

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
  /** Import into this store (the admin's own); wins over `host`. */
  storeId?: number;
  /** Told of each product the import creates or rewrites (the admin's preview lists them). */
  onProductChange?: (sku: string, change: 'created' | 'updated') => void;
};

/**
 * Products handled per batch: their records, hashes and rows are built, written and dropped before the next
 * batch, so a large file's working memory stays bounded (the transaction still spans the whole file).
 */
const PRODUCTS_PER_BATCH = 1000;

/** What the batches of one import share. */
type ImportContext = {
  tx: Db;
  storeId: number;
  categoryIdByName: Map<string, number>;
  variants: VariantSync;
  summary: ImportSummary;
  onProductChange: NonNullable<ImportOptions['onProductChange']>;
};

/** The products columns the import writes (all but SKU, store and stock). */
function productColumns(record: ProductRecord, categoryId: number, contentHash: string) {
  return {
    ...productRowColumns(record, categoryId),
    sortOrder: record.sortOrder,
    contentHash,
  };
}

type ExistingProduct = { id: string; contentHash: string; importedStock: number | null };

/** The store's products with one of `skus`, by SKU. */
async function existingProducts(
  tx: Db,
  storeId: number,
  skus: string[],
): Promise<Map<string, ExistingProduct>> {
  const result = await tx.execute(sql`
    SELECT id, sku, content_hash, imported_stock FROM products
    WHERE store_id = ${storeId}
      AND sku IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`);
  const bySku = new Map<string, ExistingProduct>();
  for (const row of rowsOf<{ id: string; sku: string; content_hash: string; imported_stock: unknown }>(
    result,
  )) {
    bySku.set(row.sku, {
      id: row.id,
      contentHash: row.content_hash,
      importedStock: row.imported_stock === null ? null : Number(row.imported_stock),
    });
  }
  return bySku;
}

/**
 * Imports one batch of the file's products, `offset` being the file position of the first: creates the new
 * ones, rewrites the changed ones (stock only when the file's figure changed), skips the unchanged ones.
 */
async function importBatch(context: ImportContext, batch: ImportProduct[], offset: number): Promise<void> {
  const { tx, storeId, summary } = context;
  const existingBySku = await existingProducts(
    tx,
    storeId,
    batch.map((product) => product.sku),
  );
  const fresh: (NewProductRow & { record: ProductRecord })[] = [];
  const rewritten: Parameters<typeof updateProducts>[2] = [];
  const written: { productId: string; record: ProductRecord; isNew: boolean }[] = [];
  for (const [index, product] of batch.entries()) {
    const record = productRecord(product, offset + index);
    const columns = productColumns(
      record,
      context.categoryIdByName.get(product.category.toLowerCase())!,
      hashOf(record),
    );
    const existing = existingBySku.get(product.sku);
    if (!existing) {
      fresh.push({ sku: product.sku, ...columns, stock: record.stock, record });
      summary.created += 1;
      context.onProductChange(product.sku, 'created');
    } else if (existing.contentHash !== columns.contentHash) {
      // The hash covers the file's stock, so an equal hash means an equal count; only a new count is set.
      const setStock = existing.importedStock !== record.stock;
      if (setStock) summary.stockLevelsChanged += 1;
      rewritten.push({ id: existing.id, ...columns, stock: record.stock, setStock });
      written.push({ productId: existing.id, record, isNew: false });
      summary.updated += 1;
      context.onProductChange(product.sku, 'updated');
    } else {
      summary.unchanged += 1;
    }
  }
  await updateProducts(tx, storeId, rewritten);
  await deleteDetails(
    tx,
    storeId,
    written.map((product) => product.productId),
  );
  const idBySku = await insertProducts(
    tx,
    storeId,
    fresh.map(({ record: _record, ...row }) => row),
  );
  for (const { sku, record } of fresh) written.push({ productId: idBySku.get(sku)!, record, isNew: true });

  const images: ImageRow[] = [];
  const attributes: AttributeRow[] = [];
  const targets: VariantTarget[] = [];
  for (const { productId, record, isNew } of written) {
    record.images.forEach((url, position) => images.push({ productId, url, position }));
    record.attributes.forEach((attribute, position) =>
      attributes.push({ productId, position, ...attribute }),
    );
    targets.push({ productId, isNew, variants: record.variants });
  }
  await insertDetails(tx, storeId, images, attributes);
  summary.stockLevelsChanged += await syncVariants(tx, storeId, targets, context.variants);
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
    const storeId = options.storeId ?? (await resolveTargetStore(tx, options.host));
    const storeInfoChanged = await upsertStoreInfo(tx, storeId, file.store);
    const { idByName, changed: categoriesChanged } = await upsertCategories(tx, storeId, file);
    const synonymsChanged = await saveSynonyms(tx, storeId, file.store.synonyms);
    if (file.store.coupons) await upsertCouponsFromFile(tx, storeId, file.store.coupons);
    const summary: ImportSummary = {
      storeId,
      created: 0,
      updated: 0,
      unchanged: 0,
      stockLevelsChanged: 0,
      storeInfoChanged,
    };
    const changedSkus: string[] = [];
    const context: ImportContext = {
      tx,
      storeId,
      categoryIdByName: idByName,
      variants: variantSyncFor(file.products),
      summary,
      onProductChange: (sku, change) => {
        changedSkus.push(sku);
        options.onProductChange?.(sku, change);
      },
    };
    for (let offset = 0; offset < file.products.length; offset += PRODUCTS_PER_BATCH) {
      await importBatch(context, file.products.slice(offset, offset + PRODUCTS_PER_BATCH), offset);
    }
    await markLosersChanged(tx, storeId, context.variants);
    // Add-ons (docs/add-ons.md): the store's list when the file gives one, then each product's own choice.
    if (file.store.addOns) await replaceStoreAddOns(tx, storeId, file.store.addOns);
    await setProductAddOnChoices(
      tx,
      storeId,
      new Map(
        file.products.flatMap((product) =>
          product.addOns === undefined ? [] : [[product.sku.toLowerCase(), product.addOns] as const],
        ),
      ),
    );
    const promotionsChanged = file.store.promotions
      ? await importPromotions(tx, storeId, file.store.promotions)
      : false;

    await enqueueImportedProductEvents(tx, storeId, changedSkus);
    // Stock the file brought back on sale sends its waiting back-in-stock alerts (docs/messages.md).
    await sendStockAlerts(tx, storeId);
    const productsChanged = categoriesChanged || summary.created > 0 || summary.updated > 0;
    if (productsChanged) await refreshSearchIndex(tx, storeId);
    if (storeInfoChanged || synonymsChanged || productsChanged || promotionsChanged) {
      await announceCatalogChange(tx, storeId);
    }
    return summary;
  });
}

/** Number of products in the whole database (used to decide whether to load the demo shop). */
export async function countAllProducts(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(products);
  return row?.total ?? 0;
}
