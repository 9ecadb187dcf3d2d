/**
 * The first-load part of the wishlist: where the lists are kept and how many products the shown list holds,
 * for the header's count. Product ids live in localStorage (per origin, so per store host) as JSON arrays, the
 * most recently saved first: a guest's list under {@link GUEST_WISHLIST_KEY}; while signed in (the session
 * cookie is there), {@link ACCOUNT_WISHLIST_KEY} holds a copy of the account's list on the server and is shown
 * instead. Signing out shows the guest's list again (the copy is dropped, and ignored without a session). Reading and changing the lists is in wishlist-store.ts,
 * talking to the server in wishlist-account.ts; both load with the pages that need them.
 */
import { useSyncExternalStore } from 'react';
import { readAuthToken } from '@client/lib/auth-cookie';

/** localStorage key of a guest's list. */
export const GUEST_WISHLIST_KEY = 'wishlist';
/** localStorage key of the signed-in account's list as last read from the server. */
export const ACCOUNT_WISHLIST_KEY = 'wishlist.account';

/** The stored value under `key`, or null when there is none or storage is disabled. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** True while signed in: changes go to the account's list on the server. */
export const showsAccountWishlist = (): boolean => readAuthToken() !== null;

/**
 * The stored text of the shown list: the account's copy while signed in (the guest's list until the copy is
 * first read), else the guest's list.
 */
export const shownWishlistText = (): string | null =>
  (showsAccountWishlist() ? readStored(ACCOUNT_WISHLIST_KEY) : null) ?? readStored(GUEST_WISHLIST_KEY);

const listeners = new Set<() => void>();

/** Tells every reader that a list changed in this tab. */
export const notifyWishlist = (): void => listeners.forEach((listener) => listener());

/** Subscribes to changes of the lists, in this tab and in others; returns the unsubscribe function. */
export function subscribeWishlist(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function shownCount(): number {
  try {
    const ids: unknown = JSON.parse(shownWishlistText() ?? '[]');
    return Array.isArray(ids) ? ids.length : 0;
  } catch {
    return 0;
  }
}

/** How many products the shown list holds; 0 while the server renders and during hydration. */
export function useWishlistCount(): number {
  return useSyncExternalStore(subscribeWishlist, shownCount, () => 0);
}

/** Signing out or in: drops the account's copy (the next account's list is read afresh). */
export function forgetAccountWishlist(): void {
  try {
    localStorage.removeItem(ACCOUNT_WISHLIST_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  notifyWishlist();
}
