/**
 * Search-box suggestions: the products and categories matching the text typed so far, the last word matching
 * word starts too ('banar' → Banarasi). The same words, synonyms and corrections as search (search-terms.ts);
 * scoped to the store.
 */
import { sql } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import {
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  type SuggestResponse,
} from '@shared/catalog/search-schemas';
import { rowsOf, type Db } from '../../db/database';
import { fullTextQuery, planSearchWords, searchWordsOf, typedWordsQuery } from './search-terms';
import { NO_MEMO, type SearchMemo } from './search-memo';

/**
 * Matching products ranked and counted for suggestions at most: a word start typed so far ('ma') can match
 * most of a large catalogue, and suggestions must come while the shopper types. Beyond it, the products shown
 * and the category counts come from the first this many matches found (the search itself counts every match).
 */
const MAX_CANDIDATES = 1000;

/** Suggestions for `text` in the store (empty lists when nothing matches); the word plan kept in `memo`. */
export async function suggest(
  db: Db,
  storeId: number,
  text: string,
  memo: SearchMemo = NO_MEMO,
): Promise<SuggestResponse> {
  const words = await memo(`prefix-words:${searchWordsOf(text).join(' ')}`, () =>
    planSearchWords(db, storeId, text, true),
  );
  if (words.length === 0) return { products: [], categories: [] };
  const textQuery = fullTextQuery(words, true);
  // One statement: the matching products (at most MAX_CANDIDATES of them) read once, then ranked for the
  // product list and grouped for the categories.
  const result = await db.execute(sql`
    with hits as materialized (
      select products.id, products.title, products.img_url, products.category_id, products.parent_category,
        products.sort_order, products.unit, products.search_document,
        coalesce(products.discounted_price_paise, products.regular_price_paise) as price
      from products
      where products.store_id = ${storeId} and products.archived_at is null
        and products.search_document @@ (${textQuery})
      limit ${MAX_CANDIDATES}
    ),
    ranked as (
      select hits.id, hits.title, hits.img_url, categories.name as category, hits.price, hits.unit,
        ts_rank(hits.search_document, ${typedWordsQuery(words)}) + ts_rank(hits.search_document, ${textQuery}) as score,
        hits.sort_order
      from hits join categories on categories.id = hits.category_id
      order by score desc, hits.sort_order, hits.id
      limit ${SUGGESTED_PRODUCTS}
    ),
    grouped as (
      select categories.name as category, hits.parent_category, count(*)::int as count
      from hits join categories on categories.id = hits.category_id
      group by categories.name, hits.parent_category
      order by count desc, categories.name, hits.parent_category
      limit ${SUGGESTED_CATEGORIES}
    )
    select
      (select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'imgUrl', r.img_url,
        'category', r.category, 'price', r.price, 'unit', r.unit) order by r.score desc, r.sort_order, r.id), '[]'::json)
        from ranked r) as products,
      (select coalesce(json_agg(json_build_object('category', g.category, 'parentCategory', g.parent_category,
        'count', g.count) order by g.count desc, g.category, g.parent_category), '[]'::json)
        from grouped g) as categories
  `);
  const row = rowsOf<{ products: unknown; categories: unknown }>(result)[0]!;
  const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const productRows = parsed<
    { id: string; title: string; imgUrl: string | null; category: string; price: number; unit: string }[]
  >(row.products);
  const categoryRows = parsed<{ category: string; parentCategory: string | null; count: number }[]>(
    row.categories,
  );
  return {
    products: productRows.map((row) => ({
      id: row.id,
      title: row.title,
      imgUrl: row.imgUrl,
      category: row.category,
      price: paiseToRupees(Number(row.price)),
      unit: row.unit === 'm' ? 'm' : 'piece',
    })),
    categories: categoryRows.map((row) => ({ ...row, count: Number(row.count) })),
  };
}
