/**
 * Vitest global setup: one migrated in-memory PGlite database's data directory (a tarball) for every test file,
 * which loads it instead of running initdb and the migrations again. The tarball is kept between runs in
 * node_modules/.cache/resham-tests, named after what makes it (the migrations, PGlite's and Drizzle's versions):
 * making it costs about 3 s of initdb at the start of every run. With `TEST_DATABASE_URL` set, it also names
 * this run's PostgreSQL test databases (./test-database.ts) and drops them when the run ends.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../db/database';
import { projectRoot } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: ArrayBuffer;
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

/** A migrated, empty PGlite data directory as a tarball: from the cache, else made (and cached). */
async function migratedSnapshot(): Promise<ArrayBuffer> {
  const file = join(cacheFolder, `pglite-${snapshotKey()}.tar`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const snapshot = await (await pglite.dumpDataDir('none')).arrayBuffer();
  await database.close();
  try {
    // A half-written file is never read (written aside, then renamed); older snapshots are of older migrations.
    mkdirSync(cacheFolder, { recursive: true });
    for (const old of readdirSync(cacheFolder)) {
      if (/^pglite-[0-9a-f]+\.tar$/.test(old)) rmSync(join(cacheFolder, old), { force: true });
    }
    writeFileSync(`${file}.${process.pid}`, new Uint8Array(snapshot));
    renameSync(`${file}.${process.pid}`, file);
  } catch (error) {
    // Only the next run's start-up depends on the cache.
    console.warn(`The migrated test database was not cached in ${cacheFolder}: ${(error as Error).message}`);
  }
  return snapshot;
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

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('pgliteSnapshot', await migratedSnapshot());
  const prefix = `resham_test_${process.pid}_`;
  project.provide('postgresDatabasePrefix', prefix);
  const url = process.env.TEST_DATABASE_URL;
  return url ? () => dropDatabases(url, prefix) : undefined;
}
