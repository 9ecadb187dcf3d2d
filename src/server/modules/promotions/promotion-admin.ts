/**
 * The owner's promotions (docs/discounts.md "Automatic promotions", "Owner"): list with each one's status, create, edit,
 * pause, resume and duplicate. Each write runs in one transaction with its audit entry (entity `promotion`)
 * and the catalogue change announcement (the NOTIFY every server's cache hears); the caller clears this
 * server's caches after the commit. Categories are named (case-insensitive) and products by SKU, as in the
 * catalogue file; the database keeps their ids. Fixed amounts: rupees in, paise stored. Scoped to the store.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminPromotion, PromotionStatus, PromotionValues } from '@shared/discounts/promotion-schemas';
import { indiaLocalToInstant, instantToIndiaLocal } from '@shared/discounts/promotion-times';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalog-tables';
import { promotions } from '../../db/schema/promotion-tables';
import { NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { announceCatalogChange } from '../stores/catalog-version';

/** Who writes, in which store. */
export type PromotionContext = { storeId: number; actor: AuditActor };

/** The 404 message for a promotion of another store or an unknown id. */
export const PROMOTION_NOT_FOUND_MESSAGE = 'Promotion not found';

const AUDIT_ENTITY = 'promotion';

type PromotionRow = typeof promotions.$inferSelect;

/** The status of a promotion at `now`: paused, else scheduled (not started), active, or expired (ended). */
export function promotionStatus(
  row: Pick<PromotionRow, 'paused' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionStatus {
  if (row.paused) return 'paused';
  if (now < row.startsAt) return 'scheduled';
  return now < row.endsAt ? 'active' : 'expired';
}

/**
 * The category ids and sub-category names (as the products spell them) of `values.categories` and the product
 * ids of `values.products`, in the store; a name is a category's, else a sub-category's.
 * @throws {ValidationError} `categories` 'No category named "X"' / `products` 'No product with SKU "X"'.
 */
async function targetIds(
  db: Db,
  storeId: number,
  values: PromotionValues,
): Promise<{ categoryIds: number[]; subCategories: string[]; productIds: string[] }> {
  const fields: Record<string, string> = {};
  const categoryIds: number[] = [];
  const subCategories: string[] = [];
  let productIds: string[] = [];
  if (values.scope === 'categories') {
    const wanted = [...new Set(values.categories.map((name) => name.toLowerCase()))];
    const [categoryRows, subCategoryRows] = await Promise.all([
      db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.storeId, storeId), inArray(sql`lower(${categories.name})`, wanted))),
      db
        .selectDistinctOn([sql`lower(${products.parentCategory})`], { name: products.parentCategory })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(sql`lower(${products.parentCategory})`, wanted)))
        .orderBy(sql`lower(${products.parentCategory})`),
    ]);
    const categoryByName = new Map(categoryRows.map((row) => [row.name.toLowerCase(), row.id]));
    const subCategoryByName = new Map(subCategoryRows.map((row) => [row.name!.toLowerCase(), row.name!]));
    for (const name of wanted) {
      const id = categoryByName.get(name);
      const subCategory = subCategoryByName.get(name);
      if (id !== undefined) categoryIds.push(id);
      else if (subCategory !== undefined) subCategories.push(subCategory);
    }
    const missing = values.categories.find(
      (name) => !categoryByName.has(name.toLowerCase()) && !subCategoryByName.has(name.toLowerCase()),
    );
    if (missing !== undefined) fields.categories = `No category named "${missing}"`;
  }
  if (values.scope === 'products') {
    const wanted = [...new Set(values.products.map((sku) => sku.toLowerCase()))];
    const rows = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(sql`lower(${products.sku})`, wanted)));
    const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row.id]));
    const missing = values.products.find((sku) => !bySku.has(sku.toLowerCase()));
    if (missing !== undefined) fields.products = `No product with SKU "${missing}"`;
    productIds = wanted.flatMap((sku) => bySku.get(sku) ?? []);
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { categoryIds, subCategories, productIds };
}

/** The row values of `values` (times as instants, a fixed amount in paise). */
export async function rowValues(db: Db, storeId: number, values: PromotionValues) {
  return {
    name: values.name,
    kind: values.kind,
    value: values.kind === 'percent' ? values.value : rupeesToPaise(values.value),
    scope: values.scope,
    ...(await targetIds(db, storeId, values)),
    startsAt: indiaLocalToInstant(values.startsAt)!,
    endsAt: indiaLocalToInstant(values.endsAt)!,
    paused: values.paused,
  };
}

/** The admin's view of rows (category names and SKUs looked up; times in India time). */
async function viewsOf(db: Db, storeId: number, rows: PromotionRow[], now: Date): Promise<AdminPromotion[]> {
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryIds))];
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const [categoryRows, productRows] = await Promise.all([
    categoryIds.length === 0
      ? []
      : db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(and(eq(categories.storeId, storeId), inArray(categories.id, categoryIds))),
    productIds.length === 0
      ? []
      : db
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, productIds))),
  ]);
  const categoryName = new Map(categoryRows.map((row) => [row.id, row.name]));
  const productSku = new Map(productRows.map((row) => [row.id, row.sku]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    value: row.kind === 'fixed' ? paiseToRupees(row.value) : row.value,
    scope: row.scope === 'categories' || row.scope === 'products' ? row.scope : 'all',
    categories: [...row.categoryIds.flatMap((id) => categoryName.get(id) ?? []), ...row.subCategories],
    products: row.productIds.flatMap((id) => productSku.get(id) ?? []),
    startsAt: instantToIndiaLocal(row.startsAt),
    endsAt: instantToIndiaLocal(row.endsAt),
    paused: row.paused,
    status: promotionStatus(row, now),
  }));
}

/** The store's promotions, the latest start first, each with its status at `now`. */
export async function listPromotions(db: Db, storeId: number, now: Date): Promise<AdminPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(eq(promotions.storeId, storeId))
    .orderBy(desc(promotions.startsAt), desc(promotions.id));
  return viewsOf(db, storeId, rows, now);
}

/** One promotion of the store. @throws {NotFoundError} {@link PROMOTION_NOT_FOUND_MESSAGE}. */
export async function getPromotion(db: Db, storeId: number, id: number, now: Date): Promise<AdminPromotion> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.storeId, storeId), eq(promotions.id, id)));
  if (!row) throw new NotFoundError(PROMOTION_NOT_FOUND_MESSAGE);
  const [view] = await viewsOf(db, storeId, [row], now);
  return view!;
}

/** The audited fields of a row (ids as stored; times ISO). */
function auditValues(row: Partial<PromotionRow>): Record<string, unknown> {
  const { id: _id, storeId: _storeId, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * Creates a promotion. @returns its id.
 * @throws {ValidationError} for a category or SKU the store does not have.
 */
export async function createPromotion(
  db: Db,
  context: PromotionContext,
  values: PromotionValues,
): Promise<number> {
  const row = await rowValues(db, context.storeId, values);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promotions)
      .values({ ...row, storeId: context.storeId })
      .returning({ id: promotions.id });
    await recordAudit(tx, {
      ...context,
      entity: AUDIT_ENTITY,
      entityId: String(created!.id),
      action: 'create',
      before: null,
      after: auditValues(row),
    });
    await announceCatalogChange(tx, context.storeId);
    return created!.id;
  });
}

/**
 * Changes promotion `id` with `change` (a whole new set of values, or only `paused`), audited as `action`.
 * @throws {NotFoundError} for another store's promotion or an unknown id.
 */
async function changePromotion(
  db: Db,
  context: PromotionContext,
  id: number,
  action: string,
  change: Partial<Omit<PromotionRow, 'id' | 'storeId' | 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.storeId, context.storeId), eq(promotions.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(PROMOTION_NOT_FOUND_MESSAGE);
    await tx
      .update(promotions)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(promotions.storeId, context.storeId), eq(promotions.id, id)));
    const changed = Object.keys(change) as (keyof typeof change)[];
    const was = auditValues(before);
    const now = auditValues(change);
    const differs = changed.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
    await recordAudit(tx, {
      ...context,
      entity: AUDIT_ENTITY,
      entityId: String(id),
      action,
      before: Object.fromEntries(differs.map((key) => [key, was[key]])),
      after: Object.fromEntries(differs.map((key) => [key, now[key]])),
    });
    await announceCatalogChange(tx, context.storeId);
  });
}

/** Replaces promotion `id`'s values. @throws {NotFoundError}; {@link ValidationError} for unknown targets. */
export async function updatePromotion(
  db: Db,
  context: PromotionContext,
  id: number,
  values: PromotionValues,
): Promise<void> {
  await changePromotion(db, context, id, 'update', await rowValues(db, context.storeId, values));
}

/** Pauses (`paused` true: it stops applying at once) or resumes promotion `id`. @throws {NotFoundError}. */
export function setPromotionPaused(
  db: Db,
  context: PromotionContext,
  id: number,
  paused: boolean,
): Promise<void> {
  return changePromotion(db, context, id, paused ? 'pause' : 'resume', { paused });
}

/**
 * A copy of promotion `id` named '<name> (copy)', paused so it changes no price until the owner sets its
 * times and resumes it. @returns the copy's id. @throws {NotFoundError}.
 */
export async function duplicatePromotion(db: Db, context: PromotionContext, id: number): Promise<number> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.storeId, context.storeId), eq(promotions.id, id)));
  if (!row) throw new NotFoundError(PROMOTION_NOT_FOUND_MESSAGE);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = row;
  const values = { ...copy, name: `${row.name} (copy)`.slice(0, 80), paused: true };
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(promotions).values(values).returning({ id: promotions.id });
    await recordAudit(tx, {
      ...context,
      entity: AUDIT_ENTITY,
      entityId: String(created!.id),
      action: 'duplicate',
      before: null,
      after: { ...auditValues(values), from: id },
    });
    await announceCatalogChange(tx, context.storeId);
    return created!.id;
  });
}
