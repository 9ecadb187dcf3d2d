/**
 * Opens the database: embedded PGlite in `DATA_DIR` when `DATABASE_URL` is unset, else a PostgreSQL
 * server through a node-postgres pool (DESIGN.md "Database"). Both give the same Drizzle API.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The Drizzle database handle services take; identical for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver kind and a `close()` that releases it. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations in drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. Never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The node-postgres pool (postgres kind only), for LISTEN/NOTIFY. */
  pool?: pg.Pool;
};

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

/** Opens the database described by `options`. Does not migrate; call `migrate()`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dataDir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsFolder() });
    },
    ping: () => ping(db),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
