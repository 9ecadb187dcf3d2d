import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  forgetChunkReload,
  isChunkLoadError,
  reloadOnceForChunkError,
  shouldReloadForChunkError,
} from './chunk-reload';

/** sessionStorage's three methods over a Map, as a tab's storage behaves. */
function tabStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const chromiumFailure = new TypeError(
  'Failed to fetch dynamically imported module: https://shop.example/assets/cart-page-B1a2c3.js',
);

describe('isChunkLoadError', () => {
  it('recognises the failed dynamic imports of Chromium, Firefox, Safari and a failed CSS preload', () => {
    for (const message of [
      chromiumFailure.message,
      'error loading dynamically imported module: https://shop.example/assets/cart-page-B1a2c3.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/policy-page-x.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
  });

  it('leaves render errors and anything that is not an Error alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      false,
    );
    expect(isChunkLoadError(chromiumFailure.message)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads once for a chunk-load failure and remembers it, so a second failure does not reload', () => {
    const storage = tabStorage();
    let reloads = 0;
    expect(reloadOnceForChunkError(chromiumFailure, storage, () => reloads++)).toBe(true);
    expect(reloads).toBe(1);
    expect(storage.values.has(CHUNK_RELOAD_KEY)).toBe(true);

    expect(shouldReloadForChunkError(chromiumFailure, storage)).toBe(false);
    expect(reloadOnceForChunkError(chromiumFailure, storage, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('never reloads for a render error', () => {
    const storage = tabStorage();
    let reloads = 0;
    expect(reloadOnceForChunkError(new Error('boom'), storage, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
    expect(storage.values.size).toBe(0);
  });

  it('reloads again after a chunk has loaded (the next deploy)', () => {
    const storage = tabStorage();
    let reloads = 0;
    reloadOnceForChunkError(chromiumFailure, storage, () => reloads++);
    forgetChunkReload(storage);
    expect(reloadOnceForChunkError(chromiumFailure, storage, () => reloads++)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('does not reload when storage refuses, since the reload could not be remembered', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    let reloads = 0;
    expect(reloadOnceForChunkError(chromiumFailure, refusing, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
  });
});
