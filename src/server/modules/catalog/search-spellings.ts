/**
 * How a store spells its sizes and colours (for facets): a value written in several ways ('Maroon', 'maroon',
 * 'MAROON') is shown in its most common spelling among the store's variants and the size and colour attributes
 * of its products without variants; among equally common spellings, mixed case before all-upper or all-lower
 * case, then by code point. It changes only with a catalogue import, so search keeps it until the next one
 * (search-memo.ts). Scoped to the store.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** Spelling by lower-case value, per facet. */
export type Spellings = { size: Record<string, string>; color: Record<string, string> };

/** The most common of the spellings `value` (an aggregate), as described above. */
export const commonSpelling = (value: SQL): SQL =>
  sql`substr(mode() within group (order by (case when ${value} = upper(${value}) or ${value} = lower(${value}) then '1' else '0' end || ${value}) collate "C"), 2)`;

/** Reads the spellings of store `storeId`'s sizes and colours. */
export async function loadSpellings(db: Db, storeId: number): Promise<Spellings> {
  const result = await db.execute(sql`
    select o.kind, lower(o.value) as key, ${commonSpelling(sql`o.value`)} as value
    from (
      select 'size' as kind, v.size as value from product_variants v where v.store_id = ${storeId} and v.size is not null
      union all
      select 'color', v.color from product_variants v where v.store_id = ${storeId} and v.color is not null
      union all
      select 'size', s from products p cross join lateral unnest(p.search_sizes) as s
      where p.store_id = ${storeId} and not exists (select 1 from product_variants v where v.product_id = p.id)
      union all
      select 'color', c from products p cross join lateral unnest(p.search_colors) as c
      where p.store_id = ${storeId} and not exists (select 1 from product_variants v where v.product_id = p.id)
    ) o
    group by o.kind, lower(o.value)
  `);
  const spellings: Spellings = { size: {}, color: {} };
  for (const row of rowsOf<{ kind: 'size' | 'color'; key: string; value: string }>(result)) {
    spellings[row.kind][row.key] = row.value;
  }
  return spellings;
}
