/**
 * Comparing the row counts and money sums of two copies of a database, table by table (the move to
 * PostgreSQL: the embedded store against the target; a restore: the backup's manifest against the restored
 * database), and printing the comparison as a plain-text table for the shop owner.
 */
import type { TableFigures } from './table-catalog';

/** One table's figures on both sides; a side without the table counts as 0 rows and sums of "0". */
export type FiguresRow = { table: string; before: TableFigures; after: TableFigures; same: boolean };

const empty = (table: string): TableFigures => ({ table, rows: 0, sums: {} });

/** Whether two tables' counts and every money sum (paise) agree. */
function sameFigures(before: TableFigures, after: TableFigures): boolean {
  if (before.rows !== after.rows) return false;
  const columns = new Set([...Object.keys(before.sums), ...Object.keys(after.sums)]);
  return [...columns].every((column) => (before.sums[column] ?? '0') === (after.sums[column] ?? '0'));
}

/** Pairs `before` and `after` by table name, in `before`'s order, then the tables only `after` has. */
export function compareFigures(before: TableFigures[], after: TableFigures[]): FiguresRow[] {
  const afterByName = new Map(after.map((figures) => [figures.table, figures]));
  const rows = before.map((figures) => {
    const other = afterByName.get(figures.table) ?? empty(figures.table);
    afterByName.delete(figures.table);
    return { table: figures.table, before: figures, after: other, same: sameFigures(figures, other) };
  });
  for (const figures of afterByName.values()) {
    const other = empty(figures.table);
    rows.push({ table: figures.table, before: other, after: figures, same: sameFigures(other, figures) });
  }
  return rows;
}

/**
 * The comparison as lines: a header, one line per table (rows before and after, `ok` or `DIFFERENT`) and an
 * indented line per money column (sums in paise).
 * @param labels the two columns' headings, e.g. `['embedded', 'PostgreSQL']`.
 */
export function figuresLines(rows: FiguresRow[], labels: [string, string]): string[] {
  const nameWidth = Math.max(5, ...rows.map((row) => row.table.length + 2), ...moneyNames(rows));
  const cell = (value: string, width = 14) => value.padStart(width);
  const lines = [`${'table'.padEnd(nameWidth)}${cell(labels[0])}${cell(labels[1])}  check`];
  for (const row of rows) {
    lines.push(
      `${row.table.padEnd(nameWidth)}${cell(String(row.before.rows))}${cell(String(row.after.rows))}  ${row.same ? 'ok' : 'DIFFERENT'}`,
    );
    const columns = new Set([...Object.keys(row.before.sums), ...Object.keys(row.after.sums)]);
    for (const column of columns) {
      lines.push(
        `  ${column.padEnd(nameWidth - 2)}${cell(row.before.sums[column] ?? '0')}${cell(row.after.sums[column] ?? '0')}`,
      );
    }
  }
  const different = rows.filter((row) => !row.same).length;
  lines.push(
    different === 0
      ? `All ${rows.length} tables agree (rows, and money sums in paise).`
      : `${different} of ${rows.length} tables differ.`,
  );
  return lines;
}

function moneyNames(rows: FiguresRow[]): number[] {
  return rows.flatMap((row) => Object.keys(row.before.sums).map((name) => name.length + 2));
}
