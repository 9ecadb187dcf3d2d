/**
 * The store's add-ons (docs/add-ons.md "The shop's add-ons"): read, replaced as a whole (from the catalogue
 * file's `store.addOns` or the admin's screen), each product's own narrowing (`addOns` of a product in the file)
 * and the add-ons a product offers. Prices in paise here, rupees at the API. Every query is scoped to the store.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreAddOn } from '@shared/add-ons/add-on-schemas';
import type { MeasurementSet } from '@shared/add-ons/measurement-sets';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { rowsOf, type Db } from '../../db/database';
import { productAddOnChoices, storeAddOns } from '../../db/schema/add-on-tables';
import { products } from '../../db/schema/catalog-tables';

/** A store add-on as the server prices it: the price in paise, categories in lower case. */
export type StoredAddOn = {
  code: string;
  title: string;
  pricePaise: number;
  leadDays: number;
  measurementSet: MeasurementSet;
  categories: string[];
  sac: string;
  gstRate: number;
};

/** The store's add-ons in their order. */
export async function listStoreAddOns(db: Db, storeId: number): Promise<StoredAddOn[]> {
  const rows = await db
    .select()
    .from(storeAddOns)
    .where(eq(storeAddOns.storeId, storeId))
    .orderBy(asc(storeAddOns.position));
  return rows.map((row) => ({
    code: row.code,
    title: row.title,
    pricePaise: row.pricePaise,
    leadDays: row.leadDays,
    measurementSet: row.measurementSet,
    categories: row.categories,
    sac: row.sac,
    gstRate: Number(row.gstRate),
  }));
}

/** A stored add-on as the catalogue file and the admin write it (price in rupees). */
export function addOnInRupees(addOn: StoredAddOn): StoreAddOn {
  const { pricePaise, ...rest } = addOn;
  return { ...rest, price: paiseToRupees(pricePaise) };
}

/**
 * Replaces the store's add-ons with `list` (rupees; already checked by `storeAddOnListSchema`), in the given
 * order; returns whether anything changed. Products' narrowing that names a code no longer offered simply
 * offers less. Call inside the change's transaction.
 */
export async function replaceStoreAddOns(tx: Db, storeId: number, list: StoreAddOn[]): Promise<boolean> {
  const next = list.map((addOn, position) => ({
    storeId,
    position,
    code: addOn.code,
    title: addOn.title,
    pricePaise: rupeesToPaise(addOn.price),
    leadDays: addOn.leadDays,
    measurementSet: addOn.measurementSet,
    categories: addOn.categories.map((name) => name.toLowerCase()),
    sac: addOn.sac,
    gstRate: addOn.gstRate,
  }));
  const current = await listStoreAddOns(tx, storeId);
  const same =
    current.length === next.length &&
    current.every((addOn, index) => {
      const { storeId: _store, position: _position, ...wanted } = next[index]!;
      return JSON.stringify(addOn) === JSON.stringify(wanted);
    });
  if (same) return false;
  await tx.delete(storeAddOns).where(eq(storeAddOns.storeId, storeId));
  if (next.length > 0) await tx.insert(storeAddOns).values(next);
  return true;
}

/**
 * Sets each product's own add-ons from the catalogue file (SKU → codes, `false` → none); a product the map
 * leaves out keeps its choice. SKUs are compared in lower case; a SKU not in the store is skipped.
 */
export async function setProductAddOnChoices(
  tx: Db,
  storeId: number,
  choices: Map<string, string[] | false>,
): Promise<void> {
  if (choices.size === 0) return;
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(sql`lower(${products.sku})`, [...choices.keys()])));
  for (const row of rows) {
    const choice = choices.get(row.sku.toLowerCase());
    if (choice === undefined) continue;
    const codes = choice === false ? [] : choice;
    await tx
      .insert(productAddOnChoices)
      .values({ storeId, productId: row.id, codes })
      .onConflictDoUpdate({
        target: [productAddOnChoices.storeId, productAddOnChoices.productId],
        set: { codes },
      });
  }
}

/** What decides a product's add-ons: its category and sub-category names and its own choice (null: none). */
type ProductFacts = { category: string | null; parentCategory: string | null; codes: string[] | null };

/**
 * The add-ons offered on a product: with its own choice, the store's add-ons it names (in the store's
 * order); without, the store's add-ons offered on its category or sub-category (or on every product).
 */
export function offeredFor(addOns: readonly StoredAddOn[], product: ProductFacts): StoredAddOn[] {
  if (product.codes !== null) return addOns.filter((addOn) => product.codes!.includes(addOn.code));
  const names = [product.category, product.parentCategory].flatMap((name) =>
    name ? [name.toLowerCase()] : [],
  );
  return addOns.filter(
    (addOn) => addOn.categories.length === 0 || addOn.categories.some((name) => names.includes(name)),
  );
}

/**
 * The facts of the store's products `productIds` (UUIDs in lower case) that decide their add-ons, by id;
 * archived products and those of other stores are absent.
 */
export async function productFacts(
  db: Db,
  storeId: number,
  productIds: string[],
): Promise<Map<string, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT p.id, c.name AS category, p.parent_category, choice.codes
    FROM products AS p
      LEFT JOIN categories AS c ON c.id = p.category_id AND c.store_id = ${storeId}
      LEFT JOIN product_add_on_choices AS choice ON choice.product_id = p.id AND choice.store_id = ${storeId}
    WHERE p.store_id = ${storeId} AND p.archived_at IS NULL AND p.id = ANY(${sql.param(productIds)}::uuid[])`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        category: (row.category as string | null) ?? null,
        parentCategory: (row.parent_category as string | null) ?? null,
        codes: (row.codes as string[] | null) ?? null,
      },
    ]),
  );
}
