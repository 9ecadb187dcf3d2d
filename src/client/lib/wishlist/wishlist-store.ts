/**
 * The wishlist this browser shows, as an external store for `useSyncExternalStore`: product ids, the most
 * recently saved first, read from localStorage (per origin, so per store host). A guest's list lives under
 * {@link GUEST_WISHLIST_KEY}; while signed in, {@link ACCOUNT_WISHLIST_KEY} holds a copy of the account's list
 * on the server and is shown instead (signing out removes it, and the guest's list shows again). On the first
 * load only this small module and wishlist-toggle.ts run; talking to the server is in the lazy
 * `wishlist-account.ts`.
 */
import { useSyncExternalStore } from 'react';
import { WISHLIST_LIMIT } from '@shared/wishlist/wishlist-limit';

/** localStorage key of a guest's list: a JSON array of product ids. */
export const GUEST_WISHLIST_KEY = 'wishlist';
/** localStorage key of the signed-in account's list as last read from the server. */
export const ACCOUNT_WISHLIST_KEY = 'wishlist.account';

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

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Stores `ids` under `key` (null removes the key) and tells every reader. */
export function writeStoredWishlist(key: string, ids: readonly string[] | null): void {
  try {
    if (ids) localStorage.setItem(key, JSON.stringify(ids));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the list stays as it was.
  }
  notify();
}

/** True while the shown list is the signed-in account's. */
export const showsAccountWishlist = (): boolean => read(ACCOUNT_WISHLIST_KEY) !== null;

let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

/** The shown list (the account's copy while signed in, else the guest's); the same array until it changes. */
export function readWishlist(): readonly string[] {
  const raw = read(ACCOUNT_WISHLIST_KEY) ?? read(GUEST_WISHLIST_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, ids: parseStoredWishlist(raw) };
  return snapshot.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed a list: follow it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The shown list of saved product ids; empty while the server renders and during hydration. */
export function useWishlist(): readonly string[] {
  return useSyncExternalStore(subscribe, readWishlist, () => EMPTY);
}

/** Toast titles on a change of the list. */
export const WISHLIST_ADDED = 'Added to wishlist';
export const WISHLIST_REMOVED = 'Removed from wishlist';
