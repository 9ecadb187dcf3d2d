// `npm run bench:scaling`: req/s of one and of two app servers on one PostgreSQL database (and one Redis for
// the shared rate limits), as in docs/scaling.md. Everything runs on this machine and talks to 127.0.0.1 only.
//
// - PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
//   bench creates a database of its own there and drops it at the end.
// - Redis: BENCH_REDIS_URL, else redis://127.0.0.1:6379, under a key prefix of this run.
// - BENCH_SERVERS: the server counts to measure, in order (default `1,2`; `2,1` shows whether the order
//   matters on a busy machine).
// - Each phase: 2 s of warm-up, then BENCH_SECONDS (default 10) of load. With two servers, two autocannon
//   instances load one server each in parallel with half the connections (no proxy in the path), and their
//   req/s are added up.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import {
  accountRotation,
  adminQuery,
  benchProducts,
  importBenchCatalogue,
  insertBenchAccounts,
  load,
  randomOrderBody,
  root,
} from './helpers.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LIST_CONNECTIONS = 32;
const ORDER_CONNECTIONS = 20;
const SERVER_COUNTS = (process.env.BENCH_SERVERS ?? '1,2').split(',').map(Number);
if (!SERVER_COUNTS.every((count) => count === 1 || count === 2)) {
  console.error('BENCH_SERVERS must list 1 and 2, e.g. 1,2 or 2,1');
  process.exit(1);
}
const baseDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

for (const url of [baseDatabaseUrl, redisUrl]) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    console.error(`bench/scaling.mjs only loads this machine: ${url} is not on 127.0.0.1`);
    process.exit(1);
  }
}

/** Signed-in accounts the orders are spread over (an account may leave at most 3 orders unpaid). */
const ACCOUNTS = 20000;

/** Writes the bench accounts into the bench database; returns their bearer tokens. */
async function benchAccounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ id: storeId }] = (await client.query('SELECT id FROM stores WHERE is_default')).rows;
    return await insertBenchAccounts(client, storeId, ACCOUNTS);
  } finally {
    await client.end();
  }
}

/** Loads every server in parallel, `connections` split evenly; returns the summed req/s and worst p99. */
async function loadAll(servers, path, connections, extra = {}) {
  const options = { connections: Math.max(1, Math.round(connections / servers.length)), ...extra };
  await Promise.all(servers.map((server) => load(`${server.baseUrl}${path}`, { ...options, duration: 2 })));
  const results = await Promise.all(
    servers.map((server) => load(`${server.baseUrl}${path}`, { ...options, duration: DURATION_SECONDS })),
  );
  return {
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
  };
}

const rows = [];
function report(row) {
  rows.push(row);
  console.log(
    `${String(row.servers).padStart(2)} server(s)  ${row.name.padEnd(38)} ${String(row.requestsPerSecond).padStart(6)} req/s   p99 ${String(row.p99Ms).padStart(4)} ms   errors ${row.errors}`,
  );
}

ensureBuilt({ client: false });
// Other work on the machine shares its cores with the servers, PostgreSQL and autocannon: print how busy it was.
const loadBefore = loadavg()[0].toFixed(1);
const databaseName = `resham_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(baseDatabaseUrl);
databaseUrl.pathname = `/${databaseName}`;
const workDir = mkdtempSync(join(tmpdir(), 'resham-scaling-'));
const env = {
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: `resham-bench-${databaseName}:`,
  DEMO_DATA: 'off',
};
await adminQuery(baseDatabaseUrl, `CREATE DATABASE ${databaseName}`);
const servers = [];
try {
  importBenchCatalogue(workDir, env);
  servers.push(await startServer({ env }), await startServer({ env }));
  const [first] = servers;
  const nextAuthorization = accountRotation(await benchAccounts(env.DATABASE_URL));
  const products = await benchProducts(first.baseUrl);
  const orderLoad = {
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (request) => ({
          ...request,
          headers: { authorization: nextAuthorization(), 'content-type': 'application/json' },
          body: randomOrderBody(products),
        }),
      },
    ],
  };
  for (const count of SERVER_COUNTS) {
    const used = servers.slice(0, count);
    const list = await loadAll(used, '/api/v1/products?page=1&limit=12', LIST_CONNECTIONS);
    report({ servers: count, name: 'GET /api/v1/products?page=1&limit=12', ...list });
    const orders = await loadAll(used, '/api/v1/orders', ORDER_CONNECTIONS, orderLoad);
    report({ servers: count, name: 'POST /api/v1/orders (1–3 products)', ...orders });
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await adminQuery(baseDatabaseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(workDir, { recursive: true, force: true });
}

const loadAfter = loadavg()[0].toFixed(1);
console.log(
  `Load average (1 min) before ${loadBefore}, after ${loadAfter}, on ${availableParallelism()} cores`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/scaling-latest.json'),
  JSON.stringify(
    { date: new Date().toISOString(), durationSeconds: DURATION_SECONDS, loadBefore, loadAfter, rows },
    null,
    2,
  ),
);
const failed = rows.some((row) => row.errors > 0);
if (failed) console.log('FAIL  some requests failed');
process.exit(failed ? 1 : 0);
