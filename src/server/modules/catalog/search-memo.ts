/**
 * Parts of a search that repeat across requests and are worth keeping (docs/decisions/012-search-in-postgresql.md):
 * the plan of the search words (synonyms and spelling corrections; they change only with a catalogue import)
 * and the facets of a question (they do not depend on its sort or page, and read stock, so they are kept for at
 * most a list answer's stock age). The route keeps them in the response cache, which forgets everything on a
 * catalogue write; {@link NO_MEMO} loads every time.
 */
import type { ResponseCache } from './response-cache';

/**
 * Returns the value kept for `key` (within one store), else `load()`'s result, kept until the next catalogue
 * write or, with `maxAgeMs`, for at most that many milliseconds.
 */
export type SearchMemo = <T>(key: string, load: () => Promise<T>, maxAgeMs?: number) => Promise<T>;

/** Keeps nothing: every call loads. */
export const NO_MEMO: SearchMemo = (_key, load) => load();

/** A memo kept in `cache` under keys of store `storeId` (values stored as JSON). */
export function responseCacheMemo(cache: ResponseCache, storeId: number): SearchMemo {
  return async <T>(key: string, load: () => Promise<T>, maxAgeMs?: number): Promise<T> => {
    const json = await cache.getOrLoad(
      `${storeId}:search-part:${key}`,
      load,
      maxAgeMs === undefined ? {} : { maxAgeMs },
    );
    return JSON.parse(json.toString('utf8')) as T;
  };
}
