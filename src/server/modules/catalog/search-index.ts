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
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Attribute keys (lower-case) whose values are searchable words, weight C. */
const SEARCHED_ATTRIBUTE_KEYS = ['fabric', 'work', 'occasion', 'color', 'colour', 'colors', 'colours'];
const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colour', 'colors', 'colours'];

/** Rewrites the search columns of every product of `storeId` and the store's vocabulary. */
export async function refreshSearchIndex(tx: Db, storeId: number): Promise<void> {
  const keys = (list: string[]) =>
    sql`array[${sql.join(
      list.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]`;
  await tx.execute(sql`
    with attribute_values as (
      select pa.product_id,
        string_agg(v.value, ' ') filter (where lower(pa.key) = any(${keys(SEARCHED_ATTRIBUTE_KEYS)})) as words,
        coalesce(array_agg(v.value order by pa.position, v.n) filter (where lower(pa.key) = any(${keys(SIZE_KEYS)})), '{}') as sizes,
        coalesce(array_agg(v.value order by pa.position, v.n) filter (where lower(pa.key) = any(${keys(COLOR_KEYS)})), '{}') as colors,
        coalesce(array_agg(v.value order by pa.position, v.n) filter (where lower(pa.key) = 'fabric'), '{}') as fabrics
      from product_attributes pa
      cross join lateral jsonb_array_elements_text(pa.values) with ordinality as v(value, n)
      where pa.store_id = ${storeId} and trim(v.value) <> ''
      group by pa.product_id
    ),
    variant_skus as (
      select product_id, string_agg(sku, ' ') as skus
      from product_variants where store_id = ${storeId}
      group by product_id
    ),
    source as (
      select p.id, p.title, p.description,
        concat_ws(' ', c.name, p.parent_category) as category_words,
        a.words as attribute_words, concat_ws(' ', p.sku, vs.skus) as skus,
        coalesce(a.sizes, '{}') as sizes, coalesce(a.colors, '{}') as colors, coalesce(a.fabrics, '{}') as fabrics
      from products p
      join categories c on c.id = p.category_id
      left join attribute_values a on a.product_id = p.id
      left join variant_skus vs on vs.product_id = p.id
      where p.store_id = ${storeId}
    )
    update products p set
      search_document =
        setweight(to_tsvector('english', unaccent(s.title)), 'A') ||
        setweight(to_tsvector('english', unaccent(s.category_words)), 'B') ||
        setweight(to_tsvector('english', unaccent(concat_ws(' ', s.attribute_words, s.skus))), 'C') ||
        setweight(to_tsvector('english', unaccent(s.description)), 'D'),
      search_text = lower(unaccent(concat_ws(' ', s.title, s.category_words, s.attribute_words, s.description))),
      search_sizes = s.sizes,
      search_colors = s.colors,
      search_fabrics = s.fabrics
    from source s
    where p.id = s.id and p.store_id = ${storeId}
  `);
  await tx.execute(sql`delete from search_words where store_id = ${storeId}`);
  await tx.execute(sql`
    insert into search_words (store_id, word)
    select distinct ${storeId}::int, w
    from products p
    cross join lateral unnest(tsvector_to_array(to_tsvector('simple', p.search_text))) as w
    where p.store_id = ${storeId} and length(w) > 1 and w !~ '^[0-9]+$'
  `);
}
