/**
 * Catalogue search (docs/decisions/012-search-in-postgresql.md): a store's synonym groups and the vocabulary of
 * its catalogue (the distinct words of its products, with a trigram index) from which misspelt query words are
 * corrected and 'Did you mean …?' is chosen. Both rewritten by the catalogue import (a product saved in the admin adds
 * its words to the vocabulary); scoped by `store_id`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { stores } from './store-tables';

/** One group of words a shopper uses for the same thing (saree, sari, साड़ी), lower-case, in file order. */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    terms: text('terms').array().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('search_synonyms_store').on(table.storeId, table.position)],
);

/** Every distinct word (unaccented, lower-case) of a store's searchable product text. */
export const searchWords = pgTable(
  'search_words',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.word] }),
    index('search_words_trigram').using('gin', sql`${table.word} gin_trgm_ops`),
  ],
);
