/**
 * Cache keys and lifetimes of list answers (../catalog/response-cache.ts). Two queries asking the same thing (values in
 * another case or order, repeated values) share one key. A plain list holds no stock and lives until the next
 * catalogue write; an answer filtered or faceted on size, colour or price reads stock (a sold-out size does not
 * match), so it is served for at most {@link STOCK_LIST_MAX_AGE_MS}.
 */
import type { ProductListQuery } from '@shared/catalog/product-schema';
import { searchWordsOf } from './search-terms';

/** How long a list answer that depends on stock may be served, in milliseconds. */
export const STOCK_LIST_MAX_AGE_MS = 30_000;

const valueSet = (values: string[] | undefined) =>
  values === undefined ? undefined : [...new Set(values.map((value) => value.toLowerCase()))].sort();

/** The part of the cache key that identifies `query`'s answer. */
export function listCacheKey(query: ProductListQuery): string {
  const plain = [
    query.page,
    query.limit,
    query.category?.toLowerCase(),
    query.parentCategory?.toLowerCase(),
    valueSet(query.gender),
    query.filter?.map((value) => value.toLowerCase()),
    query.featured,
  ];
  const search = [
    query.q === undefined ? undefined : searchWordsOf(query.q).join(' '),
    valueSet(query.size),
    valueSet(query.color),
    valueSet(query.fabric),
    query.minPrice,
    query.maxPrice,
    query.sort,
    query.facets,
  ];
  return JSON.stringify(search.every((part) => part === undefined) ? plain : [...plain, ...search]);
}

/** True when `query`'s answer reads stock (size, colour or price filters, or facets). */
export function listReadsStock(query: ProductListQuery): boolean {
  return (
    query.size !== undefined ||
    query.color !== undefined ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.facets === true
  );
}

/** The part of the cache key that identifies the facets of `query` (they ignore its sort and page). */
export function facetCacheKey(query: ProductListQuery): string {
  return listCacheKey({ ...query, page: 1, limit: 1, sort: undefined, facets: true });
}
