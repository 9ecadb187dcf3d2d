/**
 * From search text to a PostgreSQL full-text query (docs/decisions/012-search-in-postgresql.md): the text is
 * split into words (unaccented, lower-case); each word stands for itself, its synonyms (synonyms.ts) and — when
 * neither it nor a synonym is a word of the store's catalogue — the catalogue words most like it by trigram
 * similarity ('kurthi' → kurti, 'banarsi' → banarasi). A product matches when it matches every word.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { expandWord, loadSynonyms, normalizeSearchWord } from './synonyms';

/** Words read from one search text; the rest is ignored. */
const MAX_WORDS = 8;
/** Catalogue words taken in for one unknown word. */
const CORRECTIONS_PER_WORD = 3;
/** Trigram similarity (0–1) a catalogue word needs to stand in for an unknown word. */
const MIN_SIMILARITY = 0.3;

/**
 * One query word with the words it matches. `closest`: the word itself or, when the catalogue lacks it, the
 * catalogue words among its alternatives nearest in spelling — they rank above the other alternatives.
 * `corrected`: the best catalogue word for an unknown word (null when the word or a synonym is known, or
 * nothing is like it). `known`: the word or one of its synonyms is a catalogue word.
 */
export type SearchWord = {
  word: string;
  alternatives: string[];
  closest: string[];
  corrected: string | null;
  known: boolean;
};

/** Levenshtein distance between two words (characters as code points). */
export function editDistance(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/** The catalogue words of `candidates` nearest to `word` in spelling (all at the smallest distance). */
function nearest(word: string, candidates: string[]): string[] {
  if (candidates.length === 0) return [];
  const distances = candidates.map((candidate) => editDistance(word, candidate));
  const best = Math.min(...distances);
  return candidates.filter((_, index) => distances[index] === best);
}

/** The words of a search text (letters, marks and digits; Devanagari kept whole), at most {@link MAX_WORDS}. */
export function searchWordsOf(text: string): string[] {
  const words = normalizeSearchWord(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, 40)))].slice(0, MAX_WORDS);
}

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * Plans the words of `text` against the store's synonyms and vocabulary (two small queries). With
 * `prefixLast`, the last word counts as known when a catalogue word starts with it (typing in progress).
 * @returns one entry per word, empty for a text without words.
 */
export async function planSearchWords(
  db: Db,
  storeId: number,
  text: string,
  prefixLast = false,
): Promise<SearchWord[]> {
  const words = searchWordsOf(text);
  if (words.length === 0) return [];
  const groups = await loadSynonyms(db, storeId);
  const expanded = words.map((word) => expandWord(word, groups));
  const everyWord = [...new Set(expanded.flat())];
  const result = await db.execute(sql`
    select t.term, null::text as word, 1::real as score
    from unnest(${textArray(everyWord)}) as t(term)
    where exists (select 1 from search_words w where w.store_id = ${storeId} and w.word = t.term)
    union all
    -- Words hold only letters, marks and digits, so none of LIKE's wildcards.
    select t.term, null::text, 1::real
    from unnest(${textArray(prefixLast ? [words[words.length - 1]!] : [])}) as t(term)
    where exists (
      select 1 from search_words w
      where w.store_id = ${storeId} and w.word like t.term || '%'
    )
    union all
    select t.term, c.word, c.score
    from unnest(${textArray(words)}) as t(term)
    cross join lateral (
      select w.word, similarity(w.word, t.term) as score
      from search_words w
      where w.store_id = ${storeId} and w.word % t.term and w.word <> t.term
      order by score desc, w.word
      limit ${CORRECTIONS_PER_WORD}
    ) c
  `);
  const rows = rowsOf<{ term: string; word: string | null; score: number | string }>(result);
  const known = new Set(rows.filter((row) => row.word === null).map((row) => row.term));
  return words.map((word, index) => {
    const alternatives = expanded[index]!;
    const knownAlternatives = alternatives.filter((alternative) => known.has(alternative));
    if (known.has(word)) return { word, alternatives, closest: [word], corrected: null, known: true };
    if (knownAlternatives.length > 0) {
      return { word, alternatives, closest: nearest(word, knownAlternatives), corrected: null, known: true };
    }
    const similar = rows
      .filter((row) => row.term === word && row.word !== null && Number(row.score) >= MIN_SIMILARITY)
      .map((row) => row.word!);
    const withCorrections = [...alternatives];
    for (const candidate of similar) {
      for (const synonym of expandWord(candidate, groups)) {
        if (!withCorrections.includes(synonym)) withCorrections.push(synonym);
      }
    }
    const corrected = similar[0] ?? null;
    return {
      word,
      alternatives: withCorrections,
      closest: corrected === null ? [word] : [corrected],
      corrected,
      known: false,
    };
  });
}

/** One alternative as a tsquery: English stemming of the unaccented word(s); a phrase means all its words. */
const alternativeQuery = (alternative: string, prefix: boolean): SQL =>
  prefix
    ? sql`to_tsquery('simple', ${`${alternative.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' & ')}:*`})`
    : sql`plainto_tsquery('english', ${alternative})`;

/**
 * The tsquery matching every word (each through any of its alternatives). With `prefixLast` the last word also
 * matches as the start of a word (search-box suggestions while typing).
 */
export function fullTextQuery(words: SearchWord[], prefixLast = false): SQL {
  const perWord = words.map((word, index) => {
    const prefix = prefixLast && index === words.length - 1 && word.word.length >= 2;
    const options = word.alternatives.map((alternative) => alternativeQuery(alternative, false));
    if (prefix) options.push(alternativeQuery(word.word, true));
    return sql`(${sql.join(options, sql` || `)})`;
  });
  return sql.join(perWord, sql` && `);
}

/**
 * The tsquery of the words as typed or their closest catalogue words (any of them), which ranks these matches
 * above those through other synonyms and corrections.
 */
export function typedWordsQuery(words: SearchWord[]): SQL {
  return sql.join(
    words.flatMap((word) => word.closest.map((closest) => sql`plainto_tsquery('english', ${closest})`)),
    sql` || `,
  );
}

/**
 * 'Did you mean …?' text: the search words, each unknown one replaced by its correction and unknown ones
 * without a correction left out; null when no word was corrected.
 */
export function correctedText(words: SearchWord[]): string | null {
  if (!words.some((word) => word.corrected !== null)) return null;
  return words
    .filter((word) => word.known || word.corrected !== null)
    .map((word) => word.corrected ?? word.closest[0] ?? word.word)
    .join(' ');
}
