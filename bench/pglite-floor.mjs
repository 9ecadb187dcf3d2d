// `node bench/pglite-floor.mjs [DATA_DIR]`: what PGlite alone holds. Opens the embedded database as the server
// does (the same extensions and start settings, src/server/db/database.ts, read from the build), runs one
// query and prints the process's memory: /proc/self/status (VmRSS, VmHWM), Node's figures and the size of
// PGlite's WebAssembly memory. Without DATA_DIR a new folder is made (initdb) and removed after. Compare with
// `node -e` printing its own RSS (an empty Node process) and with bench/memory.mjs (the whole server).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const MB = 1024 * 1024;
function kernel() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const of = (key) => Math.round(Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024);
  return { VmRSS: of('VmRSS'), VmHWM: of('VmHWM'), RssAnon: of('RssAnon'), RssFile: of('RssFile') };
}
const node = () =>
  Object.fromEntries(
    Object.entries(process.memoryUsage()).map(([key, value]) => [key, Math.round(value / MB)]),
  );

/** The start settings of src/server/db/database.ts (keep in step); PGLITE_FLOOR_PARAMS adds `-c name=value`s. */
const START_SETTINGS = ['shared_buffers=16MB'];
const extra = (process.env.PGLITE_FLOOR_PARAMS ?? '').split(' ').filter(Boolean);
const startParams = [
  ...PGlite.defaultStartParams,
  ...[...START_SETTINGS, ...extra].flatMap((s) => ['-c', s]),
];
const given = process.argv[2];
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'resham-pglite-floor-'));
console.log('empty Node process:', JSON.stringify({ kernel: kernel(), node: node() }));
const started = performance.now();
const db = await PGlite.create(join(dataDir, given ? 'pglite' : ''), {
  extensions: { pg_trgm, unaccent },
  startParams,
});
const opened = performance.now();
await db.query('SELECT count(*) FROM pg_class');
console.log(`opened in ${Math.round(opened - started)} ms`);
console.log('PGlite open, one query:', JSON.stringify({ kernel: kernel(), node: node() }));
await db.close();
if (!given) rmSync(dataDir, { recursive: true, force: true });
