/**
 * The first-load part of the wishlist: where the lists are kept and how many products the shown list holds,
 * for the header's count. Product ids live in localStorage (per origin, so per store host) as JSON arrays, the
 * most recently saved first: a guest's list under {@link GUEST_WISHLIST_KEY}; while signed in (the session
 * cookie is there), {@link ACCOUNT_WISHLIST_KEY} holds a copy of the account's list on the server and is shown
 * instead. Signing out shows the guest's list again (the copy is dropped, and ignored without a session).
 * Reading and changing the lists is in wishlist-store.ts, talking to the server in wishlist-account.ts; both
 * load with the pages that need them. Every change fires a `storage` event on `window`, as a change in
 * another tab does, so readers listen to that one event.
 */
import { useSyncExternalStore } from 'react';
import { readAuthToken } from '@client/lib/auth-cookie';

/** localStorage key of a guest's list. */
export const GUEST_WISHLIST_KEY = 'wishlist';
/** localStorage key of the signed-in account's list as last read from the server. */
export const ACCOUNT_WISHLIST_KEY = 'wishlist.account';

/** True while signed in: changes go to the account's list on the server. */
export const showsAccountWishlist = (): boolean => readAuthToken() !== null;

/**
 * The stored text of the shown list: the account's copy while signed in (the guest's list until the copy is
 * first read), else the guest's list.
 * @throws when storage is disabled (callers read it inside `try`).
 */
export const shownWishlistText = (): string | null =>
  (showsAccountWishlist() ? localStorage.getItem(ACCOUNT_WISHLIST_KEY) : null) ??
  localStorage.getItem(GUEST_WISHLIST_KEY);

/** Subscribes to changes of the lists, in this tab and in others; returns the unsubscribe function. */
export function subscribeWishlist(listener: () => void): () => void {
  addEventListener('storage', listener);
  return () => removeEventListener('storage', listener);
}

/** The shown list's length; 0 for none, an unreadable one or disabled storage (`null.length` throws). */
function shownCount(): number {
  try {
    return (JSON.parse(shownWishlistText()!) as unknown[]).length || 0;
  } catch {
    return 0;
  }
}

/** How many products the shown list holds; 0 while the server renders and during hydration. */
export function useWishlistCount(): number {
  return useSyncExternalStore(subscribeWishlist, shownCount, () => 0);
}
