/**
 * Parts of a search that repeat across requests and are worth keeping (docs/decisions/012-search-in-postgresql.md):
 * the plan of the search words (synonyms and spelling corrections; they change only with a catalogue import),
 * kept as JSON in the response cache, and the matching products of a text (search-matches.ts), kept as objects
 * beside it (../catalog/kept-values.ts). Both are forgotten on every catalogue write; {@link NO_MEMO} loads every time.
 */
import type { KeepOptions } from '../catalog/kept-values';
import type { ResponseCache } from '../catalog/response-cache';

/**
 * Called as a function: the value kept for `key` (within one store), else `load()`'s result, kept (as JSON)
 * until the next catalogue write or, with `maxAgeMs`, for at most that many milliseconds. `keep`: the same for
 * an object kept in memory as it is, with an age limit and a weight.
 */
export type SearchMemo = {
  <T>(key: string, load: () => Promise<T>, maxAgeMs?: number): Promise<T>;
  keep<T>(key: string, load: () => Promise<T>, options: KeepOptions<T>): Promise<T>;
};

/** Keeps nothing: every call loads. */
export const NO_MEMO: SearchMemo = Object.assign(<T>(_key: string, load: () => Promise<T>) => load(), {
  keep: <T>(_key: string, load: () => Promise<T>) => load(),
});

/** A memo kept in `cache` under keys of store `storeId`. */
export function responseCacheMemo(cache: ResponseCache, storeId: number): SearchMemo {
  const memo = async <T>(key: string, load: () => Promise<T>, maxAgeMs?: number): Promise<T> => {
    const json = await cache.getOrLoad(
      `${storeId}:search-part:${key}`,
      load,
      maxAgeMs === undefined ? {} : { maxAgeMs },
    );
    return JSON.parse(json.toString('utf8')) as T;
  };
  return Object.assign(memo, {
    keep: <T>(key: string, load: () => Promise<T>, options: KeepOptions<T>) =>
      cache.kept.get(`${storeId}:${key}`, load, options),
  });
}
