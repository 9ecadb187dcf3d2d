/**
 * Catalogue import (issue #2, docs/catalog-format.md): upserts a store's information, categories and
 * products by SKU in one transaction. Idempotent: an unchanged product (same content hash) is not rewritten,
 * so running the same file twice changes nothing. The demo shop is loaded through this same function.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/money';
import type { Db } from '../../db/database';
import { categories, productAttributes, productImages, products, storeHosts, stores } from '../../db/schema';
import { ensureDefaultStore, normalizeHost } from '../stores/service';
import type { CatalogImportFile, ImportProduct } from './import-schema';

/** Channel on which a catalogue change is announced to other server processes (PostgreSQL). */
export const CATALOG_CHANGED_CHANNEL = 'resham_catalog_changed';

export type ImportSummary = {
  storeId: number;
  created: number;
  updated: number;
  unchanged: number;
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

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

async function resolveTargetStore(tx: Db, host: string | undefined): Promise<number> {
  if (!host) return ensureDefaultStore(tx);
  const normalized = normalizeHost(host);
  const [existing] = await tx.select().from(storeHosts).where(eq(storeHosts.host, normalized)).limit(1);
  if (existing) return existing.storeId;
  const [created] = await tx.insert(stores).values({}).returning({ id: stores.id });
  await tx.insert(storeHosts).values({ host: normalized, storeId: created!.id });
  return created!.id;
}

/** Updates the store row when its information differs; returns whether it did. */
async function upsertStoreInfo(tx: Db, storeId: number, info: CatalogImportFile['store']): Promise<boolean> {
  const [current] = await tx.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const next = {
    storeName: info.storeName ?? null,
    companyName: info.companyName ?? null,
    companyAddress: info.companyAddress ?? null,
    companyEmail: info.companyEmail ?? null,
    companyPhone: info.companyPhone ?? null,
    companyLogoUrl: info.companyLogoUrl ?? null,
    description: info.description ?? null,
    policies: info.policies,
  };
  let changed = false;
  if (
    !current ||
    hashOf(next) !==
      hashOf({
        storeName: current.storeName,
        companyName: current.companyName,
        companyAddress: current.companyAddress,
        companyEmail: current.companyEmail,
        companyPhone: current.companyPhone,
        companyLogoUrl: current.companyLogoUrl,
        description: current.description,
        policies: current.policies,
      })
  ) {
    await tx.update(stores).set(next).where(eq(stores.id, storeId));
    changed = true;
  }
  for (const host of info.hosts ?? []) {
    const normalized = normalizeHost(host);
    const inserted = await tx
      .insert(storeHosts)
      .values({ host: normalized, storeId })
      .onConflictDoUpdate({
        target: storeHosts.host,
        set: { storeId },
        setWhere: sql`${storeHosts.storeId} <> ${storeId}`,
      })
      .returning({ host: storeHosts.host });
    if (inserted.length > 0) changed = true;
  }
  return changed;
}

/**
 * Upserts the categories named by the store list and the products; returns category name (lower-case) → id.
 * Listed categories get their list position and image; others keep no position (not shown in store info).
 */
async function upsertCategories(
  tx: Db,
  storeId: number,
  file: CatalogImportFile,
): Promise<{ idByName: Map<string, number>; changed: boolean }> {
  const wanted = new Map<string, { name: string; position: number | null; imageUrl: string | null }>();
  const imageFor = (name: string) =>
    Object.entries(file.store.categoryImages).find(
      ([key]) => key.toLowerCase() === name.toLowerCase(),
    )?.[1] ?? null;
  file.store.categories.forEach((name, position) => {
    if (!wanted.has(name.toLowerCase()))
      wanted.set(name.toLowerCase(), { name, position, imageUrl: imageFor(name) });
  });
  for (const product of file.products) {
    const key = product.category.toLowerCase();
    if (!wanted.has(key))
      wanted.set(key, { name: product.category, position: null, imageUrl: imageFor(product.category) });
  }
  const existing = await tx.select().from(categories).where(eq(categories.storeId, storeId));
  const existingByName = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
  const idByName = new Map<string, number>();
  let changed = false;
  for (const [key, category] of wanted) {
    const row = existingByName.get(key);
    if (!row) {
      const [created] = await tx
        .insert(categories)
        .values({ storeId, ...category })
        .returning({ id: categories.id });
      idByName.set(key, created!.id);
      changed = true;
    } else {
      idByName.set(key, row.id);
      if (
        row.name !== category.name ||
        row.position !== category.position ||
        row.imageUrl !== category.imageUrl
      ) {
        await tx.update(categories).set(category).where(eq(categories.id, row.id));
        changed = true;
      }
    }
  }
  // Categories the file no longer lists leave the store-info list but keep their products.
  for (const row of existing) {
    if (!wanted.has(row.name.toLowerCase()) && row.position !== null) {
      await tx.update(categories).set({ position: null }).where(eq(categories.id, row.id));
      changed = true;
    }
  }
  return { idByName, changed };
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
            .select({ id: products.id, sku: products.sku, contentHash: products.contentHash })
            .from(products)
            .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)));
    const existingBySku = new Map(existingRows.map((row) => [row.sku, row]));

    const summary: ImportSummary = { storeId, created: 0, updated: 0, unchanged: 0, storeInfoChanged };
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
        stock: record.stock,
        gender: record.gender,
        featured: record.featured,
        sortOrder: record.sortOrder,
        contentHash,
      };
      const existing = existingBySku.get(product.sku);
      if (!existing) {
        const [created] = await tx
          .insert(products)
          .values({ storeId, sku: product.sku, ...columns })
          .returning({ id: products.id });
        await writeDetails(tx as unknown as Db, storeId, created!.id, record);
        summary.created += 1;
      } else if (existing.contentHash !== contentHash) {
        await tx
          .update(products)
          .set({ ...columns, updatedAt: new Date() })
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
      // Delivered on commit to servers sharing a PostgreSQL database (LISTEN in catalog/cache.ts).
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
