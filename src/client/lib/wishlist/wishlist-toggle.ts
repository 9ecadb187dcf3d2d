/**
 * The heart's action: saves or un-saves a product in the shown wishlist (wishlist-store.ts), with a toast in
 * the store's style — at once in a guest's list, or through the lazy `wishlist-account.ts` while signed in.
 */
import { toast } from '@client/lib/notify';
import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from '@shared/wishlist/wishlist-limit';
import {
  GUEST_WISHLIST_KEY,
  readWishlist,
  showsAccountWishlist,
  WISHLIST_ADDED,
  WISHLIST_REMOVED,
  writeStoredWishlist,
} from './wishlist-store';

/**
 * Saves or un-saves a product, with a toast: at once in the guest's list (refusing past
 * {@link WISHLIST_LIMIT} with {@link WISHLIST_FULL_MESSAGE}), or through the server for a signed-in shopper.
 */
export function toggleWishlist(product: { id: string; name: string }): void {
  if (showsAccountWishlist()) {
    void import('./wishlist-account').then((account) => account.toggleAccountWishlist(product));
    return;
  }
  const ids = readWishlist();
  const saved = ids.includes(product.id);
  if (!saved && ids.length >= WISHLIST_LIMIT) {
    toast.error(WISHLIST_FULL_MESSAGE);
    return;
  }
  writeStoredWishlist(
    GUEST_WISHLIST_KEY,
    saved ? ids.filter((id) => id !== product.id) : [product.id, ...ids],
  );
  toast.success(saved ? WISHLIST_REMOVED : WISHLIST_ADDED, { description: product.name });
}
