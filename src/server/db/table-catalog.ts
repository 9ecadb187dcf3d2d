/**
 * The shape of a database read from PostgreSQL's own catalogue (the same on PGlite and a PostgreSQL server),
 * for the tools that copy every table — the move to PostgreSQL and the backups (docs/operations.md). Nothing
 * here keeps a list of tables: a table added by a migration is found, ordered and copied without a change.
 *
 * - {@link readTableCatalog}: every table of the `public` schema with its columns (generated ones left out:
 *   PostgreSQL computes them), primary key and foreign keys, in an order where each table comes after the
 *   tables it references.
 * - {@link tableFigures}: per table, the row count and the sum of every money column (`*_paise`, integer paise).
 * - {@link fixSequences}: moves every serial/identity sequence to the largest id its column holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './database';

/** One column: its name and its type as SQL writes it (`integer`, `timestamp with time zone`, `text[]`). */
export type CatalogColumn = { name: string; type: string };

export type CatalogTable = {
  name: string;
  /** Stored columns in table order (generated columns are left out). */
  columns: CatalogColumn[];
  /** The primary key's columns; empty when the table has none. */
  primaryKey: string[];
  /** Tables this one references (itself excluded). */
  references: string[];
  /** A single-column reference to the table itself (`parent_id` → `id`): parents must be written first. */
  selfReference?: { column: string; referenced: string };
};

/** Names a table or column in SQL. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A money column: integer paise (docs/decisions/004-money-in-paise.md). */
export const isMoneyColumn = (name: string): boolean => name.endsWith('_paise');

/** Runs a statement on `db` (or a transaction) and returns its rows. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/**
 * Every table of the `public` schema, each after the tables it references.
 * @throws {Error} when foreign keys form a cycle between tables (no order can satisfy them).
 */
export async function readTableCatalog(db: Db): Promise<CatalogTable[]> {
  const columns = await queryRows<{ table: string; name: string; type: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; name: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS name
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
        WHERE n.nspname = 'public' AND i.indisprimary
        ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const foreign = await queryRows<{ table: string; target: string; columns: string; referenced: string }>(
    db,
    sql`SELECT c.relname AS "table", t.relname AS target,
          (SELECT string_agg(a.attname, ',') FROM pg_attribute a
            WHERE a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)) AS columns,
          (SELECT string_agg(a.attname, ',') FROM pg_attribute a
            WHERE a.attrelid = k.confrelid AND a.attnum = ANY (k.confkey)) AS referenced
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_class t ON t.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const tables = new Map<string, CatalogTable>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? {
      name: column.table,
      columns: [],
      primaryKey: [],
      references: [],
    };
    table.columns.push({ name: column.name, type: column.type });
    tables.set(column.table, table);
  }
  for (const key of keys) tables.get(key.table)?.primaryKey.push(key.name);
  for (const link of foreign) {
    const table = tables.get(link.table);
    if (!table) continue;
    if (link.target !== link.table) {
      if (!table.references.includes(link.target)) table.references.push(link.target);
    } else if (!link.columns.includes(',')) {
      table.selfReference = { column: link.columns, referenced: link.referenced };
    }
  }
  return inReferenceOrder([...tables.values()].sort((a, b) => a.name.localeCompare(b.name)));
}

/** Orders tables so each comes after those it references (depth-first, stable by name). */
function inReferenceOrder(tables: CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: CatalogTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: CatalogTable, path: string[]) => {
    const seen = state.get(table.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new Error(`Foreign keys form a cycle: ${[...path, table.name].join(' → ')}`);
    }
    state.set(table.name, 'visiting');
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced, [...path, table.name]);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** A table's row count and money sums (column → sum in paise, as a decimal string: sums may pass 2^53). */
export type TableFigures = { table: string; rows: number; sums: Record<string, string> };

/** Counts the rows of each table and sums its `*_paise` columns (an empty column sums to "0"). */
export async function tableFigures(db: Db, tables: CatalogTable[]): Promise<TableFigures[]> {
  const figures: TableFigures[] = [];
  for (const table of tables) {
    const money = table.columns.filter((column) => isMoneyColumn(column.name)).map((c) => c.name);
    const sums = money.map((name) => `, coalesce(sum(${quoteIdent(name)}), 0)::text AS ${quoteIdent(name)}`);
    const [row] = await queryRows<Record<string, string>>(
      db,
      sql.raw(`SELECT count(*)::text AS "rows"${sums.join('')} FROM public.${quoteIdent(table.name)}`),
    );
    figures.push({
      table: table.name,
      rows: Number(row?.rows ?? 0),
      sums: Object.fromEntries(money.map((name) => [name, row?.[name] ?? '0'])),
    });
  }
  return figures;
}

/** The tables that hold at least one row (empty: none). */
export async function tablesWithRows(db: Db, tables: CatalogTable[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const checks = tables.map(
    (table) => `SELECT '${table.name.replaceAll("'", "''")}'::text AS name
      WHERE EXISTS (SELECT 1 FROM public.${quoteIdent(table.name)})`,
  );
  const rows = await queryRows<{ name: string }>(db, sql.raw(checks.join(' UNION ALL ')));
  return rows.map((row) => row.name);
}

/**
 * Moves every sequence a column of `tables` owns (serial and identity columns) so the next value follows the
 * largest one the column holds (an empty table starts again at 1). Run after copying rows with their ids.
 */
export async function fixSequences(db: Db, tables: CatalogTable[]): Promise<void> {
  const names = new Set(tables.map((table) => table.name));
  const owned = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`SELECT t.relname AS "table", a.attname AS "column",
          quote_ident(sn.nspname) || '.' || quote_ident(s.relname) AS sequence
        FROM pg_class s
        JOIN pg_namespace sn ON sn.oid = s.relnamespace
        JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const { table, column, sequence } of owned) {
    if (!names.has(table)) continue;
    const column_ = quoteIdent(column);
    await db.execute(
      sql.raw(
        `SELECT setval('${sequence.replaceAll("'", "''")}', coalesce(max(${column_}), 1), max(${column_}) IS NOT NULL)
         FROM public.${quoteIdent(table)}`,
      ),
    );
  }
}
