/**
 * Recovering from a deploy: a page still open from the previous deploy asks for code chunks that no longer
 * exist, and the dynamic import fails. Reloading fetches the new index.html and its chunks, so the route error
 * boundary reloads once by itself; sessionStorage remembers that reload, so a chunk that stays missing shows
 * the error screen instead of reloading forever. A chunk that loads clears the mark for the next deploy.
 */

/** The sessionStorage key marking that the page has reloaded once for a missing chunk. */
export const CHUNK_RELOAD_KEY = 'resham:chunk-reload';

/** The messages browsers and Vite give a failed dynamic import (Chromium, Firefox, Safari, Vite preload). */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True for an error raised because a code chunk (or the CSS it needs) could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

type MarkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** True when `error` is a chunk-load failure and the page has not reloaded for one yet in this tab. */
export function shouldReloadForChunkError(error: unknown, storage: MarkStorage = sessionStorage): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    return storage.getItem(CHUNK_RELOAD_KEY) === null;
  } catch {
    // Storage disabled: without a way to remember the reload, never reload by ourselves.
    return false;
  }
}

/**
 * Reloads the page once for a chunk-load failure: marks the reload in `storage`, then calls `reload`.
 * @returns true when it reloaded; false for any other error, or when this tab already reloaded once.
 */
export function reloadOnceForChunkError(
  error: unknown,
  storage: MarkStorage = sessionStorage,
  reload: () => void = () => location.reload(),
): boolean {
  if (!shouldReloadForChunkError(error, storage)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * A chunk loaded: the files of this deploy are reachable, so a later deploy may reload once again. The
 * browser's sessionStorage by default; nothing happens where there is none (a server render).
 */
export function forgetChunkReload(storage?: MarkStorage): void {
  try {
    (storage ?? sessionStorage).removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage disabled, or none on the server: nothing was marked.
  }
}
