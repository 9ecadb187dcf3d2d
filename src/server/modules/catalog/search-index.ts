/**
 * The search index of a store's catalogue (docs/decisions/012-search-in-postgresql.md), rewritten by the
 * catalogue import inside its transaction whenever products or categories changed:
 * - `products.search_document`: English full-text document of unaccented text, weighted title (A) > category and
 *   sub-category (B) > attributes fabric, work, occasion, colour and the SKUs (C) > description (D);
 * - `products.search_text`: the same text but the SKUs, unaccented and lower-case;
 * - `products.search_sizes` / `search_colors` / `search_fabrics`: the values of the size, colour and fabric
 *   attributes (a product without variants is filtered on its size and colour attributes);
 * - `search_words`: the distinct words of the store's `search_text`, the vocabulary misspelt query words are
 *   corrected from (trigram similarity).
 * A product saved in the admin refreshes only its own columns and adds its words ({@link refreshProductSearch}).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Attribute keys (lower-case) whose values are searchable words, weight C. */
const SEARCHED_ATTRIBUTE_KEYS = ['fabric', 'work', 'occasion', 'color', 'colour', 'colors', 'colours'];
const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colour', 'colors', 'colours'];

const keys = (list: string[]) =>
  sql`array[${sql.join(
    list.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
const inKeys = (list: string[]) => sql`lower(pa.key) = any(${keys(list)})`;

/** Rewrites the search columns of the products of `storeId` that `which` (a condition on `p`) selects. */
async function updateSearchColumns(tx: Db, storeId: number, which: SQL): Promise<void> {
  // One correlated subquery per product, through the product_id indexes: no join of products to itself, so the
  // cost grows with the catalogue whatever the planner knows of freshly imported, not yet analysed tables.
  await tx.execute(sql`
    update products p set
      (search_document, search_text, search_sizes, search_colors, search_fabrics) = (
        select
          setweight(to_tsvector('english', unaccent(p.title)), 'A') ||
            setweight(to_tsvector('english', unaccent(concat_ws(' ', c.name, p.parent_category))), 'B') ||
            setweight(to_tsvector('english', unaccent(concat_ws(' ', a.words, p.sku, vs.skus))), 'C') ||
            setweight(to_tsvector('english', unaccent(p.description)), 'D'),
          lower(unaccent(concat_ws(' ', p.title, c.name, p.parent_category, a.words, p.description))),
          coalesce(a.sizes, '{}'),
          coalesce(a.colors, '{}'),
          coalesce(a.fabrics, '{}')
        from categories c,
          lateral (
            select
              string_agg(v.value, ' ') filter (where ${inKeys(SEARCHED_ATTRIBUTE_KEYS)}) as words,
              array_agg(v.value order by pa.position, v.n) filter (where ${inKeys(SIZE_KEYS)}) as sizes,
              array_agg(v.value order by pa.position, v.n) filter (where ${inKeys(COLOR_KEYS)}) as colors,
              array_agg(v.value order by pa.position, v.n) filter (where lower(pa.key) = 'fabric') as fabrics
            from product_attributes pa
            cross join lateral jsonb_array_elements_text(pa.values) with ordinality as v(value, n)
            where pa.product_id = p.id and pa.store_id = ${storeId} and trim(v.value) <> ''
          ) a,
          lateral (
            select string_agg(v.sku, ' ' order by v.position) as skus
            from product_variants v where v.product_id = p.id and v.store_id = ${storeId}
          ) vs
        where c.id = p.category_id
      )
    where p.store_id = ${storeId} and ${which}
  `);
}

/** The words of `which` products' search text (a condition on `p`), as `search_words` holds them. */
const wordsOf = (storeId: number, which: SQL) => sql`
    select distinct ${storeId}::int, w
    from products p
    cross join lateral unnest(tsvector_to_array(to_tsvector('simple', p.search_text))) as w
    where p.store_id = ${storeId} and ${which} and length(w) > 1 and w !~ '^[0-9]+$'`;

/** Rewrites the search columns of every product of `storeId` and the store's vocabulary. */
export async function refreshSearchIndex(tx: Db, storeId: number): Promise<void> {
  // Statistics first: rows this import just wrote are unknown to the planner (no autovacuum on the embedded
  // database, none inside a transaction on PostgreSQL), and an index lookup per product is only chosen when it
  // knows the tables are large.
  await tx.execute(sql`analyze products, product_variants, product_attributes, categories`);
  await updateSearchColumns(tx, storeId, sql`true`);
  await tx.execute(sql`delete from search_words where store_id = ${storeId}`);
  await tx.execute(sql`insert into search_words (store_id, word) ${wordsOf(storeId, sql`true`)}`);
  // Fresh statistics for the search queries too (the new documents and vocabulary).
  await tx.execute(sql`analyze products, product_images, search_words`);
}

/**
 * Rewrites the search columns of the products `productIds` of `storeId` (one product saved in the admin) and
 * adds their new words to the store's vocabulary. Words no product uses any more stay in the vocabulary until
 * the next full refresh (a catalogue import); a correction towards such a word finds nothing, as any search
 * for a word without products. Costs a few milliseconds whatever the size of the catalogue.
 */
export async function refreshProductSearch(tx: Db, storeId: number, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  // An index lookup by primary key, whatever the planner knows of the table.
  const which = sql`p.id = any(${sql.param(productIds)}::uuid[])`;
  await updateSearchColumns(tx, storeId, which);
  await tx.execute(
    sql`insert into search_words (store_id, word) ${wordsOf(storeId, which)} on conflict do nothing`,
  );
}
