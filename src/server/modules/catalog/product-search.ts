/**
 * Product search (docs/decisions/012-search-in-postgresql.md): the list call with free text (`q`), size,
 * colour, fabric and price filters, sorting and facets. Full-text search over the weighted document the import
 * keeps (search-index.ts), words widened by synonyms and spelling corrections (search-terms.ts), filters in
 * search-filters.ts, facets in search-facets.ts. Every query is scoped to the store.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery, ProductListResponse } from '@shared/catalog/product-schema';
import { rowsOf, type Db } from '../../db/database';
import { withDetails, type ProductRow } from './list-details';
import { productFacets } from './search-facets';
import {
  categoryCondition,
  fabricCondition,
  LISTED_PRICE,
  offerCondition,
  selectionOf,
} from './search-filters';
import {
  correctedText,
  fullTextQuery,
  planSearchWords,
  searchWordsOf,
  typedWordsQuery,
  type SearchWord,
} from './search-terms';
import { listConditions } from './list-conditions';
import { facetCacheKey, STOCK_LIST_MAX_AGE_MS } from './search-cache-key';
import { NO_MEMO, type SearchMemo } from './search-memo';

/** True when `query` uses anything beyond the spec's list filters; the plain list skips all search work. */
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

/** The conditions every part of a search shares: the spec's filters except category, and the text. */
export type SearchBase = { where: SQL; words: SearchWord[]; textQuery: SQL | undefined };

/** Plans the text (the plan kept in `memo`) and builds the shared conditions of `query`. */
export async function searchBase(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  memo: SearchMemo = NO_MEMO,
): Promise<SearchBase> {
  const q = query.q;
  const words =
    q === undefined
      ? []
      : await memo(`words:${searchWordsOf(q).join(' ')}`, () => planSearchWords(db, storeId, q));
  const spec = listConditions(storeId, { ...query, category: undefined });
  if (query.q === undefined) return { where: spec, words, textQuery: undefined };
  if (words.length === 0) return { where: sql`false`, words, textQuery: undefined };
  const textQuery = fullTextQuery(words);
  return { where: and(spec, sql`products.search_document @@ (${textQuery})`)!, words, textQuery };
}

function orderBy(query: ProductListQuery, base: SearchBase): SQL {
  const catalogue = sql`products.sort_order asc, products.created_at asc, products.id asc`;
  const sort = query.sort ?? (base.textQuery ? 'relevance' : undefined);
  switch (sort) {
    case 'relevance':
      return sql`ts_rank(products.search_document, ${typedWordsQuery(base.words)}) + ts_rank(products.search_document, ${base.textQuery!}) desc, ${catalogue}`;
    case 'newest':
      return sql`products.created_at desc, ${catalogue}`;
    case 'price_asc':
      return sql`${LISTED_PRICE} asc, ${catalogue}`;
    case 'price_desc':
      return sql`${LISTED_PRICE} desc, ${catalogue}`;
    case 'discount':
      return sql`(products.regular_price_paise - ${LISTED_PRICE})::float8 / greatest(products.regular_price_paise, 1) desc, ${LISTED_PRICE} asc, ${catalogue}`;
    default:
      return catalogue;
  }
}

/**
 * Runs `work` in a transaction that discourages sequential scans (`SET LOCAL enable_seqscan = off`). The planner
 * counts a full-text match as nearly free and, for a common word, reads every product rather than the GIN
 * indexes of the text and the offer keys: 35 ms against 7 ms at 5,000 products on PostgreSQL, more on PGlite.
 * Used only for questions those indexes narrow (words, or a size, colour or price), and not for facets: they
 * read at most 2,000 matches, which a sequential scan finds quickly for a common word.
 */
export async function withIndexes<T>(db: Db, indexed: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!indexed) return work(db);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

type SearchRow = Omit<ProductRow, 'createdAt'> & { createdAt: Date | string; total: number | string };

/**
 * One page of the products matching `query` (spec §3 answer), with `facets` when asked for and, for a search
 * that found nothing, `suggestion` ('Did you mean …?') when a word of it looks misspelt. The word plan and the
 * facets are kept in `memo` (search-memo.ts).
 */
export async function searchProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  memo: SearchMemo = NO_MEMO,
): Promise<ProductListResponse> {
  const base = await searchBase(db, storeId, query, memo);
  const selection = selectionOf(query);
  const where = and(
    base.where,
    categoryCondition(selection),
    fabricCondition(selection),
    offerCondition(selection),
  )!;
  const offset = (query.page - 1) * query.limit;
  const indexed = base.textQuery !== undefined || offerCondition(selection) !== undefined;
  const { rows, total } = await withIndexes(db, indexed, async (tx) => {
    const result = await tx.execute(sql`
      select products.id, products.title, products.description, products.img_url as "imgUrl",
        categories.name as category, products.parent_category as "parentCategory",
        products.regular_price_paise as "regularPricePaise", products.discounted_price_paise as "discountedPricePaise",
        products.created_at as "createdAt", products.unit, count(*) over () as total
      from products join categories on categories.id = products.category_id
      where ${where}
      order by ${orderBy(query, base)}
      limit ${query.limit} offset ${offset}
    `);
    const found = rowsOf<SearchRow>(result);
    if (found.length > 0 || offset === 0) {
      return { rows: found, total: found.length > 0 ? Number(found[0]!.total) : 0 };
    }
    const counted = await tx.execute(sql`
      select count(*) as total from products join categories on categories.id = products.category_id
      where ${where}
    `);
    return { rows: found, total: Number(rowsOf<{ total: number | string }>(counted)[0]?.total ?? 0) };
  });
  const data = await withDetails(
    db,
    storeId,
    rows.map((row) => ({
      ...row,
      regularPricePaise: Number(row.regularPricePaise),
      discountedPricePaise: row.discountedPricePaise === null ? null : Number(row.discountedPricePaise),
      createdAt: new Date(row.createdAt),
    })),
  );
  const answer: ProductListResponse = {
    data,
    count: total,
    pagination: { page: query.page, limit: query.limit, total },
  };
  if (query.facets) {
    answer.facets = await memo(
      `facets:${facetCacheKey(query)}`,
      () => productFacets(db, base, selection),
      STOCK_LIST_MAX_AGE_MS,
    );
  }
  if (total === 0 && base.words.length > 0) {
    const suggestion = correctedText(base.words);
    if (suggestion !== null) answer.suggestion = suggestion;
  }
  return answer;
}
