/**
 * Product search (docs/decisions/012-search-in-postgresql.md): the list call with free text (`q`), size,
 * colour, fabric and price filters, sorting and facets. Full-text search over the weighted document the import
 * keeps (../catalog/search-index.ts), words widened by synonyms and spelling corrections (search-terms.ts); the matches
 * read once and kept (search-matches.ts), filtered in search-filters.ts and counted in search-facets.ts. Every
 * query is scoped to the store.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProductFacets, ProductListQuery, ProductListResponse } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalog-tables';
import { listConditions } from '../catalog/list-conditions';
import { productColumns, withDetails, type ProductRow } from '../catalog/list-details';
import { listProducts } from '../catalog/product-list';
import { activePromotions } from '../promotions/active-promotions';
import type { ActivePromotion } from '../promotions/promotion-price';
import { facetCacheKey, STOCK_LIST_MAX_AGE_MS } from './search-cache-key';
import { matchFacets } from './search-facets';
import { matchFilter, productListed, selectionOf } from './search-filters';
import { productOrder } from './match-order';
import { FACETS_PER_SET, loadMatchSet, noMatches, type MatchSet } from './search-matches';
import { NO_MEMO, type SearchMemo } from './search-memo';
import {
  correctedText,
  fullTextQuery,
  planSearchWords,
  searchWordsOf,
  typedWordsQuery,
  type SearchWord,
} from './search-terms';

/**
 * One page of products for `GET /products`: the catalogue-order list (../catalog/product-list.ts) when `query`
 * uses only the list filters, else {@link searchProducts} (repeating parts kept in `memo`). Prices with the
 * promotions running at `now`.
 * @returns `{ data, count, pagination: { page, limit, total } }` where `count` = `total`.
 */
export function findProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  memo: SearchMemo = NO_MEMO,
  now: Date = new Date(),
): Promise<ProductListResponse> {
  return isSearchQuery(query)
    ? searchProducts(db, storeId, query, memo, now)
    : listProducts(db, storeId, query, now);
}

/** True when `query` uses anything beyond the storefront's plain list filters; the plain list skips all search work. */
export function isSearchQuery(query: ProductListQuery): boolean {
  return (
    query.q !== undefined ||
    query.size !== undefined ||
    query.color !== undefined ||
    query.fabric !== undefined ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.sort !== undefined ||
    query.facets === true
  );
}

/**
 * Runs `work` in a transaction that discourages sequential scans (`SET LOCAL enable_seqscan = off`) when
 * `indexed`. The planner counts a full-text match as nearly free and, for a common word, reads every product
 * rather than the text's GIN index: several times slower up to tens of thousands of products.
 */
export async function withIndexes<T>(db: Db, indexed: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!indexed) return work(db);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

const valueSet = (values: string[] | undefined) =>
  values === undefined ? undefined : [...new Set(values.map((value) => value.toLowerCase()))].sort();

/**
 * The products matching `query`'s text and the storefront's filters but category, kept in `memo` for at most a
 * stock-reading answer's age (they read stock): every selection, sort, page and facet of the same text and
 * filters reuses them. A text without a word to search for matches nothing.
 */
async function matchesOf(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  words: SearchWord[],
  memo: SearchMemo,
  promotions: readonly ActivePromotion[],
): Promise<MatchSet> {
  if (query.q !== undefined && words.length === 0) return noMatches();
  const key = JSON.stringify([
    words.map((word) => word.word).join(' '),
    query.parentCategory?.toLowerCase(),
    valueSet(query.gender),
    query.filter?.map((value) => value.toLowerCase()),
    query.featured,
  ]);
  const load = () => {
    const spec = listConditions(storeId, { ...query, category: undefined });
    if (query.q === undefined) return loadMatchSet(db, spec, undefined, promotions);
    const textQuery = fullTextQuery(words);
    const where = and(spec, sql`products.search_document @@ (${textQuery})`)!;
    const score = sql`ts_rank(products.search_document, ${typedWordsQuery(words)}) + ts_rank(products.search_document, ${textQuery})`;
    return withIndexes(db, true, (tx) => loadMatchSet(tx, where, score, promotions));
  };
  return memo.keep(`matches:${key}`, load, {
    maxAgeMs: STOCK_LIST_MAX_AGE_MS,
    weightOf: (set) => set.size,
  });
}

/** The facets of `key` counted on `set` once (at most {@link FACETS_PER_SET} kept on it). */
function keptFacets(set: MatchSet, key: string, count: () => ProductFacets): ProductFacets {
  const kept = set.facets.get(key);
  if (kept) return kept;
  const facets = count();
  if (set.facets.size >= FACETS_PER_SET) set.facets.delete(set.facets.keys().next().value!);
  set.facets.set(key, facets);
  return facets;
}

/** The listed rows of `ids` (products of the store), in the order of `ids`. */
async function rowsInOrder(db: Db, storeId: number, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of the products matching `query` (docs/product.md §3 answer), with `facets` when asked for and, for a search
 * that found nothing, `suggestion` ('Did you mean …?') when a word of it looks misspelt. The word plan and the
 * matches are kept in `memo` (search-memo.ts); selections, order, page and facets are worked out on the
 * matches (search-filters.ts, search-facets.ts). Prices — of the cards, the sort, the price filter and facet —
 * with the promotions running at `now`.
 */
export async function searchProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  memo: SearchMemo = NO_MEMO,
  now: Date = new Date(),
): Promise<ProductListResponse> {
  const promotions = await activePromotions(db, storeId, now);
  const q = query.q;
  const words =
    q === undefined
      ? []
      : await memo(`words:${searchWordsOf(q).join(' ')}`, () => planSearchWords(db, storeId, q));
  const set = await matchesOf(db, storeId, query, words, memo, promotions);
  const filter = matchFilter(set, selectionOf(query));
  const order = productOrder(set, query.sort ?? (q === undefined ? 'catalogue' : 'relevance'));
  const offset = (query.page - 1) * query.limit;
  const pageIds: string[] = [];
  let total = 0;
  for (const i of order) {
    if (!productListed(filter, i)) continue;
    if (total >= offset && pageIds.length < query.limit) pageIds.push(set.ids[i]!);
    total += 1;
  }
  const answer: ProductListResponse = {
    data: await withDetails(db, storeId, await rowsInOrder(db, storeId, pageIds), promotions),
    count: total,
    pagination: { page: query.page, limit: query.limit, total },
  };
  if (query.facets) answer.facets = keptFacets(set, facetCacheKey(query), () => matchFacets(filter));
  if (total === 0 && words.length > 0) {
    const suggestion = correctedText(words);
    if (suggestion !== null) answer.suggestion = suggestion;
  }
  return answer;
}
