/**
 * The schema version of a database: the last Drizzle migration of drizzle/ applied to it (its tag, such as
 * `0021_returns_refunds`, and its journal time). A backup records it; a restore migrates an empty database up
 * to exactly that version before loading the rows, and the next start applies the newer migrations to them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './database';
import { queryRows } from './table-catalog';

/** A migration as drizzle/meta/_journal.json lists it (`when`: the folder time Drizzle records, in ms). */
export type SchemaVersion = { tag: string; when: number };

type Journal = { entries: { idx: number; when: number; tag: string }[] };

function readJournal(folder = migrationsFolder()): Journal {
  return JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** Every migration this version of Resham has, oldest first. */
export function knownSchemaVersions(): SchemaVersion[] {
  return readJournal().entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The last migration applied to `db`, or null when none has run (an empty database).
 * @throws {Error} when the database records a migration this version of Resham does not have (a newer one).
 */
export async function appliedSchemaVersion(db: Db): Promise<SchemaVersion | null> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists?.found) return null;
  const [row] = await queryRows<{ last: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  if (row?.last == null) return null;
  const when = Number(row.last);
  const known = knownSchemaVersions().find((version) => version.when === when);
  if (!known) {
    throw new Error(
      `The database has a migration from ${new Date(when).toISOString()} that this version of Resham does not have; upgrade Resham first.`,
    );
  }
  return known;
}

/**
 * A temporary copy of drizzle/ holding the migrations up to and including `tag` (pass it to
 * `Database.migrate`; delete it afterwards).
 * @throws {Error} when this version of Resham has no migration `tag` (a backup of a newer version).
 */
export function migrationsUpTo(tag: string): string {
  const source = migrationsFolder();
  const journal = readJournal(source);
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) {
    throw new Error(
      `This backup has the schema version ${tag}, which this version of Resham does not know; restore it with the Resham version that made it or a newer one.`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'resham-migrations-'));
  cpSync(join(source, 'meta'), join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) cpSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return folder;
}
