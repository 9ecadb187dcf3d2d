// `npm run bench`: load benchmarks with autocannon against the started app on the embedded database.
// Budgets (issue #2): the product list serves at least half the req/s of the static page, with p99 ≤ 50 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';

const root = new URL('..', import.meta.url).pathname;
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function load(url, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

ensureBuilt();
const server = await startServer();
const results = [];
let failed = false;
try {
  const list = await (await fetch(`${server.baseUrl}/api/v1/products?page=1&limit=12`)).json();
  const productId = list.data[0].id;
  const targets = [
    { name: 'static index.html', path: '/' },
    { name: 'GET /api/v1/products?page=1&limit=12', path: '/api/v1/products?page=1&limit=12' },
    { name: `GET /api/v1/products/{id}`, path: `/api/v1/products/${productId}` },
  ];
  for (const target of targets) {
    // Warm up (first request fills the response cache), then measure.
    await load(`${server.baseUrl}${target.path}`, { duration: 2 });
    const result = await load(`${server.baseUrl}${target.path}`);
    const row = {
      name: target.name,
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    };
    results.push(row);
    console.log(
      `${row.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(7)} req/s   p99 ${String(row.p99Ms).padStart(4)} ms   errors ${row.errors}`,
    );
  }
} finally {
  await server.stop();
}

const [statik, productList, productById] = results;
const ratio = productList.requestsPerSecond / statik.requestsPerSecond;
console.log(`\nRatio product list / static: ${ratio.toFixed(2)} (budget ≥ 0.50)`);
const checks = [
  ['product list ≥ half the static req/s', ratio >= 0.5],
  ['product list p99 ≤ 50 ms', productList.p99Ms <= 50],
  ['product by id p99 ≤ 50 ms', productById.p99Ms <= 50],
  ['no errors', results.every((row) => row.errors === 0)],
];
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      results,
      ratio,
    },
    null,
    2,
  ),
);
process.exit(failed ? 1 : 0);
