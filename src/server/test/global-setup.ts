/**
 * Vitest global setup: one migrated, empty PGlite data directory (a tarball) that every test database loads
 * instead of running initdb and the migrations again. Test files get its path and read it from disk (once per
 * worker): a provided value travels to the worker with every test file, and 42 MB of it did. The tarball is
 * kept between runs in node_modules/.cache/resham-tests, named after what makes it (the migrations, PGlite's
 * and Drizzle's versions): making it costs about 3 s of initdb. With `TEST_DATABASE_URL` set, it also names
 * this run's PostgreSQL test databases (./test-database.ts) and drops them when the run ends.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../db/database';
import { projectRoot } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty PGlite data directory as a tarball file (read it with `pgliteSnapshot()`). */
    pgliteSnapshotFile: string;
    /** The start of the name of every PostgreSQL database this run creates (`resham_test_<pid>_`). */
    postgresDatabasePrefix: string;
  }
}

const cacheFolder = join(projectRoot, 'node_modules', '.cache', 'resham-tests');

/** What the snapshot is made of: every migration file, the versions of PGlite and Drizzle, the extensions. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(join(projectRoot, 'node_modules', name, 'package.json')));
  }
  hash.update(Object.keys(pgliteExtensions).join(','));
  const folder = migrationsFolder();
  for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(folder, entry);
    if (entry.endsWith('.sql') || entry.endsWith('.json')) hash.update(entry).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The file of a migrated, empty PGlite data directory: the cached one, else one made now and cached. When the
 * cache folder takes no writes, the file is made in a temporary folder, which `remove` deletes.
 */
async function migratedSnapshotFile(): Promise<{ file: string; remove?: () => void }> {
  const file = join(cacheFolder, `pglite-${snapshotKey()}.tar`);
  if (existsSync(file)) return { file };
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const snapshot = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await database.close();
  try {
    // A half-written file is never read (written aside, then renamed); older snapshots are of older migrations.
    mkdirSync(cacheFolder, { recursive: true });
    for (const old of readdirSync(cacheFolder)) {
      if (/^pglite-[0-9a-f]+\.tar$/.test(old)) rmSync(join(cacheFolder, old), { force: true });
    }
    writeFileSync(`${file}.${process.pid}`, snapshot);
    renameSync(`${file}.${process.pid}`, file);
    return { file };
  } catch (error) {
    console.warn(`The migrated test database is not kept in ${cacheFolder}: ${(error as Error).message}`);
    const folder = mkdtempSync(join(tmpdir(), 'resham-test-snapshot-'));
    writeFileSync(join(folder, 'pglite.tar'), snapshot);
    return {
      file: join(folder, 'pglite.tar'),
      remove: () => rmSync(folder, { recursive: true, force: true }),
    };
  }
}

/** Drops the databases whose names start with `prefix` (connections still open to them are ended). */
async function dropDatabases(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = await migratedSnapshotFile();
  project.provide('pgliteSnapshotFile', snapshot.file);
  const prefix = `resham_test_${process.pid}_`;
  project.provide('postgresDatabasePrefix', prefix);
  const url = process.env.TEST_DATABASE_URL;
  return async () => {
    snapshot.remove?.();
    if (url) await dropDatabases(url, prefix);
  };
}
