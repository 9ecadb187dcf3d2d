/**
 * The store's search documents kept in memory for search-box suggestions (docs/decisions/012-search-in-postgresql.md).
 * Suggestions are asked for on every keystroke, and a word start such as 'we' matches most of a large
 * catalogue: one full-text statement per keystroke took 10–70 ms on the embedded database at 50,000 products,
 * during which it answers nothing else. The documents the database keeps (`products.search_document`: the
 * English lexemes of title, category, attributes and description with their weights A–D) are read once per
 * catalogue write into an inverted index — each lexeme with the products holding it — so a suggestion is
 * worked out here from the same lexemes the database matches. They hold no stock, so they live until the next
 * catalogue write.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** The weight of a lexeme's best position, as `ts_rank` counts them (its default weights for D, C, B, A). */
const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };

/**
 * The store's listed products (not archived) in catalogue order, with what a suggestion shows, and the
 * inverted index of their lexemes: `lexemes` sorted (code units), lexeme `l` held by products
 * `postingProduct[postingStart[l] … postingStart[l + 1] - 1]` with their best weight in `postingWeight`.
 * Prices in paise.
 */
export type SuggestIndex = {
  readonly size: number;
  readonly ids: string[];
  readonly titles: string[];
  readonly images: (string | null)[];
  readonly categories: string[];
  readonly parentCategories: (string | null)[];
  /** Product `i`'s category / sub-category pair is `groups[group[i]]`. */
  readonly group: Int32Array;
  readonly groups: { category: string; parentCategory: string | null }[];
  readonly pricePaise: Float64Array;
  readonly units: string[];
  readonly lexemes: string[];
  readonly lexemeIndex: Map<string, number>;
  readonly postingStart: Int32Array;
  readonly postingProduct: Int32Array;
  readonly postingWeight: Float32Array;
};

type DocumentRow = {
  id: string;
  title: string;
  imgUrl: string | null;
  category: string;
  parentCategory: string | null;
  price: number | string;
  unit: string;
  document: string;
};

/** A tsvector's text: `'lexeme':1A,5 'other':3B`; quotes inside a lexeme doubled, backslashes escaped. */
const LEXEME = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;

/** The lexemes of a tsvector's text with the weight of each one's best position. */
export function lexemesOf(document: string): [string, number][] {
  const found: [string, number][] = [];
  for (const match of document.matchAll(LEXEME)) {
    const lexeme = match[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    const positions = match[2] ?? '';
    const weight = ['A', 'B', 'C'].find((letter) => positions.includes(letter)) ?? 'D';
    found.push([lexeme, WEIGHTS[weight]!]);
  }
  return found;
}

/** Reads the store's documents (one statement) and builds the index. */
export async function loadSuggestIndex(db: Db, storeId: number): Promise<SuggestIndex> {
  const result = await db.execute(sql`
    select products.id, products.title, products.img_url as "imgUrl", categories.name as category,
      products.parent_category as "parentCategory",
      coalesce(products.discounted_price_paise, products.regular_price_paise) as price, products.unit,
      coalesce(products.search_document::text, '') as document
    from products join categories on categories.id = products.category_id
    where products.store_id = ${storeId} and products.archived_at is null
    order by products.sort_order asc, products.created_at asc, products.id asc
  `);
  return suggestIndexOf(rowsOf<DocumentRow>(result));
}

function suggestIndexOf(rows: DocumentRow[]): SuggestIndex {
  // Postings as (lexeme, product, weight) in arrival order, then grouped by lexeme in sorted lexeme order.
  const arrival = new Map<string, number>();
  const postingLexeme: number[] = [];
  const products: number[] = [];
  const weights: number[] = [];
  rows.forEach((row, product) => {
    for (const [lexeme, weight] of lexemesOf(row.document)) {
      let id = arrival.get(lexeme);
      if (id === undefined) {
        id = arrival.size;
        arrival.set(lexeme, id);
      }
      postingLexeme.push(id);
      products.push(product);
      weights.push(weight);
    }
  });
  const lexemes = [...arrival.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sortedOf = new Int32Array(lexemes.length);
  lexemes.forEach((lexeme, sorted) => (sortedOf[arrival.get(lexeme)!] = sorted));
  const postingStart = new Int32Array(lexemes.length + 1);
  for (const id of postingLexeme) postingStart[sortedOf[id]! + 1]! += 1;
  for (let l = 0; l < lexemes.length; l += 1) postingStart[l + 1]! += postingStart[l]!;
  const next = postingStart.slice(0, lexemes.length);
  const postingProduct = new Int32Array(products.length);
  const postingWeight = new Float32Array(products.length);
  postingLexeme.forEach((id, k) => {
    const at = next[sortedOf[id]!]!++;
    postingProduct[at] = products[k]!;
    postingWeight[at] = weights[k]!;
  });
  const groups: SuggestIndex['groups'] = [];
  const groupOf = new Map<string, number>();
  const group = Int32Array.from(rows, (row) => {
    const key = `${row.category}\u0000${row.parentCategory ?? '\u0000'}`;
    let at = groupOf.get(key);
    if (at === undefined) {
      at = groups.length;
      groups.push({ category: row.category, parentCategory: row.parentCategory });
      groupOf.set(key, at);
    }
    return at;
  });
  return {
    size: rows.length,
    group,
    groups,
    ids: rows.map((row) => row.id),
    titles: rows.map((row) => row.title),
    images: rows.map((row) => row.imgUrl),
    categories: rows.map((row) => row.category),
    parentCategories: rows.map((row) => row.parentCategory),
    pricePaise: Float64Array.from(rows, (row) => Number(row.price)),
    units: rows.map((row) => row.unit),
    lexemes,
    lexemeIndex: new Map(lexemes.map((lexeme, index) => [lexeme, index])),
    postingStart,
    postingProduct,
    postingWeight,
  };
}

/** The range of lexemes (sorted indexes, end excluded) that start with `prefix`. */
export function prefixRange(index: SuggestIndex, prefix: string): [number, number] {
  const first = (bound: (lexeme: string) => boolean) => {
    let low = 0;
    let high = index.lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (bound(index.lexemes[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const start = first((lexeme) => lexeme >= prefix);
  const end = first((lexeme) => lexeme >= prefix && !lexeme.startsWith(prefix));
  return [start, Math.max(start, end)];
}
