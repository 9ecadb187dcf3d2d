// `node bench/search.mjs`: the search budgets against the built app, on a generated catalogue of 5,000 and of
// 50,000 products × 6 variants (3 sizes × 2 colours, some sold out), imported with the built CLI.
// Embedded database (PGlite) always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a
// fresh database is created beside the one named and dropped afterwards).
// First, on a newly started server, the first search of each of the bench's 14 texts one at a time: each reads
// the text's matches from the database (kept in memory for the questions that follow on the same text).
// Then each target runs twice (bench/search-mix.mjs):
//   uncached     every request asks something new, so each one misses the response cache (the texts repeat,
//                so after its first search a text is answered from its kept matches);
//   shopper mix  questions drawn the way shoppers ask them (popular words and colours far more often, suggest
//                prefixes typed letter by letter), so repeats are answered from the cache; the line states the
//                share of requests that repeated an earlier question (cache hits) and how many were distinct.
// On PGlite the uncached search also runs at 1 connection: its one statement at a time is the work of one
// request, and the 8-connection figure is that work times the queue in front of it.
// Budgets (p99 at 8 connections, BENCH_SECONDS each, default 10, after 2 s of warm-up):
//   (a) q + size + colour + sort        ≤ 50 ms on PostgreSQL, ≤ 100 ms on PGlite
//   (b) the same with facets=1          ≤ 80 ms on PostgreSQL (reported on PGlite without a budget)
//   (c) GET /search/suggest?q=<prefix>  ≤ 30 ms
//   plain list GET /products?category=Women&page=N is printed for reference (cached after its first answer).
// BENCH_SIZES=5000 (comma list) picks the catalogue sizes; BENCH_DATABASES=pglite or postgres picks databases.
// Prints every figure with PASS/FAIL and the load average, writes bench/results/search.json, exits 1 when a
// shopper-mix figure misses its budget (with BENCH_STRICT=1, an uncached one too).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { adminQuery, load, root, summarize } from './helpers.mjs';
import { catalogue, QUERIES } from './search-catalogue.mjs';
import {
  distinctSearchPaths,
  distinctSuggestPaths,
  plainPaths,
  shopperMix,
  typingMix,
} from './search-mix.mjs';

const CONNECTIONS = 8;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES_TO_RUN = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DATABASES = (process.env.BENCH_DATABASES ?? (DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
/** With BENCH_STRICT=1, an uncached figure over its budget fails the run too (otherwise it is reported). */
const STRICT = process.env.BENCH_STRICT === '1';
const BUDGETS = {
  pglite: { search: 100, facets: null, suggest: 30 },
  postgres: { search: 50, facets: 80, suggest: 30 },
};

let drains = 0;
/**
 * Waits until the server has answered what the last target left queued (PGlite answers one statement at a
 * time, so requests still queued when a window closes would otherwise slow the next target): one new
 * question goes to the back of the queue.
 */
async function drain(baseUrl) {
  drains += 1;
  await fetch(`${baseUrl}/api/v1/search/suggest?q=${encodeURIComponent(`drain${drains}`)}`);
}

async function measure(baseUrl, name, paths, seconds, connections = CONNECTIONS) {
  const result = await load(baseUrl, {
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths.path() }) }],
  });
  await drain(baseUrl);
  return {
    ...summarize(name, result),
    connections,
    repeatedUrls: paths.wrapped(),
    ...(paths.hitRatio
      ? { hitRatio: Math.round(paths.hitRatio() * 1000) / 1000, distinct: paths.distinct() }
      : {}),
  };
}

/**
 * The first search of each bench text on a newly started server, one at a time (`q` + facets): each reads the
 * text's matches from the database, which later questions on the same text reuse.
 */
async function firstSearches(baseUrl, kind, count) {
  const times = [];
  for (const q of QUERIES) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/products?q=${encodeURIComponent(q)}&facets=1`);
    await response.arrayBuffer();
    times.push([Math.round(performance.now() - started), q]);
  }
  times.sort((a, b) => a[0] - b[0]);
  const [fastest, median, slowest] = [times[0], times[Math.floor(times.length / 2)], times.at(-1)];
  console.log(
    `${kind.padEnd(8)} ${String(count).padStart(6)} first search of each of ${times.length} texts, one at a time:` +
      ` fastest ${fastest[0]} ms ('${fastest[1]}'), median ${median[0]} ms, slowest ${slowest[0]} ms ('${slowest[1]}')`,
  );
  return {
    database: kind,
    products: count,
    name: 'first search of a text',
    fastestMs: fastest[0],
    medianMs: median[0],
    slowestMs: slowest[0],
  };
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
        await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
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
        const budgets = BUDGETS[kind];
        // Two phases, each on a newly started server (an empty response cache): the uncached targets, then the
        // shopper mixes, whose cache hits are then only their own repeats.
        const uncached = distinctSearchPaths(false);
        const phases = [
          {
            // One stream for the warm-up and both uncached list targets, so none of them repeats a question.
            warmUp: uncached,
            targets: [
              ['search, uncached', uncached, budgets.search, 'uncached'],
              ...(kind === 'pglite'
                ? [['search, uncached, 1 connection', uncached, null, 'uncached', 1]]
                : []),
              ['facets=1, uncached', distinctSearchPaths(true), budgets.facets, 'uncached'],
              ['suggest, uncached', distinctSuggestPaths(), budgets.suggest, 'uncached'],
            ],
          },
          {
            // Warmed on plain list pages, which share no cached answer with the mixes.
            warmUp: plainPaths(),
            targets: [
              ['search, shopper mix', shopperMix(false), budgets.search, 'mix'],
              ['facets=1, shopper mix', shopperMix(true), budgets.facets, 'mix'],
              ['suggest, shopper mix', typingMix(), budgets.suggest, 'mix'],
              ['plain list (reference)', plainPaths(), null, 'reference'],
            ],
          },
        ];
        for (const { warmUp, targets } of phases) {
          const server = await startServer({ env: { ...env, DEMO_DATA: 'off' } });
          try {
            if (warmUp === uncached) results.push(await firstSearches(server.baseUrl, kind, count));
            await measure(server.baseUrl, 'warm-up', warmUp, 2);
            for (const [name, paths, budget, stream, connections] of targets) {
              const row = {
                ...(await measure(server.baseUrl, name, paths, DURATION_SECONDS, connections)),
                budget,
                stream,
                loadAverage: Math.round(loadavg()[0] * 10) / 10,
              };
              const verdict =
                row.budget === null ? '' : row.p99Ms <= row.budget && row.errors === 0 ? 'PASS' : 'FAIL';
              if (verdict === 'FAIL' && (stream === 'mix' || STRICT)) failed = true;
              const notes = [
                row.hitRatio === undefined
                  ? ''
                  : ` cache hits ${(row.hitRatio * 100).toFixed(1)} % (${row.distinct} distinct)`,
                row.repeatedUrls ? ' (URLs repeated: some answers cached)' : '',
                ` load ${row.loadAverage}`,
              ].join('');
              console.log(
                `${kind.padEnd(8)} ${String(count).padStart(6)} ${row.name.padEnd(30)} p50 ${String(row.p50Ms).padStart(4)}` +
                  ` p99 ${String(row.p99Ms).padStart(5)} ms${row.budget === null ? '' : ` (budget ${row.budget} ms)`}` +
                  ` ${row.requestsPerSecond} req/s errors ${row.errors}${notes} ${verdict}`,
              );
              results.push({ database: kind, products: count, importSeconds, ...row });
            }
          } finally {
            await server.stop();
          }
        }
        console.log(`(load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
      } finally {
        if (dropAfter) await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${dropAfter} WITH (FORCE)`);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/search.json'), `${JSON.stringify(results, null, 2)}\n`);
process.exit(failed ? 1 : 0);
