/**
 * Follows the session for the wishlist: with a token (a sign-in, or a page load while signed in) the lazy
 * `wishlist-account.ts` merges the browser's list into the account and shows the account's list; without one
 * the account's copy is dropped and the browser's (guest) list shows again.
 */
import { useEffect } from 'react';
import { forgetAccountWishlist } from './wishlist-count';

/** Keeps the shown wishlist in step with the session token (call once, where the token lives). */
export function useWishlistSession(token: string | null): void {
  useEffect(() => {
    if (token) void import('./wishlist-account').then((account) => account.syncAccountWishlist());
    else forgetAccountWishlist();
  }, [token]);
}
