// `npm run bench:compare`: the store's product list and product answers beside Vendure's and Medusa's, on the
// same machine in the same run, each on a fresh database: the embedded ones (the store's PGlite, Vendure's
// sql.js; Medusa has none) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server,
// PostgreSQL. Budgets (docs/decisions/035-fast-path.md): the list at least 50 times Vendure's req/s and 100
// times Medusa's, the product at least 25 times Vendure's.
//
// Each rival lives in bench/compare/<name> with its own package.json and lock file, installed there with
// `npm ci` on the first run (Vendure about 200 MB, Medusa about 700 MB):
// - Vendure 3.7 holds its own demo catalogue (54 products with images, as `@vendure/create` makes it);
// - Medusa 2.21 holds 64 kurtas of five sizes, made with its own workflows (bench/compare/medusa/src/scripts);
// - the store holds its demo shop (64 products).
// Each side is asked what its own storefront asks for the same screen (bench/compare/*/…-rival.mjs): a list of
// 12 (the store's `GET /api/v1/products?page=1&limit=12`) and a product page (`GET /api/v1/products/{id}`).
// 32 connections, 2 s of warm-up, then COMPARE_SECONDS (default 5) per run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { freePort, startServer } from '../scripts/start-server-process.mjs';
import { startMedusa } from './compare/medusa/medusa-rival.mjs';
import { startVendure } from './compare/vendure/vendure-rival.mjs';
import { adminQuery, load, root } from './helpers.mjs';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The rivals, the databases each runs on, and the least lead (store req/s ÷ theirs) per answer. */
const RIVALS = [
  {
    name: 'Vendure',
    folder: 'vendure',
    start: startVendure,
    kinds: ['embedded', 'postgres'],
    budgets: { list: 50, product: 25 },
  },
  { name: 'Medusa', folder: 'medusa', start: startMedusa, kinds: ['postgres'], budgets: { list: 100 } },
];

/** One autocannon run of `request` after a warm-up: req/s, p99 and failed answers. */
async function measure(request) {
  const options = { connections: CONNECTIONS, timeout: 60, ...request };
  await load(request.url, { ...options, duration: WARM_UP_SECONDS });
  const result = await load(request.url, { ...options, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    answered: result.requests.total,
  };
}

/** Installs a rival into bench/compare/<folder> from its lock file, once. */
function install(rival) {
  const folder = join(root, 'bench/compare', rival.folder);
  if (existsSync(join(folder, 'node_modules/.package-lock.json'))) return;
  console.log(`Installing ${rival.name} into bench/compare/${rival.folder} (npm ci, once)...`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ci in bench/compare/${rival.folder} failed`);
}

/** A fresh database of `kind` for `side`: what to hand it (a file's path or a URL) and how to remove it. */
async function freshDatabase(kind, side, work) {
  if (kind === 'embedded') return { database: join(work, `${side}.sqlite`), remove: async () => undefined };
  const name = `resham_compare_${side}_${process.pid}`;
  await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
  return {
    database: Object.assign(new URL(DATABASE_URL), { pathname: `/${name}` }).toString(),
    remove: () => adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The store's list and product figures on a fresh database of `kind`. */
async function measureStore(kind, work) {
  const place = kind === 'embedded' ? null : await freshDatabase(kind, 'store', work);
  try {
    const env = { LOG_LEVEL: 'info', ...(place ? { DATABASE_URL: place.database } : {}) };
    const store = await startServer({ env });
    try {
      const listUrl = `${store.baseUrl}/api/v1/products?page=1&limit=12`;
      const list = await (await fetch(listUrl)).json();
      return {
        list: await measure({ url: listUrl }),
        product: await measure({ url: `${store.baseUrl}/api/v1/products/${list.data[0].id}` }),
      };
    } finally {
      await store.stop();
    }
  } finally {
    await place?.remove();
  }
}

/** A rival's list and product figures on a fresh database of `kind`. */
async function measureRival(rival, kind, work) {
  const place = await freshDatabase(kind, rival.folder, work);
  try {
    const started = await rival.start({ database: place.database, work, port: await freePort() });
    try {
      return { list: await measure(started.list), product: await measure(started.product) };
    } finally {
      await started.stop();
    }
  } finally {
    await place.remove();
  }
}

ensureBuilt();
const kinds = DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
for (const rival of RIVALS) if (rival.kinds.some((kind) => kinds.includes(kind))) install(rival);
console.log(
  `stores compared: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up; load average ${loadavg()[0].toFixed(1)} at the start`,
);
const checks = [];
for (const kind of kinds) {
  const work = mkdtempSync(join(tmpdir(), 'resham-compare-'));
  try {
    const ours = await measureStore(kind, work);
    for (const answer of ['list', 'product'])
      console.log(
        `${kind.padEnd(8)} store    ${answer.padEnd(7)} ${String(ours[answer].requestsPerSecond).padStart(6)} req/s, p99 ${ours[answer].p99Ms} ms, errors ${ours[answer].errors}`,
      );
    for (const rival of RIVALS.filter((each) => each.kinds.includes(kind))) {
      const theirs = await measureRival(rival, kind, work);
      for (const answer of ['list', 'product']) {
        const lead = ours[answer].requestsPerSecond / Math.max(1, theirs[answer].requestsPerSecond);
        console.log(
          `${kind.padEnd(8)} ${rival.name.padEnd(8)} ${answer.padEnd(7)} ${String(theirs[answer].requestsPerSecond).padStart(6)} req/s, p99 ${theirs[answer].p99Ms} ms, errors ${theirs[answer].errors}  the store's lead ${lead.toFixed(1)}×`,
        );
        const budget = rival.budgets[answer];
        if (budget !== undefined)
          checks.push([`${kind} ${answer}: ${lead.toFixed(1)}× ${rival.name} ≥ ${budget}×`, lead >= budget]);
        checks.push([
          `${kind} ${answer}: no failed answers, and answers within the run (store and ${rival.name})`,
          ours[answer].errors === 0 && theirs[answer].errors === 0 && theirs[answer].answered > 0,
        ]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (!DATABASE_URL)
  console.log('Medusa runs only on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
console.log('');
let failed = false;
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
