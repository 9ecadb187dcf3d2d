// `node bench/fast-path.mjs` (part of `npm run bench`): what the store's request pipeline costs, as a ratio of
// each answer's req/s to a bare Fastify route (bench/bare-fastify.mjs) answering the same bytes with the same
// Content-Type and Content-Encoding, started beside the store in the same run, so that the machine's load and
// the load generator's own cost of reading the answer weigh on both sides alike (autocannon decodes every body
// it reads: a bare route answering 25 KB reaches only about 2,000 req/s, 20 bytes about 50,000). The bare route
// is measured before and after each run of a target, and the ratio is taken to the mean of those two runs; each
// target is measured in FAST_PATH_ROUNDS rounds (default 3) and the median round is reported, since on a shared
// virtual machine one run of the same code moves by up to a third (0.44–0.67 for `/health/live` in one hour of
// 28 Nov). Each row also prints the CPU time the server process spent per answer (from /proc/<pid>/stat), store
// beside bare route, which does not depend on the load generator. Budgets (docs/decisions/035-fast-path.md):
// - `GET /api/v1/health/live` ≥ 0.5 of the bare route;
// - the cached product list, the product answer and a cached server-rendered page (gzip, and Brotli as a
//   browser asks) ≥ 0.25, each with p99 ≤ 10 ms at 32 connections on the embedded store;
// - a static file (`/favicon.svg`) ≥ 0.4;
// - the same page for a client that sends no `Accept-Encoding` (link previews, crawlers) served from the cache
//   at the speed of a gzipped one: its ratio ≥ 0.8 of the gzipped page's ratio (it sends 5–10 times the bytes,
//   so its req/s are compared with a bare route sending as many).
// The store runs at LOG_LEVEL=info, the default a shop runs with. FAST_PATH_SECONDS (default 5) per run;
// FAST_PATH_ONLY=<target key> measures one target alone (e.g. to profile it: SERVER_NODE_ARGS='--cpu-prof
// --cpu-prof-dir=/tmp/prof' FAST_PATH_ONLY=list node bench/fast-path.mjs). Exits 1 when a budget is missed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { load, root } from './helpers.mjs';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.FAST_PATH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
/** Store runs per target, each between two bare-route runs; the median round counts (odd, so it is one run). */
const ROUNDS = Number(process.env.FAST_PATH_ROUNDS ?? 3);
const ONLY = process.env.FAST_PATH_ONLY;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user and system) the process `pid` has used so far, from /proc/<pid>/stat. */
function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Starts bench/bare-fastify.mjs, answering `answer` (`{ file, contentType, contentEncoding }`) or, without it,
 * `{"status":"ok"}`; resolves with its base URL, its pid and a stop function.
 */
async function startBare(answer) {
  const args = answer ? [answer.file, answer.contentType, answer.contentEncoding ?? ''] : [];
  const child = spawn(process.execPath, [join(root, 'bench/bare-fastify.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value: line } = await lines.next();
  return {
    baseUrl: `http://127.0.0.1:${line.trim()}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * One autocannon run of `url` (after a warm-up): req/s, p50, p99, errors and non-2xx answers, and the CPU time
 * the server process `pid` spent per answer in microseconds (independent of how fast the load generator reads).
 */
async function measure(url, headers, pid) {
  const options = { connections: CONNECTIONS, headers };
  await load(url, { ...options, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuSecondsOf(pid);
  const result = await load(url, { ...options, duration: SECONDS });
  const cpuSeconds = cpuSecondsOf(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMicrosPerRequest: Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests.total)),
  };
}

/**
 * Fetches `path` once, checks its status and Content-Encoding, and keeps its bytes in `dir` for the bare
 * route to answer; resolves with `{ file, contentType, contentEncoding, bytes }`.
 */
async function fetchAnswer(baseUrl, path, headers, encoding, dir) {
  const { request } = await import('node:http');
  const { response, body } = await new Promise((resolve, reject) => {
    request(`${baseUrl}${path}`, { headers }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => resolve({ response: answer, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
  const sent = response.headers['content-encoding'] ?? 'identity';
  if (response.statusCode !== 200 || (encoding && sent !== encoding))
    throw new Error(`${path}: ${response.statusCode} ${sent}, expected 200 ${encoding}`);
  const file = join(dir, `answer-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, body);
  return {
    file,
    contentType: response.headers['content-type'] ?? 'application/octet-stream',
    contentEncoding: response.headers['content-encoding'],
    bytes: body.length,
  };
}

ensureBuilt();
// The log goes to a file, as a service manager's journal takes it; a pipe drained by this busy process would
// measure the pipe.
const logDir = mkdtempSync(join(tmpdir(), 'resham-fast-path-'));
const logFile = join(logDir, 'server.log');
const server = await startServer({ env: { LOG_LEVEL: 'info' }, logFile });
const rows = [];
let failed = false;
try {
  const list = await (await fetch(`${server.baseUrl}/api/v1/products?page=1&limit=12`)).json();
  const productId = list.data[0].id;
  const page = '/products?category=women';
  const targets = [
    { key: 'live', name: 'GET /api/v1/health/live', path: '/api/v1/health/live', ratio: 0.5 },
    {
      key: 'list',
      name: 'GET /api/v1/products?page=1&limit=12',
      path: '/api/v1/products?page=1&limit=12',
      ratio: 0.25,
      p99: 10,
    },
    {
      key: 'product',
      name: 'GET /api/v1/products/{id}',
      path: `/api/v1/products/${productId}`,
      ratio: 0.25,
      p99: 10,
    },
    {
      key: 'page-br',
      name: `GET ${page} (Brotli, as browsers ask)`,
      path: page,
      headers: BROWSER,
      encoding: 'br',
      ratio: 0.25,
      p99: 10,
    },
    {
      key: 'page-gzip',
      name: `GET ${page} (gzip)`,
      path: page,
      headers: { 'accept-encoding': 'gzip' },
      encoding: 'gzip',
      ratio: 0.25,
      p99: 10,
    },
    {
      key: 'page-identity',
      name: `GET ${page} (no Accept-Encoding)`,
      path: page,
      encoding: 'identity',
      ratio: 0.25,
      p99: 10,
      vsGzip: 0.8,
    },
    {
      key: 'static',
      name: 'static file /favicon.svg',
      path: '/favicon.svg',
      headers: BROWSER,
      ratio: 0.4,
    },
  ].filter((target) => !ONLY || target.key === ONLY);
  console.log(
    `fast path: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up; load average ${loadavg()[0].toFixed(1)} at the start`,
  );
  for (const target of targets) {
    const answer = await fetchAnswer(
      server.baseUrl,
      target.path,
      target.headers ?? {},
      target.encoding,
      logDir,
    );
    const bare = await startBare(answer);
    try {
      // Rounds alternate bare route and store (bare, store, bare, …, bare); each store run is compared with the
      // bare runs on either side of it, and the median round is kept.
      const bareRuns = [await measure(`${bare.baseUrl}/`, {}, bare.pid)];
      const rounds = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const result = await measure(`${server.baseUrl}${target.path}`, target.headers ?? {}, server.pid);
        bareRuns.push(await measure(`${bare.baseUrl}/`, {}, bare.pid));
        const [before, after] = bareRuns.slice(-2);
        const bareRps = Math.round((before.requestsPerSecond + after.requestsPerSecond) / 2);
        rounds.push({
          ...result,
          bareRps,
          bareCpuMicrosPerRequest: Math.round((before.cpuMicrosPerRequest + after.cpuMicrosPerRequest) / 2),
          bareP99Ms: Math.max(before.p99Ms, after.p99Ms),
          ratioMeasured: result.requestsPerSecond / bareRps,
        });
      }
      const byRatio = [...rounds].sort((a, b) => a.ratioMeasured - b.ratioMeasured);
      const byP99 = [...rounds].sort((a, b) => a.p99Ms - b.p99Ms);
      const middle = Math.floor(ROUNDS / 2);
      rows.push({
        ...target,
        ...byRatio[middle],
        // The median p99 of the rounds (a p99 moves between runs on its own, apart from the ratio).
        p99Ms: byP99[middle].p99Ms,
        ratios: rounds.map((round) => Number(round.ratioMeasured.toFixed(2))),
        bytes: answer.bytes,
      });
    } finally {
      await bare.stop();
    }
  }
} finally {
  await server.stop();
  const logLines = readFileSync(logFile, 'utf8').split('\n').length - 1;
  console.log(`the server wrote ${logLines} log lines at LOG_LEVEL=info`);
  rmSync(logDir, { recursive: true, force: true });
}

const checks = [];
for (const row of rows) {
  console.log(
    `${row.name.padEnd(56)} ${String(row.bytes).padStart(6)} B ${String(row.requestsPerSecond).padStart(6)} req/s  p99 ${String(row.p99Ms).padStart(3)} ms  bare ${String(row.bareRps).padStart(6)} req/s, p99 ${row.bareP99Ms} ms  ratio ${row.ratioMeasured.toFixed(2)} (rounds ${row.ratios.join(', ')})  CPU/answer ${row.cpuMicrosPerRequest} µs (bare ${row.bareCpuMicrosPerRequest} µs)  errors ${row.errors}`,
  );
  checks.push([
    `${row.name}: ratio ${row.ratioMeasured.toFixed(2)} ≥ ${row.ratio} of the bare route`,
    row.ratioMeasured >= row.ratio,
  ]);
  if (row.p99 !== undefined)
    checks.push([`${row.name}: p99 ${row.p99Ms} ms ≤ ${row.p99} ms`, row.p99Ms <= row.p99]);
  checks.push([`${row.name}: no errors`, row.errors === 0]);
}
const gzipPage = rows.find((row) => row.key === 'page-gzip');
const plainPage = rows.find((row) => row.key === 'page-identity');
if (gzipPage && plainPage) {
  const speed = plainPage.ratioMeasured / gzipPage.ratioMeasured;
  console.log(`page without Accept-Encoding, its ratio / the gzipped page's ratio: ${speed.toFixed(2)}`);
  checks.push([
    `page without Accept-Encoding at ${speed.toFixed(2)} ≥ ${plainPage.vsGzip} of the gzipped page's ratio`,
    speed >= plainPage.vsGzip,
  ]);
}
console.log('');
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/fast-path.json'), `${JSON.stringify(rows, null, 2)}\n`);
process.exit(failed ? 1 : 0);
