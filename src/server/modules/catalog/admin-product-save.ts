/**
 * Saving a product from the admin's product editor, and archiving it (docs/admin.md "Product"). Each runs in
 * one transaction: the product, its images, attributes and variants, its search columns, the audit entry
 * (who, what, before → after) and the catalogue change announcement commit together or not at all. A product
 * is stored exactly as the catalogue import stores a product of the file (productRecord), after the same rules
 * (src/shared/admin/admin-product-editor-schemas.ts); its content hash is emptied, so the next import that
 * lists its SKU rewrites it from the file. The caller clears this server's caches after the commit.
 */
import { sql } from 'drizzle-orm';
import {
  optionAttributes,
  type AdminProductInput,
  type AdminProductValues,
} from '@shared/admin/admin-product-editor-schemas';
import { rowsOf, type Db } from '../../db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { enqueueProductUpdatedEvents } from '../webhooks/product-events';
import { PRODUCT_AUDIT_ENTITY, PRODUCT_NOT_FOUND_MESSAGE, productValues } from './admin-product-read';
import { announceCatalogChange } from '../stores/catalog-version';
import { categoryIdFor, skuClashes, writeVariants, type VariantWrite } from './admin-product-writes';
import { deleteDetails, insertDetails, insertProducts } from './bulk-writes';
import type { ImportProduct } from './import-product-schema';
import { productRecord, productRowColumns } from './product-record';
import { refreshProductSearch } from './search-index';
import { isProductId } from './product-id';
import { sendStockAlerts } from '../stock-alerts/stock-alert-release';

/** Who saves, in which store. */
export type ProductSaveContext = { storeId: number; actor: AuditActor };

/** The message of the 409 when a SKU of the body is another product's. */
export const SKU_TAKEN_MESSAGE = 'A SKU is already used by another product';

/** The stock is set unless the form sent the figure it showed and the owner left it as it was. */
const shouldSetStock = (stock: number | null | undefined, asLoaded: number | null | undefined) =>
  asLoaded === undefined || (stock ?? null) !== asLoaded;

/** The rows of the products table for `input` at list position `sortOrder`. */
function recordOf(input: AdminProductInput, sortOrder: number) {
  const product: ImportProduct = { ...input, attributes: optionAttributes(input) };
  return productRecord(product, sortOrder);
}

type Changes = { before: Record<string, unknown> | null; after: Record<string, unknown> };

/**
 * The fields that differ between `before` and `after` (for a new product, every field of `after`); for
 * `variants`, only the rows added, changed or removed (matched by id), each side listing its own rows.
 */
export function productChanges(before: AdminProductValues | null, after: AdminProductValues): Changes {
  const changes = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after) as (keyof AdminProductValues)[]) {
    if (key === 'variants') continue;
    const old = before?.[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(after[key])) continue;
    if (before) changes.before[key] = old;
    changes.after[key] = after[key];
  }
  const oldById = new Map((before?.variants ?? []).map((variant) => [variant.id, variant]));
  const newIds = new Set(after.variants.map((variant) => variant.id));
  const removed = [...oldById.values()].filter((variant) => !newIds.has(variant.id));
  const changed = after.variants.filter(
    (variant) => JSON.stringify(oldById.get(variant.id)) !== JSON.stringify(variant),
  );
  const wasThere = changed.flatMap((variant) => oldById.get(variant.id) ?? []);
  if (removed.length + changed.length > 0) {
    if (before) changes.before.variants = [...wasThere, ...removed];
    changes.after.variants = changed;
  }
  return before ? changes : { before: null, after: changes.after };
}

/** Refuses SKUs of other products (409) and variant ids that are not the product's (400). */
async function checkSkusAndIds(
  tx: Db,
  storeId: number,
  productId: string | null,
  input: AdminProductInput,
  variantIds: Set<string>,
): Promise<void> {
  const wrongIds: Record<string, string> = {};
  input.variants.forEach((variant, index) => {
    if (variant.id && !variantIds.has(variant.id.toLowerCase())) {
      wrongIds[`variants.${index}.id`] = 'is not a variant of this product';
    }
  });
  if (Object.keys(wrongIds).length > 0) throw new ValidationError(wrongIds);
  const clashes = await skuClashes(tx, storeId, productId, [
    { sku: input.sku, field: 'sku' },
    ...input.variants.map((variant, index) => ({ sku: variant.sku, field: `variants.${index}.sku` })),
  ]);
  if (Object.keys(clashes).length > 0) throw new ConflictError(SKU_TAKEN_MESSAGE, clashes);
}

/** Writes images, attributes, variants, search columns, the audit entry and the announcement. */
async function finishSave(
  tx: Db,
  context: ProductSaveContext,
  productId: string,
  input: AdminProductInput,
  before: AdminProductValues | null,
): Promise<void> {
  const { storeId } = context;
  const record = recordOf(input, 0);
  await deleteDetails(tx, storeId, [productId]);
  await insertDetails(
    tx,
    storeId,
    record.images.map((url, position) => ({ productId, url, position })),
    record.attributes.map((attribute, position) => ({ productId, position, ...attribute })),
  );
  const rows: VariantWrite[] = record.variants.map((variant, position) => {
    const given = input.variants[position]!;
    return {
      ...variant,
      position,
      id: given.id?.toLowerCase(),
      setStock: shouldSetStock(given.stock, given.stockAsLoaded),
    };
  });
  await writeVariants(tx, storeId, productId, rows);
  await refreshProductSearch(tx, storeId, [productId]);
  const after = (await productValues(tx, storeId, productId))!;
  const changes = productChanges(before, after);
  // A save that changed nothing leaves no entry: the history lists changes only.
  if (!changes.before || Object.keys(changes.after).length > 0) {
    await recordAudit(tx, {
      storeId,
      actor: context.actor,
      entity: PRODUCT_AUDIT_ENTITY,
      entityId: productId,
      action: before ? 'update' : 'create',
      ...changes,
    });
  }
  await enqueueProductUpdatedEvents(tx, storeId, [productId]);
  await announceCatalogChange(tx, storeId);
}

/**
 * Creates a product of `context.storeId` from the editor, last in the catalogue's order.
 * @returns its id.
 * @throws {ConflictError} 409 when a SKU is another product's or variant's (`fields` name them).
 * @throws {ValidationError} 400 when a row carries a variant id.
 */
export async function createAdminProduct(
  db: Db,
  context: ProductSaveContext,
  input: AdminProductInput,
): Promise<string> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { storeId } = context;
    await checkSkusAndIds(tx, storeId, null, input, new Set());
    const next = await tx.execute(
      sql`SELECT coalesce(max(sort_order), -1) + 1 AS next FROM products WHERE store_id = ${storeId}`,
    );
    const sortOrder = Number(rowsOf<{ next: unknown }>(next)[0]?.next ?? 0);
    const record = recordOf(input, sortOrder);
    const categoryId = await categoryIdFor(tx, storeId, input.category);
    const idBySku = await insertProducts(tx, storeId, [
      {
        sku: input.sku,
        ...productRowColumns(record, categoryId),
        stock: record.stock,
        sortOrder,
        contentHash: '',
      },
    ]);
    const productId = idBySku.get(input.sku)!;
    await finishSave(tx, context, productId, input, null);
    return productId;
  });
}

/**
 * Rewrites product `id` of `context.storeId` from the editor. Its stock (and each listed variant's) is set
 * only when the body's figure differs from the one the form showed (`stockAsLoaded`).
 * @throws {NotFoundError} 404 'Product not found' for another store's product or an unknown id.
 * @throws {ConflictError} 409 when a SKU is another product's or variant's.
 * @throws {ValidationError} 400 when a row's variant id is not one of this product's variants.
 */
export async function updateAdminProduct(
  db: Db,
  context: ProductSaveContext,
  id: string,
  input: AdminProductInput,
): Promise<void> {
  if (!isProductId(id)) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  const productId = id.toLowerCase();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { storeId } = context;
    const locked = await tx.execute(
      sql`SELECT id FROM products WHERE store_id = ${storeId} AND id = ${productId} FOR UPDATE`,
    );
    if (rowsOf(locked).length === 0) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
    const before = (await productValues(tx, storeId, productId))!;
    await checkSkusAndIds(
      tx,
      storeId,
      productId,
      input,
      new Set(before.variants.map((variant) => variant.id)),
    );
    const record = recordOf(input, 0);
    const columns = productRowColumns(record, await categoryIdFor(tx, storeId, input.category));
    const setStock = shouldSetStock(input.stock, input.stockAsLoaded);
    await tx.execute(sql`
      UPDATE products SET
        sku = ${input.sku}, title = ${columns.title}, description = ${columns.description},
        img_url = ${columns.imgUrl}, category_id = ${columns.categoryId},
        parent_category = ${columns.parentCategory}, regular_price_paise = ${columns.regularPricePaise},
        discounted_price_paise = ${columns.discountedPricePaise},
        stock = CASE WHEN ${setStock} THEN ${record.stock}::numeric ELSE stock END,
        unit = ${columns.unit}, min_quantity = ${columns.minQuantity}, quantity_step = ${columns.quantityStep},
        gender = ${columns.gender}, featured = ${columns.featured}, hsn = ${columns.hsn},
        gst_rate = ${columns.gstRate}, returnable = ${columns.returnable}, content_hash = '', updated_at = now()
      WHERE store_id = ${storeId} AND id = ${productId}`);
    await finishSave(tx, context, productId, input, before);
    // Stock raised from sold out: its waiting back-in-stock alerts go now (docs/messages.md).
    await sendStockAlerts(tx, storeId, [productId]);
  });
}

/**
 * Archives (`archived` true: hidden from the storefront, orders keep their copies) or puts back on sale
 * product `id` of `context.storeId`, with its audit entry (`archive` / `unarchive`).
 * @throws {NotFoundError} 404 'Product not found' for another store's product or an unknown id.
 */
export async function setProductArchived(
  db: Db,
  context: ProductSaveContext,
  id: string,
  archived: boolean,
): Promise<void> {
  if (!isProductId(id)) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  const productId = id.toLowerCase();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { storeId } = context;
    const result = await tx.execute(sql`
      SELECT archived_at IS NOT NULL AS archived FROM products
      WHERE store_id = ${storeId} AND id = ${productId} FOR UPDATE`);
    const [row] = rowsOf<{ archived: boolean }>(result);
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
    await tx.execute(sql`
      UPDATE products SET archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`NULL`},
        updated_at = now()
      WHERE store_id = ${storeId} AND id = ${productId}`);
    await recordAudit(tx, {
      storeId,
      actor: context.actor,
      entity: PRODUCT_AUDIT_ENTITY,
      entityId: productId,
      action: archived ? 'archive' : 'unarchive',
      before: { archived: Boolean(row.archived) },
      after: { archived },
    });
    await enqueueProductUpdatedEvents(tx, storeId, [productId]);
    await announceCatalogChange(tx, storeId);
  });
}
