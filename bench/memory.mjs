// `node bench/memory.mjs` (part of `npm run bench`): the server's memory and start times on the demo shop.
// For the embedded database (PGlite) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL
// server, for PostgreSQL too (a new database is created there and dropped after):
// - a first start: an empty data folder (or database), so migrations and the demo shop run; from the spawn
//   of the built server to its "Resham is running" line, median of BENCH_START_RUNS (default 3) starts:
//   budget ≤ 3 s;
// - a start on an existing data folder (the same folder, started and stopped before): median of the same
//   number of starts: budget ≤ 1.5 s;
// - the server's resident memory (VmRSS of /proc/<pid>/status) after a load mix like the rest of the bench's
//   (the home, listing and product pages, the product list and a product as JSON, searches and suggestions,
//   checkouts and UPI payments, BENCH_MEMORY_SECONDS (default 4) each): budget ≤ 300 MB on PGlite and
//   ≤ 150 MB on PostgreSQL. The peak (VmHWM) and a breakdown (Node's heap, array buffers, WebAssembly
//   memories: see bench/memory-probe.mjs) are printed beside it.
// Writes bench/results/memory.json and exits 1 when a budget is missed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { serverProcessSettings } from '../scripts/server-process-settings.mjs';
import { freePort } from '../scripts/start-server-process.mjs';
import {
  accountRotation,
  adminQuery,
  benchProducts,
  importBenchCatalogue,
  insertBenchAccounts,
  load,
  openBenchPglite,
  randomOrderBody,
  root,
  summarize,
} from './helpers.mjs';

const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 4);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BUDGETS = {
  pglite: { rssMb: 300, firstStartS: 3, startS: 1.5 },
  postgres: { rssMb: 150, firstStartS: 3, startS: 1.5 },
};
/** Signed-in accounts for the checkout phase (at most 3 unpaid orders each). */
const ACCOUNTS = 3000;
const PROBE = join(root, 'bench/memory-probe.mjs');
/** SERVER_NODE_ARGS: extra Node.js flags for the server, as scripts/start-server-process.mjs takes them. */
const NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const KINDS = process.env.BENCH_DATABASES?.split(',');
const SEARCH_TEXTS = ['silk saree', 'cotton kurta', 'banarasi', 'chikankari', 'lehenga', 'khadi', 'ikat'];
const SUGGEST_TEXTS = ['sil', 'kur', 'ban', 'chi', 'leh', 'kha', 'ika', 'sher', 'dupa', 'cott'];

/**
 * Starts the built server with `env` (DATA_DIR or DATABASE_URL) and the memory probe.
 * @returns its base URL, process id, the seconds from spawn to its "Resham is running" line, and stop().
 */
async function start(env) {
  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const started = process.hrtime.bigint();
  // Started as `npm start` starts it (scripts/server-process-settings.mjs).
  const settings = serverProcessSettings(env.MEMORY ?? process.env.MEMORY);
  const child = spawn(
    process.execPath,
    [...settings.nodeFlags, ...NODE_ARGS, `--import=${PROBE}`, join(root, 'dist/server/main.js')],
    {
      cwd: root,
      env: {
        ...inherited,
        ...settings.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const seconds = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Resham is running')) resolve(Number(process.hrtime.bigint() - started) / 1e9);
    });
    void exited.then((code) => reject(new Error(`the server exited with code ${code}: ${output}`)));
  });
  child.stdout.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    seconds,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server's memory as its probe reports it (bench/memory-probe.mjs). */
async function memoryOf(server) {
  const file = join(tmpdir(), `resham-memory-${server.pid}.json`);
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let tries = 0; tries < 100 && !existsSync(file); tries++) await new Promise((r) => setTimeout(r, 50));
  const report = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return report;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** A fresh place for a database of `kind`: its env for the server and a function removing it. */
async function freshDatabase(kind, work, index) {
  if (kind === 'pglite') {
    const dataDir = join(work, `data-${index}`);
    mkdirSync(dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `resham_memory_bench_${process.pid}_${index}`;
  await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    remove: () => adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Writes the bench accounts into the (stopped) database of `env`; answers their tokens. */
async function benchAccounts(kind, env) {
  if (kind === 'pglite') {
    const db = await openBenchPglite(env.DATA_DIR);
    try {
      const [{ id }] = (await db.query('SELECT id FROM stores WHERE is_default')).rows;
      return await insertBenchAccounts(db, id, ACCOUNTS);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const [{ id }] = (await client.query('SELECT id FROM stores WHERE is_default')).rows;
    return await insertBenchAccounts(client, id, ACCOUNTS);
  } finally {
    await client.end();
  }
}

/** The load mix; answers one summary row per target. */
async function loadMix(baseUrl, tokens) {
  const rows = [];
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const list = await (await fetch(`${baseUrl}/api/v1/products?page=1&limit=12`)).json();
  const productIds = list.data.map((product) => product.id);
  let turn = 0;
  const rotate = (paths) => (request) => ({ ...request, path: paths[turn++ % paths.length] });
  const targets = [
    ['home page (HTML)', ['/']],
    ['listing pages (HTML)', ['/products?category=women', '/products?category=men', '/products']],
    ['product pages (HTML)', productIds.map((id) => `/product/${id}`)],
    ['product list (JSON)', ['/api/v1/products?page=1&limit=12', '/api/v1/products?page=2&limit=12']],
    ['products (JSON)', productIds.map((id) => `/api/v1/products/${id}`)],
    ['search (JSON)', SEARCH_TEXTS.map((q) => `/api/v1/products?q=${encodeURIComponent(q)}&facets=1`)],
    ['suggestions (JSON)', SUGGEST_TEXTS.map((q) => `/api/v1/search/suggest?q=${q}`)],
  ];
  for (const [name, paths] of targets) {
    const result = await load(baseUrl, {
      connections: 16,
      duration: SECONDS,
      headers,
      requests: [{ setupRequest: rotate(paths) }],
    });
    rows.push(summarize(name, result));
  }
  const products = await benchProducts(baseUrl);
  const nextAuthorization = accountRotation(tokens);
  const orderHeaders = (authorization) => ({ authorization, 'content-type': 'application/json' });
  const orders = await load(baseUrl, {
    connections: 10,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (request) => ({
          ...request,
          headers: orderHeaders(nextAuthorization()),
          body: randomOrderBody(products),
        }),
      },
    ],
  });
  rows.push(summarize('checkouts (POST /orders)', orders));
  // UPI QR codes for 50 pending orders, each asked by its own customer (asking again is idempotent).
  const pending = [];
  for (let index = 0; index < 50; index++) {
    const headers = orderHeaders(nextAuthorization());
    const created = await fetch(`${baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers,
      body: randomOrderBody(products),
    });
    if (created.status !== 201) throw new Error(`a bench order was refused: ${created.status}`);
    pending.push({ id: (await created.json()).id, headers });
  }
  const payments = await load(baseUrl, {
    connections: 10,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/payments',
        setupRequest: (request) => {
          const order = pending[turn++ % pending.length];
          const fields = { name: 'Bench Customer', email: 'bench@example.com', phone: '+919839041736' };
          return {
            ...request,
            headers: order.headers,
            body: JSON.stringify({
              orderId: order.id,
              fields: { ...fields, method: 'upi_qr', businessName: '', gstin: '' },
            }),
          };
        },
      },
    ],
  });
  rows.push(summarize('UPI payments (POST /payments)', payments));
  return rows;
}

ensureBuilt();
const kinds = KINDS ?? ['pglite', ...(DATABASE_URL ? ['postgres'] : [])];
const work = mkdtempSync(join(tmpdir(), 'resham-memory-bench-'));
const results = { date: new Date().toISOString(), loadAverage: loadavg()[0], runs: [] };
let failed = false;
try {
  for (const kind of kinds) {
    const budgets = BUDGETS[kind];
    const firstStarts = [];
    let kept;
    for (let index = 0; index < START_RUNS; index++) {
      const database = await freshDatabase(kind, work, index);
      const server = await start(database.env);
      firstStarts.push(server.seconds);
      await server.stop();
      if (kept) await kept.remove();
      kept = database;
    }
    const starts = [];
    for (let index = 0; index < START_RUNS; index++) {
      const server = await start(kept.env);
      starts.push(server.seconds);
      const idle = index === 0 ? await memoryOf(server) : null;
      if (idle) results.idle = { ...results.idle, [kind]: idle };
      await server.stop();
    }
    importBenchCatalogue(work, kept.env);
    const tokens = await benchAccounts(kind, kept.env);
    const server = await start(kept.env);
    let rows;
    let memory;
    try {
      rows = await loadMix(server.baseUrl, tokens);
      memory = await memoryOf(server);
    } finally {
      await server.stop();
      await kept.remove();
    }
    const run = {
      kind,
      firstStartS: round(median(firstStarts)),
      firstStarts: firstStarts.map((s) => round(s)),
      startS: round(median(starts)),
      starts: starts.map((s) => round(s)),
      idleAfterStart: results.idle[kind],
      afterLoad: memory,
      load: rows,
    };
    results.runs.push(run);
    console.log(`\n${kind}:`);
    for (const row of rows)
      console.log(
        `  ${row.name.padEnd(28)} ${String(row.requestsPerSecond).padStart(6)} req/s   p99 ${String(row.p99Ms).padStart(4)} ms   errors ${row.errors}`,
      );
    const idle = run.idleAfterStart;
    console.log(
      `  first start (empty database, demo shop): median ${run.firstStartS} s of ${run.firstStarts.join(', ')} s`,
    );
    console.log(`  start on existing data: median ${run.startS} s of ${run.starts.join(', ')} s`);
    console.log(`  idle after start: ${JSON.stringify(idle)}`);
    console.log(`  after the load:   ${JSON.stringify(memory)}`);
    const rss = memory.kernelMb.VmRSS;
    const checks = [
      [`${kind}: RSS after the load ${rss} MB ≤ ${budgets.rssMb} MB`, rss <= budgets.rssMb],
      [
        `${kind}: first start ${run.firstStartS} s ≤ ${budgets.firstStartS} s`,
        run.firstStartS <= budgets.firstStartS,
      ],
      [`${kind}: start on existing data ${run.startS} s ≤ ${budgets.startS} s`, run.startS <= budgets.startS],
      [`${kind}: no errors under load`, rows.every((row) => row.errors === 0)],
    ];
    for (const [label, ok] of checks) {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
      if (!ok) failed = true;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/memory.json'), JSON.stringify(results, null, 2));
process.exit(failed ? 1 : 0);
