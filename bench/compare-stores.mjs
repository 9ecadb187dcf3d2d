// `npm run bench:compare`: the store's product list and product answers beside Vendure's, on the same machine
// in the same run, each on its embedded database (the store's PGlite, Vendure's sql.js) and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL. Budgets
// (docs/decisions/035-fast-path.md): the list at least 50 times Vendure's req/s, the product at least 25 times.
//
// Vendure (bench/compare/vendure: its own package.json and lock, installed there with `npm ci` on the first run,
// about 200 MB) holds its own demo catalogue of 54 products with images, as `@vendure/create` makes it; the
// store holds its demo shop of 64 products. Each side is asked what its own storefront asks for the same
// screen:
// - the list: the store's `GET /api/v1/products?page=1&limit=12`; Vendure's shop API `search` for 12 products
//   grouped by product (name, slug, description, image, price range, facet values), as Vendure's storefront
//   starter lists a collection;
// - the product: the store's `GET /api/v1/products/{id}`; Vendure's `product(slug)` with its collections,
//   facet values, images and variants (price, SKU, stock level), as the starter's product page asks.
// 32 connections, 2 s of warm-up, then COMPARE_SECONDS (default 5) per run. Medusa is not measured here: it needs
// a Medusa application built with its own CLI, which this bench does not install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { load, root } from './helpers.mjs';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const VENDURE = join(root, 'bench/compare/vendure');
const BUDGETS = { list: 50, product: 25 };

const VENDURE_LIST = `{ search(input: { take: 12, groupByProduct: true }) { totalItems items {
  productId productName slug description productAsset { id preview } currencyCode
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } facetValueIds } } }`;
const VENDURE_PRODUCT = `{ product(slug: "laptop") { id name slug description
  collections { id slug name breadcrumbs { id name slug } }
  facetValues { id code name facet { id code name } }
  featuredAsset { id preview } assets { id preview }
  variants { id name priceWithTax currencyCode sku stockLevel featuredAsset { id preview } } } }`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One autocannon run after a warm-up: req/s, p99 and failed answers (GraphQL errors come with status 200). */
async function measure(url, request) {
  const options = { connections: CONNECTIONS, timeout: 60, ...request };
  await load(url, { ...options, duration: WARM_UP_SECONDS });
  const result = await load(url, { ...options, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Installs Vendure into bench/compare/vendure from its lock file, once. */
function installVendure() {
  if (existsSync(join(VENDURE, 'node_modules/@vendure/core'))) return;
  console.log('Installing Vendure into bench/compare/vendure (npm ci, once)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: VENDURE, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci in bench/compare/vendure failed');
}

/** A fresh database for each side on `kind`; answers their settings and a function removing them. */
async function freshDatabases(kind, work) {
  if (kind === 'embedded')
    return { vendure: join(work, 'vendure.sqlite'), storeEnv: {}, remove: async () => undefined };
  const names = ['vendure', 'store'].map((side) => `resham_compare_${side}_${process.pid}`);
  for (const name of names) await adminQuery(`CREATE DATABASE ${name}`);
  const urlOf = (name) => Object.assign(new URL(DATABASE_URL), { pathname: `/${name}` }).toString();
  return {
    vendure: urlOf(names[0]),
    storeEnv: { DATABASE_URL: urlOf(names[1]) },
    remove: async () => {
      for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Fills Vendure's database, starts its server and answers its shop API's URL and a stop function. */
async function startVendure(database, assetsDir) {
  const populated = spawnSync(process.execPath, ['populate.mjs', database, assetsDir], {
    cwd: VENDURE,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (populated.status !== 0) throw new Error('Filling Vendure with its demo catalogue failed');
  const port = await freePort();
  const child = spawn(process.execPath, ['serve.mjs', database, assetsDir, String(port)], {
    cwd: VENDURE,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for await (const line of createInterface({ input: child.stdout })) if (line === 'listening') break;
  child.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}/shop-api`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Checks that a GraphQL answer holds data and no errors, so that the bench does not time error answers. */
async function checkVendureAnswer(url, query) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = await answer.json();
  if (body.errors || !body.data) throw new Error(`Vendure answered ${JSON.stringify(body).slice(0, 300)}`);
}

ensureBuilt();
installVendure();
const kinds = DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
console.log(
  `stores compared: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up; load average ${loadavg()[0].toFixed(1)} at the start`,
);
const checks = [];
for (const kind of kinds) {
  const work = mkdtempSync(join(tmpdir(), 'resham-compare-'));
  const databases = await freshDatabases(kind, work);
  try {
    const vendure = await startVendure(databases.vendure, join(work, 'vendure-assets'));
    const theirs = {};
    try {
      for (const [key, query] of [
        ['list', VENDURE_LIST],
        ['product', VENDURE_PRODUCT],
      ]) {
        await checkVendureAnswer(vendure.url, query);
        theirs[key] = await measure(vendure.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        });
      }
    } finally {
      await vendure.stop();
    }
    const store = await startServer({ env: { LOG_LEVEL: 'info', ...databases.storeEnv } });
    const ours = {};
    try {
      const list = await (await fetch(`${store.baseUrl}/api/v1/products?page=1&limit=12`)).json();
      ours.list = await measure(`${store.baseUrl}/api/v1/products?page=1&limit=12`, {});
      ours.product = await measure(`${store.baseUrl}/api/v1/products/${list.data[0].id}`, {});
    } finally {
      await store.stop();
    }
    for (const key of ['list', 'product']) {
      const ratio = ours[key].requestsPerSecond / Math.max(1, theirs[key].requestsPerSecond);
      console.log(
        `${kind.padEnd(8)} ${key.padEnd(7)}  store ${String(ours[key].requestsPerSecond).padStart(6)} req/s, p99 ${ours[key].p99Ms} ms  Vendure ${String(theirs[key].requestsPerSecond).padStart(5)} req/s, p99 ${theirs[key].p99Ms} ms  lead ${ratio.toFixed(1)}×  errors ${ours[key].errors} / ${theirs[key].errors}`,
      );
      checks.push([`${kind} ${key}: ${ratio.toFixed(1)}× Vendure ≥ ${BUDGETS[key]}×`, ratio >= BUDGETS[key]]);
      checks.push([`${kind} ${key}: no failed answers`, ours[key].errors === 0 && theirs[key].errors === 0]);
    }
  } finally {
    await databases.remove();
    rmSync(work, { recursive: true, force: true });
  }
}
console.log('Medusa: not measured (see the header of this file)');
console.log('');
let failed = false;
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
