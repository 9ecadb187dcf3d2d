/**
 * Search-box suggestions: the products and categories matching the text typed so far, the last word matching
 * word starts too ('banar' → Banarasi). The same words, synonyms and corrections as search (search-terms.ts),
 * matched on the same lexemes, from the store's documents kept in memory (suggest-index.ts); scoped to the
 * store.
 */
import { sql } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import {
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  type SuggestResponse,
} from '@shared/search/search-schemas';
import { rowsOf, type Db } from '../../db/database';
import { planSearchWords, searchWordsOf, type SearchWord } from './search-terms';
import { NO_MEMO, type SearchMemo } from './search-memo';
import { loadSuggestIndex, prefixRange, type SuggestIndex } from './suggest-index';

/**
 * The English lexemes of each alternative (as `plainto_tsquery('english', …)` makes them; a phrase has
 * several, a stop word none), from the database's own dictionary.
 */
async function lexemesOfAlternatives(db: Db, alternatives: string[]): Promise<Record<string, string[]>> {
  if (alternatives.length === 0) return {};
  const result = await db.execute(sql`
    select t.alternative, tsvector_to_array(to_tsvector('english', t.alternative)) as lexemes
    from unnest(array[${sql.join(
      alternatives.map((alternative) => sql`${alternative}`),
      sql`, `,
    )}]::text[]) as t(alternative)
  `);
  return Object.fromEntries(
    rowsOf<{ alternative: string; lexemes: string[] }>(result).map((row) => [row.alternative, row.lexemes]),
  );
}

/**
 * How well each product matches one word: the weight of its best lexeme among the word's alternatives (a
 * phrase only when the product holds all its lexemes) and, for the last word, the lexemes starting with it;
 * doubled for the word as typed or its closest catalogue word, which rank above other synonyms and corrections
 * as in search. 0: no match.
 */
function wordScores(
  index: SuggestIndex,
  word: SearchWord,
  lexemes: Record<string, string[]>,
  prefix: boolean,
): Float32Array {
  const scores = new Float32Array(index.size);
  const add = (lexeme: number, factor: number, only?: Uint8Array) => {
    for (let k = index.postingStart[lexeme]!; k < index.postingStart[lexeme + 1]!; k += 1) {
      const product = index.postingProduct[k]!;
      if (only && only[product] !== 1) continue;
      scores[product] = Math.max(scores[product]!, index.postingWeight[k]! * factor);
    }
  };
  for (const alternative of word.alternatives) {
    const factor = word.closest.includes(alternative) ? 2 : 1;
    const ids = (lexemes[alternative] ?? []).map((lexeme) => index.lexemeIndex.get(lexeme));
    if (ids.length === 0 || ids.some((id) => id === undefined)) continue;
    // A phrase: only products holding every one of its lexemes.
    let holders: Uint8Array | undefined;
    for (const id of ids.length > 1 ? ids : []) {
      const next = new Uint8Array(index.size);
      for (let k = index.postingStart[id!]!; k < index.postingStart[id! + 1]!; k += 1) {
        const product = index.postingProduct[k]!;
        if (!holders || holders[product] === 1) next[product] = 1;
      }
      holders = next;
    }
    for (const id of ids) add(id!, factor, holders);
  }
  if (prefix) {
    const [start, end] = prefixRange(index, word.word);
    for (let lexeme = start; lexeme < end; lexeme += 1) add(lexeme, 2);
  }
  return scores;
}

/** Suggestions for `text` in the store (empty lists when nothing matches); the word plan kept in `memo`. */
export async function suggest(
  db: Db,
  storeId: number,
  text: string,
  memo: SearchMemo = NO_MEMO,
): Promise<SuggestResponse> {
  const plan = `${searchWordsOf(text).join(' ')}`;
  const words = await memo(`prefix-words:${plan}`, () => planSearchWords(db, storeId, text, true));
  if (words.length === 0) return { products: [], categories: [] };
  const alternatives = [...new Set(words.flatMap((word) => word.alternatives))];
  const [lexemes, index] = await Promise.all([
    memo(`prefix-lexemes:${plan}`, () => lexemesOfAlternatives(db, alternatives)),
    memo.keep('suggest-index', () => loadSuggestIndex(db, storeId), {
      maxAgeMs: Number.POSITIVE_INFINITY,
      weightOf: (kept) => kept.size,
    }),
  ]);
  // Every word must match; a product's score sums its words' scores.
  let total: Float32Array | undefined;
  words.forEach((word, position) => {
    const prefix = position === words.length - 1 && word.word.length >= 2;
    const scores = wordScores(index, word, lexemes, prefix);
    if (total === undefined) total = scores;
    else
      for (let i = 0; i < index.size; i += 1)
        total[i] = scores[i]! > 0 && total[i]! > 0 ? total[i]! + scores[i]! : 0;
  });
  // The best products (score, then catalogue order) and the matches per category / sub-category, in one pass.
  const best: number[] = [];
  const counts = new Int32Array(index.groups.length);
  const better = (a: number, b: number) => total![a]! > total![b]! || (total![a] === total![b] && a < b);
  for (let i = 0; i < index.size; i += 1) {
    if (!(total![i]! > 0)) continue;
    counts[index.group[i]!]! += 1;
    if (best.length === SUGGESTED_PRODUCTS && !better(i, best[best.length - 1]!)) continue;
    let at = best.length === SUGGESTED_PRODUCTS ? best.length - 1 : best.length;
    while (at > 0 && better(i, best[at - 1]!)) at -= 1;
    best.splice(at, 0, i);
    if (best.length > SUGGESTED_PRODUCTS) best.pop();
  }
  const byName = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  return {
    products: best.map((i) => ({
      id: index.ids[i]!,
      title: index.titles[i]!,
      imgUrl: index.images[i]!,
      category: index.categories[i]!,
      price: paiseToRupees(index.pricePaise[i]!),
      unit: index.units[i] === 'm' ? 'm' : 'piece',
    })),
    categories: index.groups
      .map((group, at) => ({ ...group, count: counts[at]! }))
      .filter((group) => group.count > 0)
      .sort(
        (a, b) =>
          b.count - a.count || byName(a.category, b.category) || byName(a.parentCategory, b.parentCategory),
      )
      .slice(0, SUGGESTED_CATEGORIES),
  };
}
