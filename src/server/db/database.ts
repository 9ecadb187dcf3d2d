/**
 * Opens the database: embedded PGlite in `DATA_DIR` when `DATABASE_URL` is unset, else a PostgreSQL
 * server through a node-postgres pool (docs/decisions/001-embedded-postgres-by-default.md). Both give the
 * same Drizzle API. The embedded database holds an exclusive lock on its folder while open
 * (src/server/db/data-dir-lock.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { prepareDataDir } from './data-dir';
import { copyPgliteTemplate } from './pglite-template';
import { withStatementCache } from './pglite-statement-cache';
import * as catalogTables from './schema/catalog-tables';
import * as mailTables from './schema/mail-tables';
import * as orderTables from './schema/order-tables';
import * as paymentTables from './schema/payment-tables';
import * as searchTables from './schema/search-tables';
import * as storeTables from './schema/store-tables';
import * as userTables from './schema/user-tables';
import * as webhookTables from './schema/webhook-tables';

/** Every table, for Drizzle's typed queries (one file a domain under ./schema/). */
const schema = {
  ...storeTables,
  ...catalogTables,
  ...userTables,
  ...orderTables,
  ...paymentTables,
  ...mailTables,
  ...searchTables,
  ...webhookTables,
};

/**
 * The PostgreSQL extensions every embedded database loads (catalogue search needs both; the migrations create
 * them). Pass to every `PGlite.create`, also when loading a saved data directory.
 */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * The embedded database's buffer pool. PGlite allocates it inside its WebAssembly memory at start and touches
 * all of it, so PostgreSQL's default of 128MB costs 128 MB of resident memory before the first query (measured:
 * opening a data folder peaks at about 330 MB of RSS with 128MB, about 220 MB with 32MB). 16MB holds the demo
 * shop's tables and the hot pages of a small shop; pages beyond it come from the operating system's page cache
 * (bench/pglite-floor.mjs: PGlite alone holds about 15 MB less than with 32MB; docs/benchmarks.md "Memory and
 * start").
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The Drizzle database handle services take; identical for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver kind and a `close()` that releases it. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations in drizzle/ (or in `folder`, a copy holding only the first ones: a restore stops at
   * its backup's schema version) that have not run yet.
   */
  migrate(folder?: string): Promise<void>;
  /** True when a trivial query answers. Never throws. */
  ping(): Promise<boolean>;
  /** How many migrations in drizzle/ have not been applied to this database yet. Throws when it does not answer. */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /** The node-postgres pool (postgres kind only), for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** The folder holding an embedded database opened from disk (`DATA_DIR` as configured); else unset. */
  dataDir?: string;
};

/** The rows of a `db.execute()` result (the same `rows` array on PGlite and node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** Where drizzle-kit writes migrations; resolved from this file so it works from src/ and from dist/. */
export function migrationsFolder(): string {
  const candidates = ['../../../drizzle', '../../drizzle'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((path) => existsSync(join(path, 'meta', '_journal.json')));
  if (!found) throw new Error(`drizzle/ migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export type OpenDatabaseOptions = {
  /** PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder holding the embedded database (`<dataDir>/pglite`). Ignored with a URL. */
  dataDir?: string;
  /** An already-opened PGlite instance (tests load a migrated snapshot into one). */
  pglite?: PGlite;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
};

/** How long a query waits for a PostgreSQL connection before it fails (and the API answers 503), in ms. */
/** The advisory-lock key that serialises migrations of several servers on one PostgreSQL database. */
const MIGRATION_LOCK_KEY = '8243109811203921';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the database described by `options`. Does not migrate; call `migrate()`. An embedded database in
 * `dataDir` is locked for this process until `close()`.
 * @throws {DataDirError} when `dataDir` cannot be created or written (embedded only).
 * @throws {DataDirInUseError} when another running process holds `dataDir` (embedded only).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A client losing its connection must not crash the process: an idle one is reported on the pool, a
    // checked-out one (a transaction between statements, a background pass) on itself. Its queries still
    // fail, and their callers answer as for any database failure (503, or the next pass tries again).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: async (folder?: string) => {
        // Several servers starting at once on one database: one migrates, the others wait for it on a
        // session-level advisory lock held by one connection, then find nothing left to apply.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg(client), { migrationsFolder: folder ?? migrationsFolder() });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: () => ping(db),
      pendingMigrations: () => pendingMigrations(db),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (!client) {
    dataDir = options.dataDir ?? './data';
    prepareDataDir(dataDir);
    lock = acquireDataDirLock(dataDir);
    try {
      mkdirSync(join(dataDir, 'pglite'), { recursive: true });
      copyPgliteTemplate(join(dataDir, 'pglite'));
      client = await PGlite.create(join(dataDir, 'pglite'), {
        extensions: pgliteExtensions,
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const pglite = client;
  // Drizzle's queries run as cached prepared statements (./pglite-statement-cache.ts); the migrator below keeps
  // the plain client, since migrations change the tables statements were prepared against.
  const db = drizzlePglite({
    client: withStatementCache(pglite) as unknown as PGlite,
    schema,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ...(dataDir === undefined ? {} : { dataDir }),
    migrate: async (folder?: string) => {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder ?? migrationsFolder() });
    },
    ping: () => ping(db),
    pendingMigrations: () => pendingMigrations(db),
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Migrations of drizzle/ newer than the last one recorded in `drizzle.__drizzle_migrations`, by the rule
 * drizzle's migrator applies (a migration runs when its folder time is after the last recorded one).
 */
async function pendingMigrations(db: Db): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  const last = Number(rowsOf<{ last: string | number | null }>(result)[0]?.last ?? 0);
  return files.filter((file) => file.folderMillis > last).length;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
