/**
 * Copying every table of one database into another empty, migrated one in a single transaction (the move from
 * the embedded store to PostgreSQL, docs/operations.md "Move to PostgreSQL"): tables in foreign-key order,
 * rows with their ids, sequences moved past the largest id, then the row counts and money sums of both sides
 * compared. Tables are read from the catalogue (./table-catalog.ts), so a new table moves without a change.
 */
import type { Db } from './database';
import { compareFigures, type FiguresRow } from './figures-comparison';
import {
  fixSequences,
  readTableCatalog,
  tableFigures,
  tablesWithRows,
  type CatalogTable,
} from './table-catalog';
import { insertTableRows, readTableRows } from './table-copy';

/** Tables that are not copied: sign-in sessions (shoppers and staff sign in again after the move). */
export const TABLES_NOT_MOVED = ['sessions'];

/** The target holds rows; the message is the one sentence the CLI prints. */
export class TargetNotEmptyError extends Error {
  constructor(public readonly tables: string[]) {
    super(
      `The target database is not empty (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''} hold rows); give an empty database.`,
    );
    this.name = 'TargetNotEmptyError';
  }
}

/** The copy's figures did not agree; nothing was committed. */
export class FiguresMismatchError extends Error {
  constructor(public readonly figures: FiguresRow[]) {
    super('The copy does not match the source (see the table above); nothing was committed.');
    this.name = 'FiguresMismatchError';
  }
}

/** Thrown inside the transaction to roll a `--check` run back. */
class CheckOnly extends Error {}

/**
 * Throws when any table of `db`'s public schema holds a row.
 * @throws {TargetNotEmptyError} naming the first tables with rows.
 */
export async function assertEmptyDatabase(db: Db): Promise<void> {
  const full = await tablesWithRows(db, await readTableCatalog(db));
  if (full.length > 0) throw new TargetNotEmptyError(full);
}

export type CopyDatabaseOptions = {
  /** Do everything but commit. */
  checkOnly?: boolean;
  /** Called after each table with its name and rows copied. */
  onTable?: (table: string, rows: number) => void;
};

/**
 * Copies every table of `source` (but {@link TABLES_NOT_MOVED}) into `target`, which must be migrated to the
 * same schema and empty (check with {@link assertEmptyDatabase} first), in one transaction.
 * @returns the per-table comparison of source and target (rows and money sums in paise).
 * @throws {FiguresMismatchError} when a count or sum differs (rolled back).
 * @throws {Error} when the target lacks a table or column of the source, or a row breaks a constraint.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  options: CopyDatabaseOptions = {},
): Promise<FiguresRow[]> {
  const tables = (await readTableCatalog(source)).filter((table) => !TABLES_NOT_MOVED.includes(table.name));
  const before = await tableFigures(source, tables);
  let figures: FiguresRow[] = [];
  try {
    await target.transaction(async (tx) => {
      const targetDb = tx as unknown as Db;
      const targetTables = new Map((await readTableCatalog(targetDb)).map((table) => [table.name, table]));
      const copied: CatalogTable[] = [];
      for (const table of tables) {
        const into = targetTables.get(table.name);
        if (!into) throw new Error(`The target database has no table ${table.name}; is it migrated?`);
        let count = 0;
        const columns = table.columns.map((column) => column.name);
        for await (const rows of readTableRows(source, table)) {
          await insertTableRows(targetDb, into, columns, rows);
          count += rows.length;
        }
        copied.push(into);
        options.onTable?.(table.name, count);
      }
      await fixSequences(targetDb, copied);
      figures = compareFigures(before, await tableFigures(targetDb, copied));
      if (figures.some((row) => !row.same)) throw new FiguresMismatchError(figures);
      if (options.checkOnly) throw new CheckOnly();
    });
  } catch (error) {
    if (!(error instanceof CheckOnly)) throw error;
  }
  return figures;
}
