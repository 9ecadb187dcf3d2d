/**
 * The signed-in shopper's wishlist on the server (`/api/v1/wishlist`), loaded with the pages that need it: at
 * sign-in (the login page) and when the wishlist page opens, the browser's list is merged into the account's and then cleared, the account's list is copied into
 * localStorage for the header and the pages (wishlist-store.ts), and each heart press is saved on the server.
 */
import { wishlistSchema } from '@shared/wishlist/wishlist-schemas';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { readAuthToken } from '@client/lib/auth-cookie';
import { toast } from '@client/lib/notify';
import {
  ACCOUNT_WISHLIST_KEY,
  GUEST_WISHLIST_KEY,
  parseStoredWishlist,
  readWishlist,
  WISHLIST_ADDED,
  WISHLIST_REMOVED,
  writeStoredWishlist,
} from './wishlist-store';

/** The toast when the server could not be reached or refused a change. */
export const WISHLIST_SAVE_FAILED = 'Could not update your wishlist';

/** The toast's description of a failure the server did not explain. */
const TRY_AGAIN = 'Please try again.';

/**
 * After sign-in (and when the wishlist page opens while signed in): merges the guest's list into the account (then clears
 * the guest's list) or, without one, reads the account's list, and shows it. A refused merge (a full list)
 * keeps the guest's list in the browser and says why. A 401 signs the shopper out (api-client).
 */
export async function syncAccountWishlist(): Promise<void> {
  const guest = parseStoredWishlist(localStorage.getItem(GUEST_WISHLIST_KEY));
  let productIds: string[];
  try {
    if (guest.length > 0) {
      try {
        ({ productIds } = await apiRequest('/wishlist/merge', {
          method: 'POST',
          body: { productIds: guest },
          schema: wishlistSchema,
        }));
        writeStoredWishlist(GUEST_WISHLIST_KEY, null);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        toast.error(WISHLIST_SAVE_FAILED, { description: errorText(error, TRY_AGAIN) });
        ({ productIds } = await apiRequest('/wishlist', { schema: wishlistSchema }));
      }
    } else {
      ({ productIds } = await apiRequest('/wishlist', { schema: wishlistSchema }));
    }
  } catch {
    return; // Offline or signed out meanwhile: the wishlist page tries again.
  }
  if (readAuthToken()) writeStoredWishlist(ACCOUNT_WISHLIST_KEY, productIds); // not if signed out meanwhile
}

/**
 * Saves or un-saves a product in the account: shown at once, then `PUT` / `DELETE /wishlist/{id}`; the answer
 * replaces the copy, and a refusal (a full list, a product no longer sold) puts the copy back with a toast.
 */
export async function toggleAccountWishlist(product: { id: string; name: string }): Promise<void> {
  const before = readWishlist();
  const saved = before.includes(product.id);
  writeStoredWishlist(
    ACCOUNT_WISHLIST_KEY,
    saved ? before.filter((id) => id !== product.id) : [product.id, ...before],
  );
  try {
    const { productIds } = await apiRequest(`/wishlist/${encodeURIComponent(product.id)}`, {
      method: saved ? 'DELETE' : 'PUT',
      schema: wishlistSchema,
    });
    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, productIds);
    toast.success(saved ? WISHLIST_REMOVED : WISHLIST_ADDED, { description: product.name });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeStoredWishlist(ACCOUNT_WISHLIST_KEY, null); // signed out: the guest's list shows
      return;
    }
    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, before);
    toast.error(WISHLIST_SAVE_FAILED, { description: errorText(error, TRY_AGAIN) });
  }
}
