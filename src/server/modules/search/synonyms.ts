/**
 * Search synonyms (docs/catalog-format.md "Search synonyms"): groups of words a shopper uses for the same thing
 * — spellings, transliterations and Hindi names. A query word found in a group matches every word of the group.
 * Each store keeps its own groups (`store.synonyms` in the catalogue file); a file without them gets
 * {@link DEFAULT_SYNONYMS}.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchSynonyms } from '../../db/schema/search-tables';

/** The groups a store starts with: garments, their Hindi names and the common fabric names. */
export const DEFAULT_SYNONYMS: readonly (readonly string[])[] = [
  ['saree', 'sari', 'sadi', 'साड़ी', 'साडी'],
  ['kurta', 'kurti', 'kurtha', 'kurthi', 'kurtas', 'kurtis', 'कुर्ता', 'कुर्ती'],
  ['lehenga', 'lehnga', 'lehanga', 'ghagra', 'ghaghra', 'chaniya', 'लहंगा', 'घाघरा'],
  ['dupatta', 'chunni', 'chunri', 'odhni', 'dupata', 'दुपट्टा', 'चुन्नी', 'ओढ़नी'],
  ['salwar', 'shalwar', 'सलवार'],
  ['sherwani', 'sherwanee', 'शेरवानी'],
  ['jutti', 'juti', 'mojari', 'jooti', 'जूती'],
  ['jhumka', 'jhumki', 'jhumkas', 'झुमका'],
  ['silk', 'resham', 'reshmi', 'रेशम', 'रेशमी'],
  ['cotton', 'sooti', 'suti', 'सूती'],
  ['khadi', 'khaddar', 'खादी'],
  ['banarasi', 'banarsi', 'benarasi', 'benarsi', 'बनारसी'],
  ['kanjeevaram', 'kanjivaram', 'kanchipuram', 'कांजीवरम'],
  ['chanderi', 'चंदेरी'],
  ['georgette', 'georgete', 'जॉर्जेट'],
  ['linen', 'लिनन'],
  ['tussar', 'tussore', 'tasar', 'टसर'],
  ['bandhani', 'bandhej', 'bandini', 'बांधनी'],
  ['ikat', 'ikkat', 'pochampally', 'इकत'],
  ['chikankari', 'chikan', 'चिकनकारी'],
  ['zari', 'jari', 'ज़री'],
];

/** Lower-case, unaccented-by-decomposition, trimmed, inner spaces collapsed: how words are compared. */
export function normalizeSearchWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** Cleans groups for storing: normalised words, duplicates and blanks dropped, groups of one word dropped. */
export function cleanSynonymGroups(groups: readonly (readonly string[])[]): string[][] {
  const cleaned: string[][] = [];
  for (const group of groups) {
    const words = [...new Set(group.map(normalizeSearchWord).filter((word) => word !== ''))];
    if (words.length > 1) cleaned.push(words);
  }
  return cleaned;
}

/**
 * Replaces the store's synonym groups with `groups` (the file's, or {@link DEFAULT_SYNONYMS} when it gives
 * none). Runs inside the import's transaction.
 * @returns true when the stored groups changed.
 */
export async function saveSynonyms(
  tx: Db,
  storeId: number,
  groups: readonly (readonly string[])[] | undefined,
): Promise<boolean> {
  const cleaned = cleanSynonymGroups(groups ?? DEFAULT_SYNONYMS);
  const current = await loadSynonyms(tx, storeId);
  if (JSON.stringify(current) === JSON.stringify(cleaned)) return false;
  await tx.delete(searchSynonyms).where(eq(searchSynonyms.storeId, storeId));
  if (cleaned.length > 0) {
    await tx.insert(searchSynonyms).values(cleaned.map((terms, position) => ({ storeId, terms, position })));
  }
  return true;
}

/** The store's groups in file order (normalised words). */
export async function loadSynonyms(db: Db, storeId: number): Promise<string[][]> {
  const rows = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.storeId, storeId))
    .orderBy(asc(searchSynonyms.position));
  return rows.map((row) => row.terms);
}

/**
 * Every word `word` stands for: itself and the words of each group holding it (a word may be in several
 * groups), in a stable order with `word` first.
 */
export function expandWord(word: string, groups: readonly string[][]): string[] {
  const words = [word];
  for (const group of groups) {
    if (!group.includes(word)) continue;
    for (const other of group) if (!words.includes(other)) words.push(other);
  }
  return words;
}
