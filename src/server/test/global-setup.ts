/**
 * Vitest global setup: migrates one in-memory PGlite database once and hands its data directory (a tarball)
 * to every test file, which loads it instead of running initdb and the migrations again.
 */
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: ArrayBuffer;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  project.provide('pgliteSnapshot', await dump.arrayBuffer());
  await database.close();
}
