/**
 * Catalogue import (docs/catalog-format.md): upserts a store's information, categories and products by SKU
 * in one transaction. Idempotent: an unchanged product (same content hash) is not rewritten, so running the
 * same file twice changes nothing. A product's `stock` is the count the owner last wrote in the file: an
 * existing product's stock is set only when the file's count differs from what the previous import set
 * (`products.imported_stock`), so units sold since then are not put back by a re-import. The demo shop is
 * loaded through this same function.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/money';
import type { Db } from '../../db/database';
import { productAttributes, productImages, products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import type { CatalogImportFile, ImportProduct } from './import-schema';
import { hashOf, resolveTargetStore, upsertCategories, upsertStoreInfo } from './import-store';

/** Channel on which a catalogue change is announced to other server processes (PostgreSQL). */
export const CATALOG_CHANGED_CHANNEL = 'resham_catalog_changed';

export type ImportSummary = {
  storeId: number;
  created: number;
  updated: number;
  unchanged: number;
  /**
   * Existing products whose stock the file set, because its count differs from what the previous import set
   * (new products are not counted).
   */
  stockLevelsChanged: number;
  storeInfoChanged: boolean;
};

export type ImportOptions = {
  /** Import into the store answering this host (created when new); default: the default store. */
  host?: string;
};

/** The attribute values a listing filters on, read case-insensitively from the attributes (spec §3). */
function attributeValue(product: ImportProduct, key: string): string[] {
  return product.attributes.find((attribute) => attribute.key.toLowerCase() === key)?.value ?? [];
}

/** Everything stored for a product, in a stable shape: its hash decides whether the product changed. */
function productRecord(product: ImportProduct, sortOrder: number) {
  const images = product.images.map((image) => image.url);
  return {
    title: product.title,
    description: product.description,
    imgUrl: product.imgUrl ?? images[0] ?? null,
    category: product.category,
    parentCategory: product.parentCategory ?? null,
    regularPricePaise: rupeesToPaise(product.regularPrice),
    discountedPricePaise: product.discountedPrice == null ? null : rupeesToPaise(product.discountedPrice),
    stock: product.stock ?? null,
    gender: attributeValue(product, 'gender')[0] ?? null,
    featured: attributeValue(product, 'featured').some((value) => value.toLowerCase().includes('true')),
    sortOrder,
    images,
    attributes: product.attributes.map((attribute) => ({
      key: attribute.key,
      values: attribute.value,
      metricUnit: attribute.metricUnit ?? null,
    })),
  };
}

async function writeDetails(
  tx: Db,
  storeId: number,
  productId: string,
  record: ReturnType<typeof productRecord>,
) {
  if (record.images.length > 0) {
    await tx
      .insert(productImages)
      .values(record.images.map((url, position) => ({ storeId, productId, url, position })));
  }
  if (record.attributes.length > 0) {
    await tx
      .insert(productAttributes)
      .values(
        record.attributes.map((attribute, position) => ({ storeId, productId, position, ...attribute })),
      );
  }
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
  return db.transaction(async (tx) => {
    const storeId = await resolveTargetStore(tx as unknown as Db, options.host);
    const storeInfoChanged = await upsertStoreInfo(tx as unknown as Db, storeId, file.store);
    const { idByName, changed: categoriesChanged } = await upsertCategories(
      tx as unknown as Db,
      storeId,
      file,
    );

    const skus = file.products.map((product) => product.sku);
    const existingRows =
      skus.length === 0
        ? []
        : await tx
            .select({
              id: products.id,
              sku: products.sku,
              contentHash: products.contentHash,
              importedStock: products.importedStock,
            })
            .from(products)
            .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)));
    const existingBySku = new Map(existingRows.map((row) => [row.sku, row]));

    const summary: ImportSummary = {
      storeId,
      created: 0,
      updated: 0,
      unchanged: 0,
      stockLevelsChanged: 0,
      storeInfoChanged,
    };
    for (const [index, product] of file.products.entries()) {
      const record = productRecord(product, index);
      const contentHash = hashOf(record);
      const columns = {
        title: record.title,
        description: record.description,
        imgUrl: record.imgUrl,
        categoryId: idByName.get(product.category.toLowerCase())!,
        parentCategory: record.parentCategory,
        regularPricePaise: record.regularPricePaise,
        discountedPricePaise: record.discountedPricePaise,
        gender: record.gender,
        featured: record.featured,
        sortOrder: record.sortOrder,
        contentHash,
      };
      const existing = existingBySku.get(product.sku);
      if (!existing) {
        const [created] = await tx
          .insert(products)
          .values({ storeId, sku: product.sku, ...columns, stock: record.stock, importedStock: record.stock })
          .returning({ id: products.id });
        await writeDetails(tx as unknown as Db, storeId, created!.id, record);
        summary.created += 1;
      } else if (existing.contentHash !== contentHash) {
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
        await tx.delete(productImages).where(eq(productImages.productId, existing.id));
        await tx.delete(productAttributes).where(eq(productAttributes.productId, existing.id));
        await writeDetails(tx as unknown as Db, storeId, existing.id, record);
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }

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
