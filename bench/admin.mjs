// `node bench/admin.mjs`: the admin's order list with 100,000 orders in the store, one client at a time
// (a shop owner on a phone), on the embedded database (PGlite) — and on PostgreSQL too when
// BENCH_DATABASE_URL names an empty database. Budget: p99 ≤ 250 ms on PGlite, ≤ 100 ms on PostgreSQL, for
// each list page measured: the first page, a status tab, a later page, a name search, an order-number
// search. Also the admin's first-load JavaScript (gzipped, level 9): budget ≤ 150 KB.
//
// The orders are written straight into the database before the server starts (one line, one event and, when
// paid, one payment each; 5,000 customers; over a year of dates; Pending ones without a payment window, so
// the server does not spend its start cancelling them), with a signed-in owner. BENCH_ORDERS
// (default 100000) and BENCH_REQUESTS (default 200 per page) change the size. Results:
// bench/results/admin-latest.json.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { openBenchPglite, root } from './helpers.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BUDGET_MS = { pglite: 250, postgres: 100 };
const CHUNK_BUDGET_BYTES = 150 * 1024;

/** Writes the orders, their lines, events and payments, customers and a signed-in owner; returns its token. */
async function seed(query) {
  const [{ id: storeId }] = (await query('SELECT id FROM stores WHERE is_default')).rows;
  const [{ id: productId, sku, title, price }] = (
    await query(
      'SELECT id, sku, title, regular_price_paise AS price FROM products WHERE store_id = $1 LIMIT 1',
      [storeId],
    )
  ).rows;
  await query(
    `INSERT INTO users (store_id, email, first_name, last_name, password_hash)
     SELECT $1, 'bench-buyer-' || n || '@example.com', 'Buyer' || n, 'Sharma', 'x' FROM generate_series(1, 5000) AS n`,
    [storeId],
  );
  await query(
    `INSERT INTO orders (store_id, order_number, user_id, email, status, full_name, address, city, state,
       postal_code, phone, phone_digits, subtotal_paise, total_paise, created_at, updated_at, payment_due_at)
     SELECT $1, 'RS-' || upper(lpad(to_hex(n), 8, '0')), u.id, u.email, n % 5, u.first_name || ' Sharma',
       '14 Assi Ghat Road', 'Varanasi', 'Uttar Pradesh', '221005', '+91 98' || lpad((n % 100000000)::text, 8, '0'),
       '98' || lpad((n % 100000000)::text, 8, '0'), $2::bigint, $2::bigint,
       now() - n * interval '5 minutes', now(), NULL
     FROM generate_series(1, $3::integer) AS n
     JOIN users u ON u.store_id = $1 AND u.email = 'bench-buyer-' || (n % 5000 + 1) || '@example.com'`,
    [storeId, price, ORDERS],
  );
  await query(
    `INSERT INTO order_lines (store_id, order_id, product_id, product_title, sku, unit, unit_price_paise, quantity,
       line_total_paise, position)
     SELECT $1, id, $2, $3, $4, 'piece', $5::integer, 1, $5::bigint, 0 FROM orders WHERE store_id = $1`,
    [storeId, productId, title, sku, price],
  );
  await query(
    `INSERT INTO order_events (store_id, order_id, from_status, to_status, cause, created_at)
     SELECT $1, id, NULL, 0, 'created', created_at FROM orders WHERE store_id = $1`,
    [storeId],
  );
  await query(
    `INSERT INTO payments (store_id, order_id, provider, method, gateway_id, amount_paise, status, test_mode, created_at)
     SELECT $1, id, CASE WHEN status % 2 = 0 THEN 'upi' ELSE 'payu' END, 'upi', 'BENCH' || order_number,
       total_paise, 'succeeded', status = 3, created_at
     FROM orders WHERE store_id = $1 AND status IN (1, 2, 3)`,
    [storeId],
  );
  const token = randomBytes(32).toString('base64url');
  const [{ id: ownerId }] = (
    await query(
      `INSERT INTO users (store_id, email, first_name, last_name, password_hash)
       VALUES ($1, 'bench-owner@example.com', 'Bench', 'Owner', 'x') RETURNING id`,
      [storeId],
    )
  ).rows;
  await query(
    `INSERT INTO store_members (store_id, user_id, role, accepted_at) VALUES ($1, $2, 'owner', now())`,
    [storeId, ownerId],
  );
  await query(
    `INSERT INTO sessions (store_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [storeId, ownerId, createHash('sha256').update(token).digest('hex')],
  );
  await query('ANALYZE');
  return token;
}

const PAGES = [
  ['first page', ''],
  ['Processing tab', 'status=processing'],
  ['page 40', 'page=40'],
  ['name search', 'q=Buyer42%20Sharma'],
  ['order number search', `q=RS-${(4242).toString(16).padStart(8, '0').toUpperCase()}`],
  ['test payments, oldest first', 'test=true&sort=oldest'],
];

/** p99 of `REQUESTS` sequential GETs of each list page, after 10 warm-up requests. */
async function measure(baseUrl, token, kind) {
  const rows = [];
  for (const [name, query] of PAGES) {
    const url = `${baseUrl}/api/v1/admin/orders${query ? `?${query}` : ''}`;
    const get = async () => {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, rows: body.orders.length };
    };
    for (let index = 0; index < 10; index++) await get();
    const times = [];
    let found = 0;
    for (let index = 0; index < REQUESTS; index++) {
      const { ms, rows: count } = await get();
      times.push(ms);
      found = count;
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
    const row = {
      database: kind,
      page: name,
      rows: found,
      p50Ms: +times[Math.floor(times.length / 2)].toFixed(1),
      p99Ms: +p99.toFixed(1),
      budgetMs: BUDGET_MS[kind],
    };
    console.log(
      `${kind.padEnd(8)} ${name.padEnd(28)} ${String(found).padStart(3)} rows  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms (budget ${row.budgetMs})`,
    );
    rows.push(row);
  }
  return rows;
}

/** The admin page's first-load JavaScript, gzipped (entry and every chunk its page preloads). */
function adminChunkBytes() {
  const dist = join(root, 'dist/client');
  const html = readFileSync(join(dist, 'admin/index.html'), 'utf8');
  const files = new Set(
    [
      ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
      ...html.matchAll(/rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ].map((match) => match[1]),
  );
  return [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
}

ensureBuilt({ client: true });
const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'resham-admin-bench-'));
try {
  // First start: migrate and load the demo shop; then seed while the store is stopped (the folder is locked).
  await (await startServer({ env: { DATA_DIR: dataDir } })).stop();
  const db = await openBenchPglite(dataDir);
  const started = performance.now();
  const token = await seed((text, params) => db.query(text, params));
  await db.close();
  console.log(
    `Seeded ${ORDERS} orders into PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  try {
    results.push(...(await measure(server.baseUrl, token, 'pglite')));
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_DATABASE_URL) {
  const env = { DATABASE_URL: process.env.BENCH_DATABASE_URL };
  await (await startServer({ env })).stop();
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  const token = await seed((text, params) => client.query(text, params));
  await client.end();
  const server = await startServer({ env });
  try {
    results.push(...(await measure(server.baseUrl, token, 'postgres')));
  } finally {
    await server.stop();
  }
}

const chunk = adminChunkBytes();
console.log(`Admin first-load JavaScript: ${(chunk / 1024).toFixed(1)} KB gzipped (budget 150 KB)`);
const pass = results.every((row) => row.p99Ms <= row.budgetMs) && chunk <= CHUNK_BUDGET_BYTES;
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/admin-latest.json'),
  `${JSON.stringify({ orders: ORDERS, requests: REQUESTS, results, adminFirstLoadGzipBytes: chunk, pass }, null, 2)}\n`,
);
console.log(pass ? 'PASS' : 'FAIL');
process.exit(pass ? 0 : 1);
