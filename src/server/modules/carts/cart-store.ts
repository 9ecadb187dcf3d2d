/**
 * A signed-in shopper's cart kept on the server (docs/messages.md "Forgotten carts"): one row per store and
 * account, written whole by the storefront on each change (`PUT /cart`), joined with the browser's cart at
 * sign-in as the wishlist is (`POST /cart/merge`), and restored from a reminder's link on any device. Every
 * change sets `changed_at` and clears `reminded_at`, so each change allows one new reminder. Plain functions
 * taking `db`; every query is scoped to the store and the account.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cartTexts, type Cart, type CartLineInput } from '@shared/carts/cart-schemas';
import type { Db } from '../../db/database';
import { serverCarts, type StoredCartLine } from '../../db/schema/stock-alert-tables';
import { NotFoundError } from '../../errors';
import { checkedLines, shownLines } from './cart-lines';

/** Whose cart: the store of the request and the signed-in account. */
export type CartOwner = { storeId: number; userId: number };

/** A new restore token: 32 random bytes as 43 base64url characters. */
const newToken = () => randomBytes(32).toString('base64url');

const ownedBy = (owner: CartOwner) =>
  and(eq(serverCarts.storeId, owner.storeId), eq(serverCarts.userId, owner.userId));

async function storedLines(db: Db, owner: CartOwner): Promise<StoredCartLine[]> {
  const [row] = await db.select({ lines: serverCarts.lines }).from(serverCarts).where(ownedBy(owner));
  return row?.lines ?? [];
}

/** The account's kept cart as the storefront shows it (lines no longer on sale left out); empty without one. */
export async function readCart(db: Db, owner: CartOwner, now: Date): Promise<Cart> {
  return { lines: await shownLines(db, owner.storeId, await storedLines(db, owner), now) };
}

/** Writes `lines` as the account's cart at `now`: a change, so its reminder may go again. */
async function writeCart(
  db: Db,
  owner: CartOwner,
  lines: StoredCartLine[],
  context: { now: Date; origin: string | null },
): Promise<void> {
  const values = { lines, changedAt: context.now, remindedAt: null, linkOrigin: context.origin };
  await db
    .insert(serverCarts)
    .values({ ...owner, ...values, restoreToken: newToken() })
    .onConflictDoUpdate({ target: [serverCarts.storeId, serverCarts.userId], set: values });
}

/**
 * Replaces the account's cart with `lines` (an empty list empties it) and answers it as shown.
 * @param context.origin the shop's trusted origin for the reminder's link, or null: a path only.
 * @throws {ValidationError} 400 naming each line that is not on sale, lacks or has a wrong size, or has a
 *   quantity the product is not sold in (`fields["lines.0.variantId"]`).
 */
export async function saveCart(
  db: Db,
  owner: CartOwner,
  lines: readonly CartLineInput[],
  context: { now: Date; origin: string | null },
): Promise<Cart> {
  const kept = await checkedLines(db, owner.storeId, lines, { strict: true, now: context.now });
  await writeCart(db, owner, kept, context);
  return { lines: await shownLines(db, owner.storeId, kept, context.now) };
}

/**
 * Adds the browser's cart `lines` to the account's at sign-in: the account's lines first, then the
 * browser's; the same product and size become one line of both quantities (up to the line's maximum). Lines
 * that cannot be kept are dropped. Answers the joined cart, which the storefront then shows.
 */
export async function mergeCart(
  db: Db,
  owner: CartOwner,
  lines: readonly CartLineInput[],
  context: { now: Date; origin: string | null },
): Promise<Cart> {
  if (lines.length === 0) return readCart(db, owner, context.now);
  const joined = [...(await storedLines(db, owner)), ...lines];
  const kept = await checkedLines(db, owner.storeId, joined, { strict: false, now: context.now });
  await writeCart(db, owner, kept, context);
  return { lines: await shownLines(db, owner.storeId, kept, context.now) };
}

/**
 * The cart whose reminder link carries `token`, as shown, for any device (signed in or not). Reading it
 * changes nothing.
 * @throws {NotFoundError} 404 'This cart link is not valid.' for a token of no cart of this store.
 */
export async function restoreCart(db: Db, storeId: number, token: string, now: Date): Promise<Cart> {
  const [row] = await db
    .select({ lines: serverCarts.lines })
    .from(serverCarts)
    .where(and(eq(serverCarts.storeId, storeId), eq(serverCarts.restoreToken, token)));
  if (!row) throw new NotFoundError(cartTexts.linkInvalid);
  return { lines: await shownLines(db, storeId, row.lines, now) };
}
