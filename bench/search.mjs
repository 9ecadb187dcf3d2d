// `node bench/search.mjs`: the search budgets against the built app, on a generated catalogue of 5,000 and of
// 50,000 products × 6 variants (3 sizes × 2 colours, some sold out), imported with the built CLI.
// Embedded database (PGlite) always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a
// fresh database is created beside the one named and dropped afterwards).
// Every request asks something new (no two requests share a URL), so each one misses the response cache and
// the figures are those of the database work; a repeated question is answered from the cache.
// Budgets (p99 at 8 connections, BENCH_SECONDS each, default 10, after 2 s of warm-up):
//   (a) q + size + colour + sort        ≤ 50 ms on PostgreSQL, ≤ 100 ms on PGlite
//   (b) the same with facets=1          ≤ 80 ms on PostgreSQL (reported on PGlite without a budget)
//   (c) GET /search/suggest?q=<prefix>  ≤ 30 ms
//   plain list GET /products?category=Women&page=N is printed for reference (cached after its first answer).
// BENCH_SIZES=5000 (comma list) picks the catalogue sizes; BENCH_DATABASES=pglite or postgres picks databases.
// Prints every figure with PASS/FAIL and the load average, writes bench/results/search.json, exits 1 when a
// budget is missed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { BENCH_COLOURS as COLOURS, load, root, summarize } from './helpers.mjs';
import { catalogue, FABRICS, GARMENTS, QUERIES, SIZES, WORKS } from './search-catalogue.mjs';

const CONNECTIONS = 8;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES_TO_RUN = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DATABASES = (process.env.BENCH_DATABASES ?? (DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const BUDGETS = {
  pglite: { search: 100, facets: null, suggest: 30 },
  postgres: { search: 50, facets: 80, suggest: 30 },
};

/** Endless distinct paths built from `parts` (a list of lists), in a fixed shuffled order. */
function distinctPaths(build, parts) {
  const combos = [[]];
  for (const options of parts) {
    const next = [];
    for (const combo of combos) for (const option of options) next.push([...combo, option]);
    combos.splice(0, combos.length, ...next);
  }
  let seed = 42;
  for (let i = combos.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [combos[i], combos[j]] = [combos[j], combos[i]];
  }
  let next = 0;
  let wrapped = false;
  return {
    path: () => {
      if (next === combos.length) {
        next = 0;
        wrapped = true;
      }
      return build(...combos[(next += 1) - 1]);
    },
    wrapped: () => wrapped,
  };
}

const limits = Array.from({ length: 12 }, (_, index) => 12 + index);
const searchPaths = (facets) =>
  distinctPaths(
    (q, size, colour, sort, limit) =>
      `/api/v1/products?q=${encodeURIComponent(q)}&size=${size}&color=${encodeURIComponent(colour)}&sort=${sort}&limit=${limit}${facets ? '&facets=1' : ''}`,
    [QUERIES, SIZES, COLOURS, ['price_asc', 'newest', 'relevance'], limits],
  );
const prefixes = [
  ...new Set(
    [...QUERIES, ...COLOURS, ...FABRICS, ...WORKS, ...Object.values(GARMENTS).flat()].flatMap((text) => {
      const lower = text.toLowerCase();
      return Array.from({ length: lower.length - 1 }, (_, index) => lower.slice(0, index + 2)).filter(
        (prefix) => !prefix.endsWith(' '),
      );
    }),
  ),
];
const suggestPaths = () =>
  distinctPaths((prefix) => `/api/v1/search/suggest?q=${encodeURIComponent(prefix)}`, [prefixes]);
const plainPaths = () =>
  distinctPaths(
    (page) => `/api/v1/products?category=Women&page=${page}`,
    [Array.from({ length: 20 }, (_, i) => i + 1)],
  );

async function measure(baseUrl, name, paths, seconds) {
  const result = await load(baseUrl, {
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths.path() }) }],
  });
  return { ...summarize(name, result), repeatedUrls: paths.wrapped() };
}

function importWithCli(file, env) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(root, 'dist/server/cli/catalog-import.js'), file], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`importing ${file} failed`);
  return Math.round((performance.now() - started) / 100) / 10;
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

ensureBuilt({ client: false });
const work = mkdtempSync(join(tmpdir(), 'resham-search-bench-'));
const results = [];
let failed = false;
try {
  for (const count of SIZES_TO_RUN) {
    const file = join(work, `catalogue-${count}.json`);
    writeFileSync(file, JSON.stringify(catalogue(count)));
    for (const kind of DATABASES) {
      let env;
      let dropAfter;
      if (kind === 'postgres') {
        if (!DATABASE_URL) throw new Error('postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
        const name = `resham_search_bench_${process.pid}_${count}`;
        await adminQuery(`CREATE DATABASE ${name}`);
        dropAfter = name;
        const url = new URL(DATABASE_URL);
        url.pathname = `/${name}`;
        env = { DATABASE_URL: url.toString() };
      } else {
        const dataDir = join(work, `data-${count}`);
        mkdirSync(dataDir, { recursive: true });
        env = { DATA_DIR: dataDir };
      }
      try {
        const importSeconds = importWithCli(file, env);
        console.log(`${kind}, ${count} products: imported in ${importSeconds} s`);
        const server = await startServer({ env: { ...env, DEMO_DATA: 'off' } });
        try {
          await measure(server.baseUrl, 'warm-up', searchPaths(false), 2);
          const budgets = BUDGETS[kind];
          const rows = [
            {
              ...(await measure(
                server.baseUrl,
                'q + size + colour + sort',
                searchPaths(false),
                DURATION_SECONDS,
              )),
              budget: budgets.search,
            },
            {
              ...(await measure(
                server.baseUrl,
                'the same with facets=1',
                searchPaths(true),
                DURATION_SECONDS,
              )),
              budget: budgets.facets,
            },
            {
              ...(await measure(server.baseUrl, 'suggest', suggestPaths(), DURATION_SECONDS)),
              budget: budgets.suggest,
            },
            {
              ...(await measure(server.baseUrl, 'plain list (reference)', plainPaths(), DURATION_SECONDS)),
              budget: null,
            },
          ];
          const loadAverage = loadavg()[0];
          for (const row of rows) {
            const verdict =
              row.budget === null ? '' : row.p99Ms <= row.budget && row.errors === 0 ? 'PASS' : 'FAIL';
            if (verdict === 'FAIL') failed = true;
            console.log(
              `${kind.padEnd(8)} ${String(count).padStart(6)} ${row.name.padEnd(26)} p99 ${String(row.p99Ms).padStart(5)} ms` +
                `${row.budget === null ? '' : ` (budget ${row.budget} ms)`} ${row.requestsPerSecond} req/s` +
                ` errors ${row.errors}${row.repeatedUrls ? ' (URLs repeated: some answers cached)' : ''} ${verdict}`,
            );
            results.push({ database: kind, products: count, importSeconds, loadAverage, ...row });
          }
          console.log(`(load average ${loadAverage.toFixed(1)} on ${availableParallelism()} cores)`);
        } finally {
          await server.stop();
        }
      } finally {
        if (dropAfter) await adminQuery(`DROP DATABASE IF EXISTS ${dropAfter} WITH (FORCE)`);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/search.json'), `${JSON.stringify(results, null, 2)}\n`);
process.exit(failed ? 1 : 0);
