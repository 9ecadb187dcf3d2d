/**
 * The wishlist's API contract (`/api/v1/wishlist`), shared by the server's routes and the storefront: a
 * signed-in shopper's saved products, kept per store and account. A guest's list lives in the browser only
 * (docs/architecture.md "Wishlist") and is merged into the account at sign-in.
 */
import { z } from 'zod';
import { WISHLIST_LIMIT } from './wishlist-limit';

export { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from './wishlist-limit';

const productIdSchema = z.uuid('must be a product id');

/** `PUT` / `DELETE /wishlist/{productId}`: the product's id (a UUID). */
export const wishlistParamsSchema = z.object({ productId: productIdSchema });
export type WishlistParams = z.infer<typeof wishlistParamsSchema>;

/**
 * `POST /wishlist/merge`: the browser's list, added to the account's (a union). Ids of products that are
 * unknown or archived in this store are skipped; at most {@link WISHLIST_LIMIT} ids.
 */
export const wishlistMergeBodySchema = z.object({
  productIds: z.array(productIdSchema).max(WISHLIST_LIMIT, `must hold at most ${WISHLIST_LIMIT} product ids`),
});
export type WishlistMergeBody = z.infer<typeof wishlistMergeBodySchema>;

/**
 * Every answer of the wishlist routes: the ids of the saved products that are on sale in this store, the
 * most recently saved first (archived products are left out; they come back if the owner restores them).
 */
export const wishlistSchema = z.object({ productIds: z.array(z.string()) });
export type Wishlist = z.infer<typeof wishlistSchema>;
