/**
 * Vitest global setup: migrates one in-memory PGlite database once and hands its data directory (a tarball)
 * to every test file, which loads it instead of running initdb and the migrations again. With
 * `TEST_DATABASE_URL` set, it names this run's PostgreSQL test databases (./test-database.ts) and drops
 * them when the run ends.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: ArrayBuffer;
    /** The start of the name of every PostgreSQL database this run creates (`resham_test_<pid>_`). */
    postgresDatabasePrefix: string;
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

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  project.provide('pgliteSnapshot', await dump.arrayBuffer());
  await database.close();

  const prefix = `resham_test_${process.pid}_`;
  project.provide('postgresDatabasePrefix', prefix);
  const url = process.env.TEST_DATABASE_URL;
  return url ? () => dropDatabases(url, prefix) : undefined;
}
