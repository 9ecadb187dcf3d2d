// Makes dist/pglite-template: an embedded database folder already created (PostgreSQL's initdb) and migrated,
// with the extensions the server loads. A first start copies it into an empty DATA_DIR instead of creating the
// database there, which is most of a first start's time (initdb: 10 s and a 700 MB peak of memory on a 2-core
// machine; a copy: well under a second). Kept while PGlite's version and the migrations are unchanged (the
// key in its resham-template.json); the server falls back to creating the database when it is missing
// (src/server/db/pglite-template.ts). Run by `npm run build:server`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { root } from './build-state.mjs';

export const TEMPLATE_DIR = join(root, 'dist', 'pglite-template');
/** The file inside the template naming what it was made from. */
export const TEMPLATE_KEY_FILE = 'resham-template.json';

/** PGlite's version and the migrations: a template made from other ones is made again. */
function templateKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  const migrations = join(root, 'drizzle');
  for (const entry of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort())
    if (entry.endsWith('.sql') || entry.endsWith('_journal.json'))
      hash.update(entry).update(readFileSync(join(migrations, entry)));
  return hash.digest('hex').slice(0, 16);
}

/** Makes the template unless the one in dist/ has the same key. */
export async function buildPgliteTemplate() {
  const key = templateKey();
  const keyFile = join(TEMPLATE_DIR, TEMPLATE_KEY_FILE);
  if (existsSync(keyFile) && JSON.parse(readFileSync(keyFile, 'utf8')).key === key) return false;
  const work = `${TEMPLATE_DIR}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // The same settings as the server's (src/server/db/database.ts): initdb writes none of them into the folder.
  const pglite = await PGlite.create(work, { extensions: { pg_trgm, unaccent } });
  try {
    await migrate(drizzle(pglite), { migrationsFolder: join(root, 'drizzle') });
  } finally {
    await pglite.close();
  }
  writeFileSync(join(work, TEMPLATE_KEY_FILE), JSON.stringify({ key }));
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  renameSync(work, TEMPLATE_DIR);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (await buildPgliteTemplate()) console.log('Made the embedded database template in dist/pglite-template');
}
