/**
 * A signed-in customer's wishlist: plain functions taking `db`, every query scoped to the store and the
 * account. Only products of the store that are on sale (not archived) can be saved or are listed; the list
 * holds at most {@link WISHLIST_LIMIT} products.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT, type Wishlist } from '@shared/wishlist/wishlist-schemas';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { wishlistItems } from '../../db/schema/wishlist-tables';
import { BadRequestError, NotFoundError } from '../../errors';

/** The 404 sentence for a product that is not on sale in this store. */
export const WISHLIST_PRODUCT_NOT_FOUND = 'Product not found';

/** Whose wishlist: the store of the request and the signed-in account. */
export type WishlistOwner = { storeId: number; userId: number };

const ownedBy = (owner: WishlistOwner) =>
  and(eq(wishlistItems.storeId, owner.storeId), eq(wishlistItems.userId, owner.userId));

/** The saved products on sale in the store, most recently saved first (ids only). */
export async function listWishlist(db: Db, owner: WishlistOwner): Promise<Wishlist> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(
      products,
      and(
        eq(products.id, wishlistItems.productId),
        eq(products.storeId, owner.storeId),
        isNull(products.archivedAt),
      ),
    )
    .where(ownedBy(owner))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
  return { productIds: rows.map((row) => row.productId) };
}

/** The ids among `ids` of products of the store that are on sale. */
async function onSaleProductIds(db: Db, storeId: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, [...ids]), isNull(products.archivedAt)));
  return new Set(rows.map((row) => row.id));
}

async function savedCount(db: Db, owner: WishlistOwner): Promise<number> {
  const [row] = await db.select({ saved: count() }).from(wishlistItems).where(ownedBy(owner));
  return row?.saved ?? 0;
}

async function savedProductIds(db: Db, owner: WishlistOwner): Promise<Set<string>> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(ownedBy(owner));
  return new Set(rows.map((row) => row.productId));
}

/**
 * Saves a product (saving it again changes nothing) and returns the list.
 * @throws {NotFoundError} 404 `Product not found` for a product that is unknown, of another store or archived.
 * @throws {BadRequestError} 400 {@link WISHLIST_FULL_MESSAGE} when the list already holds
 *   {@link WISHLIST_LIMIT} products.
 */
export async function addToWishlist(db: Db, owner: WishlistOwner, productId: string): Promise<Wishlist> {
  if (!(await onSaleProductIds(db, owner.storeId, [productId])).has(productId))
    throw new NotFoundError(WISHLIST_PRODUCT_NOT_FOUND);
  if (!(await savedProductIds(db, owner)).has(productId)) {
    if ((await savedCount(db, owner)) >= WISHLIST_LIMIT) throw new BadRequestError(WISHLIST_FULL_MESSAGE);
    await db
      .insert(wishlistItems)
      .values({ ...owner, productId })
      .onConflictDoNothing();
  }
  return listWishlist(db, owner);
}

/** Removes a product from the list (a product not in it changes nothing) and returns the list. */
export async function removeFromWishlist(db: Db, owner: WishlistOwner, productId: string): Promise<Wishlist> {
  await db.delete(wishlistItems).where(and(ownedBy(owner), eq(wishlistItems.productId, productId)));
  return listWishlist(db, owner);
}

/**
 * Adds the browser's list to the account's (a union, in the browser's order, saved now) and returns the list.
 * Ids of products that are unknown, of another store or archived are skipped.
 * @throws {BadRequestError} 400 {@link WISHLIST_FULL_MESSAGE} when the union would hold more than
 *   {@link WISHLIST_LIMIT} products; nothing is saved then.
 */
export async function mergeWishlist(
  db: Db,
  owner: WishlistOwner,
  productIds: readonly string[],
): Promise<Wishlist> {
  const onSale = await onSaleProductIds(db, owner.storeId, productIds);
  const saved = await savedProductIds(db, owner);
  const added = [...new Set(productIds)].filter((id) => onSale.has(id) && !saved.has(id));
  if (added.length > 0) {
    if (saved.size + added.length > WISHLIST_LIMIT) throw new BadRequestError(WISHLIST_FULL_MESSAGE);
    // The browser lists the newest first: save them oldest first so the list keeps that order.
    const now = Date.now();
    await db
      .insert(wishlistItems)
      .values(added.map((productId, index) => ({ ...owner, productId, addedAt: new Date(now - index) })))
      .onConflictDoNothing();
  }
  return listWishlist(db, owner);
}
