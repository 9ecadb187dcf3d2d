import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WISHLIST_LIMIT } from '@shared/wishlist/wishlist-limit';
import {
  ACCOUNT_WISHLIST_KEY,
  GUEST_WISHLIST_KEY,
  parseStoredWishlist,
  readWishlist,
  showsAccountWishlist,
  writeStoredWishlist,
} from './wishlist-store';
import { toggleWishlist } from './wishlist-toggle';

/** The browser's localStorage as a Map (the tests run in Node, which has none). */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, String(value)),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the browser wishlist', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('dispatchEvent', () => true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads a stored list, dropping repeats, non-strings and anything past the cap', () => {
    expect(parseStoredWishlist(JSON.stringify(['a', 'b', 'a', 3, '', null, 'c']))).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: WISHLIST_LIMIT + 5 }, (_, index) => `p${index}`);
    expect(parseStoredWishlist(JSON.stringify(many))).toEqual(many.slice(0, WISHLIST_LIMIT));
    for (const raw of [null, '', 'not json', '{"a":1}', '"a"', 'null'])
      expect(parseStoredWishlist(raw)).toEqual([]);
  });

  it("saves and un-saves a guest's product, newest first, under the guest key", () => {
    toggleWishlist({ id: 'saree', name: 'Katan Silk Saree' });
    toggleWishlist({ id: 'kurta', name: 'Cotton Kurta' });
    expect(readWishlist()).toEqual(['kurta', 'saree']);
    expect(storage.getItem(GUEST_WISHLIST_KEY)).toBe('["kurta","saree"]');
    toggleWishlist({ id: 'saree', name: 'Katan Silk Saree' });
    expect(readWishlist()).toEqual(['kurta']);
    expect(showsAccountWishlist()).toBe(false);
  });

  it('returns the same array until the stored list changes (a stable snapshot)', () => {
    writeStoredWishlist(GUEST_WISHLIST_KEY, ['a']);
    const first = readWishlist();
    expect(readWishlist()).toBe(first);
    writeStoredWishlist(GUEST_WISHLIST_KEY, ['b', 'a']);
    expect(readWishlist()).not.toBe(first);
    expect(readWishlist()).toEqual(['b', 'a']);
  });

  it("shows the account's copy while signed in and the guest's list again once signed out", () => {
    writeStoredWishlist(GUEST_WISHLIST_KEY, ['guest-item']);
    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, ['account-item']);
    expect(showsAccountWishlist()).toBe(false);
    expect(readWishlist()).toEqual(['guest-item']);

    document.cookie = 'theme=dark; auth_token=abc';
    expect(showsAccountWishlist()).toBe(true);
    expect(readWishlist()).toEqual(['account-item']);
    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, []);
    expect(readWishlist()).toEqual([]);
    // Signed in before the account's list was first read: the guest's list shows.
    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, null);
    expect(readWishlist()).toEqual(['guest-item']);

    writeStoredWishlist(ACCOUNT_WISHLIST_KEY, ['account-item']);
    document.cookie = '';
    expect(readWishlist()).toEqual(['guest-item']);
  });

  it('refuses to save past the cap and leaves the list as it was', () => {
    const full = Array.from({ length: WISHLIST_LIMIT }, (_, index) => `p${index}`);
    writeStoredWishlist(GUEST_WISHLIST_KEY, full);
    toggleWishlist({ id: 'one-more', name: 'One More' });
    expect(readWishlist()).toEqual(full);
    toggleWishlist({ id: 'p0', name: 'First' });
    expect(readWishlist()).toEqual(full.slice(1));
  });

  it('keeps working as an empty list when storage is disabled', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    });
    expect(readWishlist()).toEqual([]);
    expect(() => toggleWishlist({ id: 'saree', name: 'Saree' })).not.toThrow();
  });
});
