/**
 * The shown wishlist (wishlist-count.ts says where it is kept) as an external store for
 * `useSyncExternalStore`: its product ids, the most recently saved first, and how to change it. Loaded with
 * the product cards and pages, not with the first paint.
 */
import { useSyncExternalStore } from 'react';
import { WISHLIST_LIMIT } from '@shared/wishlist/wishlist-limit';
import { ACCOUNT_WISHLIST_KEY, shownWishlistText, subscribeWishlist } from './wishlist-count';

export { ACCOUNT_WISHLIST_KEY, GUEST_WISHLIST_KEY, showsAccountWishlist } from './wishlist-count';

/** What the server renders and a browser without storage shows: no saved products. */
const EMPTY: readonly string[] = [];

/**
 * A stored list: up to {@link WISHLIST_LIMIT} distinct non-empty strings; anything unreadable is an empty
 * list.
 */
export function parseStoredWishlist(raw: string | null): readonly string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!Array.isArray(value)) return EMPTY;
    const ids = value.filter((id): id is string => typeof id === 'string' && id !== '');
    return [...new Set(ids)].slice(0, WISHLIST_LIMIT);
  } catch {
    return EMPTY;
  }
}

/** Stores `ids` under `key` (null removes the key) and tells every reader (a `storage` event). */
export function writeStoredWishlist(key: string, ids: readonly string[] | null): void {
  try {
    if (ids) localStorage.setItem(key, JSON.stringify(ids));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the list stays as it was.
  }
  dispatchEvent(new Event('storage'));
}

let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

/** The shown list (the account's copy while signed in, else the guest's); the same array until it changes. */
export function readWishlist(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = shownWishlistText();
  } catch {
    // Storage disabled: nothing saved.
  }
  if (raw !== snapshot.raw) snapshot = { raw, ids: parseStoredWishlist(raw) };
  return snapshot.ids;
}

/** The shown list of saved product ids; empty while the server renders and during hydration. */
export function useWishlist(): readonly string[] {
  return useSyncExternalStore(subscribeWishlist, readWishlist, () => EMPTY);
}

/** Toast titles on a change of the list. */
export const WISHLIST_ADDED = 'Added to wishlist';
export const WISHLIST_REMOVED = 'Removed from wishlist';

/** Signing out or in: drops the account's copy (the next account's list is read afresh). */
export function forgetAccountWishlist(): void {
  writeStoredWishlist(ACCOUNT_WISHLIST_KEY, null);
}
