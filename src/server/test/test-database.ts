/**
 * Real databases for server tests (no mocks): a migrated PGlite (loaded from the global snapshot) and, when
 * `TEST_DATABASE_URL` is set, a migrated PostgreSQL database of its own.
 *
 * Opening one costs about a second (PGlite loading the snapshot into a new WebAssembly instance; PostgreSQL
 * creating a database and running the migrations), so a test worker keeps the databases its test files closed
 * and hands them, emptied, to the next file that opens one of the same kind (test files of a worker run one
 * after another: `isolate: false` in vitest.config.ts keeps this module, and so these databases, between them).
 * A file still gets an empty, migrated database of its own for as long as it holds it open. The PostgreSQL
 * databases of a run are dropped when the run ends (./global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { openDatabase, pgliteExtensions, rowsOf, type Database } from '../db/database';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * `it` for a test, in a suite run on every kind, that does not depend on the database: a request the route
 * refuses before its first query of substance (the body's or a header's validation, the HTTP shape), or a
 * rule kept in memory (the rate limits). It runs on PGlite and is reported skipped on PostgreSQL, where it
 * would prove nothing more.
 */
export function itOnPgliteOnly(kind: DatabaseKind) {
  return it.skipIf(kind !== 'pglite');
}

/** `describe` for a group of such tests ({@link itOnPgliteOnly}). */
export function describeOnPgliteOnly(kind: DatabaseKind) {
  return describe.skipIf(kind !== 'pglite');
}

export type TestDatabase = Database & {
  /** Empties every table (identities restart), keeping the schema. */
  reset(): Promise<void>;
};

let snapshotBytes: Uint8Array<ArrayBuffer> | undefined;

/**
 * The migrated, empty PGlite data directory every embedded test database starts from (./global-setup.ts), as
 * PGlite's `loadDataDir` takes it. Read from disk once per worker.
 */
export function pgliteSnapshot(): Blob {
  snapshotBytes ??= new Uint8Array(readFileSync(inject('pgliteSnapshotFile')));
  return new Blob([snapshotBytes]);
}

/** At most this many closed databases of a kind wait in a worker for the next file (the rest are closed). */
const IDLE_PER_KIND = 2;

/** A handle on a kept database for one test file. */
type Connection = { database: Database; runScript(script: string): Promise<void>; release(): Promise<void> };

/**
 * A migrated database a worker keeps: PGlite's one instance, or a PostgreSQL database that each file reaches
 * through a node-postgres pool of its own (an app leaves its listeners on the pool's clients).
 */
type KeptDatabase = {
  connect(): Promise<Connection>;
  /** Closes it for good (a PostgreSQL database is dropped). */
  destroy(): Promise<void>;
  /** The statements that empty it, read from its catalog once. */
  emptying?: string;
  /** The same as one `TRUNCATE`, for a user who may not turn triggers off. */
  truncating?: string;
};

const idle: Record<DatabaseKind, KeptDatabase[]> = { pglite: [], postgres: [] };

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new migrated database of `kind`. */
async function createDatabase(kind: DatabaseKind): Promise<KeptDatabase> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create({ loadDataDir: pgliteSnapshot(), extensions: pgliteExtensions });
    const database = await openDatabase({ pglite });
    const connection: Connection = {
      database,
      runScript: async (script) => void (await pglite.exec(script)),
      release: async () => undefined,
    };
    return { connect: async () => connection, destroy: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${inject('postgresDatabasePrefix')}${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  // A test database need not survive a crash of the server: commits stop waiting for the disk.
  await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const connect = async (): Promise<Connection> => {
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    return {
      database,
      // One simple-protocol query may hold several statements (node-postgres sends it so without parameters).
      runScript: async (script) => void (await database.pool!.query(script)),
      release: () => database.close(),
    };
  };
  const first = await connect();
  try {
    await first.database.migrate();
  } finally {
    await first.release();
  }
  return { connect, destroy: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statements that empty every table of the public schema and restart the sequences their columns own, as
 * `TRUNCATE … RESTART IDENTITY CASCADE` would, in one transaction. `DELETE` with triggers (and so foreign-key
 * checks) off is used instead of `TRUNCATE`: on tables of a few rows it is ten times faster on PostgreSQL,
 * where `TRUNCATE` gives every table and index a new file. Turning triggers off takes a superuser; for another
 * user the statements are that `TRUNCATE` ({@link empty}).
 */
async function emptyingScript(kept: KeptDatabase, connection: Connection): Promise<string> {
  if (kept.emptying) return kept.emptying;
  const { db } = connection.database;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    ),
  ).map((row) => row.name);
  const sequences = rowsOf<{ name: string; start: string }>(
    await db.execute(
      sql`SELECT s.relname AS name, q.seqstart::text AS start
          FROM pg_class s
          JOIN pg_sequence q ON q.seqrelid = s.oid
          JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
          JOIN pg_class t ON t.oid = d.refobjid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE s.relkind = 'S' AND n.nspname = 'public' ORDER BY s.relname`,
    ),
  );
  kept.truncating = `TRUNCATE ${tables.map((table) => `public.${quoted(table)}`).join(', ')} RESTART IDENTITY CASCADE`;
  kept.emptying = [
    'BEGIN',
    'SET LOCAL session_replication_role = replica',
    ...tables.map((table) => `DELETE FROM public.${quoted(table)}`),
    ...(sequences.length === 0
      ? []
      : [
          `SELECT ${sequences
            .map(({ name, start }) => `setval('public.${quoted(name)}', ${Number(start)}, false)`)
            .join(', ')}`,
        ]),
    'COMMIT',
  ].join(';\n');
  return kept.emptying;
}

async function empty(kept: KeptDatabase, connection: Connection): Promise<void> {
  const script = await emptyingScript(kept, connection);
  try {
    await connection.runScript(script);
  } catch (error) {
    // 42501 insufficient_privilege: not a superuser, so no turning triggers off.
    if ((error as { code?: string }).code !== '42501' || !kept.truncating) throw error;
    kept.emptying = kept.truncating;
    await connection.runScript(kept.emptying);
  }
}

async function createAndConnect(kind: DatabaseKind): Promise<{ kept: KeptDatabase; connection: Connection }> {
  const kept = await createDatabase(kind);
  return { kept, connection: await kept.connect() };
}

/**
 * An idle database of `kind`, emptied, or null when there is none. One that cannot be emptied (a file before
 * left it in a state of its own) is closed for good rather than handed on.
 */
async function reuseIdle(kind: DatabaseKind): Promise<{ kept: KeptDatabase; connection: Connection } | null> {
  const kept = idle[kind].pop();
  if (!kept) return null;
  const connection = await kept.connect();
  try {
    await empty(kept, connection);
    return { kept, connection };
  } catch {
    await connection.release().catch(() => undefined);
    await kept.destroy().catch(() => undefined);
    return null;
  }
}

/**
 * Opens a migrated, empty database of `kind` for one test file. Always `close()` it (afterAll): that hands it
 * back to the worker for the next file (or the process hangs on an open PostgreSQL pool).
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const { kept, connection } = (await reuseIdle(kind)) ?? (await createAndConnect(kind));
  let closed = false;
  return {
    ...connection.database,
    reset: () => empty(kept, connection),
    async close() {
      if (closed) return;
      closed = true;
      await connection.release();
      if (idle[kind].length < IDLE_PER_KIND) idle[kind].push(kept);
      else await kept.destroy();
    },
  };
}
