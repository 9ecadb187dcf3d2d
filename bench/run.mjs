// `npm run bench`: load benchmarks with autocannon against the started app on the embedded database.
// Budgets: the product list serves at least half the req/s of a static file, with p99 ≤ 50 ms; so does a
// listing page's HTML (`GET /products?category=women`, rendered on the server and cached compressed), against a
// static file of about its size as sent (reading an answer costs the load generator more the larger it is);
// POST /orders (20 connections) with p99 ≤ 300 ms and no errors; POST /payments (UPI QR, 10 connections,
// over 200 pending orders) with p99 ≤ 100 ms and no errors. Scaling over several servers: bench/scaling.mjs.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import {
  accountRotation,
  benchProducts,
  importBenchCatalogue,
  insertBenchAccounts,
  openBenchPglite,
  load as loadWith,
  randomOrderBody,
  root,
  summarize,
} from './helpers.mjs';

const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function load(url, extra = {}) {
  return loadWith(url, { connections: CONNECTIONS, duration: DURATION_SECONDS, ...extra });
}

const ORDER_CONNECTIONS = 20;
/** Pending orders the POST /payments phase pays for (created through the API before it starts). */
const PAYMENT_ORDERS = 200;
/**
 * POST /payments runs two statements (the session, then the order read and the attempt upsert in one), about
 * 3 ms of event-loop time on PGlite, so its p99 is roughly connections × 3 ms plus pauses: 10 concurrent
 * payment starts (far above a small shop's checkout rate) keep it within the 100 ms budget.
 */
const PAYMENT_CONNECTIONS = 10;

/** Signed-in accounts written before the server starts: an account may leave at most 3 orders unpaid. */
const ACCOUNTS = 8000;

/**
 * The demo shop tracks stock on every product (about 3,100 units in all), which a few seconds of orders
 * would exhaust, turning the orders phase into 409s. The bench therefore imports a prepared demo catalogue
 * (see `importBenchCatalogue`) into its data folder before the server starts, and writes the accounts the
 * orders are spread over. Product pages and lists do not show stock, so the catalogue phases are unchanged.
 */
async function prepareBenchData() {
  const dataDir = mkdtempSync(join(tmpdir(), 'resham-bench-'));
  importBenchCatalogue(dataDir, { DATA_DIR: dataDir });
  const db = await openBenchPglite(dataDir);
  try {
    const [{ id: storeId }] = (await db.query('SELECT id FROM stores WHERE is_default')).rows;
    return { dataDir, tokens: await insertBenchAccounts(db, storeId, ACCOUNTS) };
  } finally {
    await db.close();
  }
}

/** The bytes of `url`'s answer as sent (compressed as `headers` ask; fetch() would hand them back decoded). */
function sentBytes(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk) => (bytes += chunk.length));
      answer.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

function report(row) {
  results.push(row);
  console.log(
    `${row.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(7)} req/s   p99 ${String(row.p99Ms).padStart(4)} ms   errors ${row.errors}`,
  );
}

ensureBuilt();
const { dataDir: benchDataDir, tokens } = await prepareBenchData();
const server = await startServer({ env: { DATA_DIR: benchDataDir } });
const results = [];
let failed = false;
try {
  const list = await (await fetch(`${server.baseUrl}/api/v1/products?page=1&limit=12`)).json();
  const productId = list.data[0].id;
  // The listing page is compared with a static file of about its size as sent (a built script's Brotli copy):
  // the load generator's cost of reading an answer grows with its bytes (docs/benchmarks.md "The fast path").
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const pageBytes = await sentBytes(`${server.baseUrl}/products?category=women`, headers);
  const sameSizeAsset = readdirSync(join(root, 'dist/client/assets'))
    .filter((name) => name.endsWith('.js.br'))
    .map((name) => ({
      name: name.slice(0, -3),
      bytes: statSync(join(root, 'dist/client/assets', name)).size,
    }))
    .sort((a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes))[0];
  const targets = [
    { name: 'static file (favicon.svg)', path: '/favicon.svg' },
    {
      name: `static file of the page's size (${sameSizeAsset.bytes} B)`,
      path: `/assets/${sameSizeAsset.name}`,
    },
    { name: 'GET /api/v1/products?page=1&limit=12', path: '/api/v1/products?page=1&limit=12' },
    { name: `GET /api/v1/products/{id}`, path: `/api/v1/products/${productId}` },
    { name: 'GET /products?category=women (HTML)', path: '/products?category=women' },
    { name: 'GET /product/{id} (HTML)', path: `/product/${productId}` },
  ];
  // Every target is asked as a browser asks, taking compressed answers (pages are kept compressed).
  for (const target of targets) {
    // Warm up (first request fills the response cache), then measure.
    await load(`${server.baseUrl}${target.path}`, { duration: 2, headers });
    const result = await load(`${server.baseUrl}${target.path}`, { headers });
    report(summarize(target.name, result));
  }

  // POST /orders: signed-in customers ordering 1–3 products (a variant of those sold in variants) with a
  // valid Indian address, each account placing at most 3.
  const products = await benchProducts(server.baseUrl);
  const nextAuthorization = accountRotation(tokens);
  const headersOf = (authorization) => ({ authorization, 'content-type': 'application/json' });
  const probe = await fetch(`${server.baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: headersOf(nextAuthorization()),
    body: randomOrderBody(products),
  });
  if (probe.status !== 201)
    throw new Error(`a bench order was refused: ${probe.status} ${await probe.text()}`);
  const orderLoad = {
    connections: ORDER_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (request) => ({
          ...request,
          headers: headersOf(nextAuthorization()),
          body: randomOrderBody(products),
        }),
      },
    ],
  };
  // Warm up as for the other targets (JIT, the database's compiled code, the mail worker), then measure.
  await load(`${server.baseUrl}/api/v1/orders`, { ...orderLoad, duration: 2 });
  const orders = await load(`${server.baseUrl}/api/v1/orders`, orderLoad);
  report(summarize('POST /api/v1/orders (1–3 products)', orders));

  // POST /payments: UPI QR for one of 200 pending orders, asked by the order's own customer. Asking again
  // for the QR code of a pending order is idempotent (it updates the order's one open UPI attempt), so the
  // same orders serve the whole run.
  const pendingOrders = [];
  for (let index = 0; index < PAYMENT_ORDERS; index++) {
    const authorization = nextAuthorization();
    const created = await fetch(`${server.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: headersOf(authorization),
      body: randomOrderBody(products),
    });
    if (created.status !== 201) throw new Error(`a bench order was refused: ${created.status}`);
    pendingOrders.push({ id: (await created.json()).id, headers: headersOf(authorization) });
  }
  const randomPendingOrder = () => pendingOrders[Math.floor(Math.random() * pendingOrders.length)];
  const paymentBody = (order) =>
    JSON.stringify({
      orderId: order.id,
      fields: {
        name: 'Bench Customer',
        email: 'bench@example.com',
        phone: '+919839041736',
        method: 'upi_qr',
        businessName: '',
        gstin: '',
      },
    });
  const probeOrder = randomPendingOrder();
  const paymentProbe = await fetch(`${server.baseUrl}/api/v1/payments`, {
    method: 'POST',
    headers: probeOrder.headers,
    body: paymentBody(probeOrder),
  });
  const probeAnswer = await paymentProbe.json();
  if (paymentProbe.status !== 200 || probeAnswer.action?.type !== 'qr')
    throw new Error(`a bench payment was refused: ${paymentProbe.status} ${JSON.stringify(probeAnswer)}`);
  const paymentsRun = await load(`${server.baseUrl}/api/v1/payments`, {
    connections: PAYMENT_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/payments',
        setupRequest: (request) => {
          const order = randomPendingOrder();
          return { ...request, headers: order.headers, body: paymentBody(order) };
        },
      },
    ],
  });
  report(summarize('POST /api/v1/payments (UPI QR)', paymentsRun));
} finally {
  await server.stop();
  rmSync(benchDataDir, { recursive: true, force: true });
}

const [
  statik,
  sameSizeStatic,
  productList,
  productById,
  listingHtml,
  productHtml,
  createOrder,
  startPayment,
] = results;
const ratio = productList.requestsPerSecond / statik.requestsPerSecond;
const htmlRatio = listingHtml.requestsPerSecond / sameSizeStatic.requestsPerSecond;
console.log(`\nRatio product list / static: ${ratio.toFixed(2)} (budget ≥ 0.50)`);
console.log(`Ratio listing HTML / static file of its size: ${htmlRatio.toFixed(2)} (budget ≥ 0.50)`);
const checks = [
  ['product list ≥ half the static req/s', ratio >= 0.5],
  ['product list p99 ≤ 50 ms', productList.p99Ms <= 50],
  ['product by id p99 ≤ 50 ms', productById.p99Ms <= 50],
  ['listing HTML ≥ half the req/s of a static file of its size', htmlRatio >= 0.5],
  ['listing HTML p99 ≤ 50 ms', listingHtml.p99Ms <= 50],
  ['product HTML p99 ≤ 50 ms', productHtml.p99Ms <= 50],
  ['POST /orders p99 ≤ 300 ms', createOrder.p99Ms <= 300],
  ['POST /orders no errors', createOrder.errors === 0],
  ['POST /payments p99 ≤ 100 ms', startPayment.p99Ms <= 100],
  ['POST /payments no errors', startPayment.errors === 0],
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
      orderConnections: ORDER_CONNECTIONS,
      paymentConnections: PAYMENT_CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      results,
      ratio,
      htmlRatio,
    },
    null,
    2,
  ),
);
process.exit(failed ? 1 : 0);
