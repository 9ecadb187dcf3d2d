/**
 * Reading and writing the rows of any table as PostgreSQL text values, the exact form its input functions read
 * back (timestamps, jsonb, arrays, numeric and bytea survive unchanged), for the move to PostgreSQL and the
 * backups. A row is an array of `string | null` in the order of {@link CatalogTable.columns}.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { queryRows, quoteIdent, type CatalogTable } from './table-catalog';

/** One row: each column's text value, or null. */
export type TextRow = (string | null)[];

/** Rows read per query. */
const READ_BATCH_ROWS = 2_000;
/** Parameters per insert statement (PostgreSQL allows 65,535). */
const INSERT_BATCH_PARAMETERS = 20_000;

/**
 * The rows of `table`, in batches of {@link READ_BATCH_ROWS} in primary-key order; a table without a primary
 * key comes in one batch, and so does a table referencing itself, with every parent before its children. Read
 * inside a transaction to see one snapshot.
 */
export async function* readTableRows(db: Db, table: CatalogTable): AsyncGenerator<TextRow[]> {
  const selected = table.columns
    .map((column, index) => `${quoteIdent(column.name)}::text AS c${index}`)
    .join(', ');
  const order = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
  const toRow = (row: Record<string, string | null>): TextRow =>
    table.columns.map((_, index) => row[`c${index}`] ?? null);
  // Without a primary key no order is stable across batches: such a table (and one referencing itself, whose
  // rows are ordered in memory) is read in one query.
  if (table.selfReference || table.primaryKey.length === 0) {
    const rows = await queryRows<Record<string, string | null>>(
      db,
      sql.raw(`SELECT ${selected} FROM public.${quoteIdent(table.name)}${order}`),
    );
    yield table.selfReference ? parentsFirst(table, rows.map(toRow)) : rows.map(toRow);
    return;
  }
  for (let offset = 0; ; offset += READ_BATCH_ROWS) {
    const rows = await queryRows<Record<string, string | null>>(
      db,
      sql.raw(
        `SELECT ${selected} FROM public.${quoteIdent(table.name)}${order} LIMIT ${READ_BATCH_ROWS} OFFSET ${offset}`,
      ),
    );
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < READ_BATCH_ROWS) return;
  }
}

/** Orders the rows of a self-referencing table so a row comes after the row it references. */
function parentsFirst(table: CatalogTable, rows: TextRow[]): TextRow[] {
  const reference = table.selfReference!;
  const child = table.columns.findIndex((column) => column.name === reference.column);
  const key = table.columns.findIndex((column) => column.name === reference.referenced);
  const written = new Set<string>();
  const ordered: TextRow[] = [];
  let waiting = rows;
  while (waiting.length > 0) {
    const next: TextRow[] = [];
    for (const row of waiting) {
      const parent = row[child];
      if (parent == null || written.has(parent) || parent === row[key]) {
        ordered.push(row);
        if (row[key] != null) written.add(row[key]);
      } else next.push(row);
    }
    // A parent that is not in the table at all: keep the rest in their order (the insert will say why).
    if (next.length === waiting.length) return [...ordered, ...next];
    waiting = next;
  }
  return ordered;
}

/**
 * Inserts `rows` (text values in the order of `columns`, a subset of the table's stored columns) into
 * `table`, keeping their ids (`OVERRIDING SYSTEM VALUE`); run {@link fixSequences} afterwards.
 * @throws the database's error when a row breaks a constraint of the target.
 */
export async function insertTableRows(
  db: Db,
  table: CatalogTable,
  columns: string[],
  rows: TextRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const types = new Map(table.columns.map((column) => [column.name, column.type]));
  const casts = columns.map((name) => {
    const type = types.get(name);
    if (!type) throw new Error(`Table ${table.name} has no column ${name}`);
    // `$n::text` first: the value reaches the driver as text whatever the column's type (jsonb included).
    return (value: string | null) => sql`${value}::text::${sql.raw(type)}`;
  });
  const head = `INSERT INTO public.${quoteIdent(table.name)} (${columns.map(quoteIdent).join(', ')}) OVERRIDING SYSTEM VALUE VALUES `;
  const perStatement = Math.max(1, Math.floor(INSERT_BATCH_PARAMETERS / Math.max(1, columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows.slice(start, start + perStatement).map(
      (row) =>
        sql`(${sql.join(
          casts.map((cast, index) => cast(row[index] ?? null)),
          sql`, `,
        )})`,
    );
    await db.execute(sql`${sql.raw(head)}${sql.join(values, sql`, `)}`);
  }
}
