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
  const match = sql`products.store_id = ${storeId} and products.search_document @@ (${textQuery})`;
  const productRows = await db.execute(sql`
    select products.id, products.title, products.img_url as "imgUrl", categories.name as category,
      coalesce(products.discounted_price_paise, products.regular_price_paise) as price, products.unit
    from products join categories on categories.id = products.category_id
    where ${match}
    order by ts_rank(products.search_document, ${typedWordsQuery(words)}) + ts_rank(products.search_document, ${textQuery}) desc, products.sort_order, products.id
    limit ${SUGGESTED_PRODUCTS}
  `);
  const categoryRows = await db.execute(sql`
    select categories.name as category, products.parent_category as "parentCategory", count(*)::int as count
    from products join categories on categories.id = products.category_id
    where ${match}
    group by categories.name, products.parent_category
    order by count desc, categories.name, products.parent_category
    limit ${SUGGESTED_CATEGORIES}
  `);
  return {
    products: rowsOf<{
      id: string;
      title: string;
      imgUrl: string | null;
      category: string;
      price: number | string;
      unit: string;
    }>(productRows).map((row) => ({
      id: row.id,
      title: row.title,
      imgUrl: row.imgUrl,
      category: row.category,
      price: paiseToRupees(Number(row.price)),
      unit: row.unit === 'm' ? 'm' : 'piece',
    })),
    categories: rowsOf<{ category: string; parentCategory: string | null; count: number | string }>(
      categoryRows,
    ).map((row) => ({ ...row, count: Number(row.count) })),
  };
}
