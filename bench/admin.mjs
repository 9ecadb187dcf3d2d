// `node bench/admin.mjs`: the admin's order list with 100,000 orders in the store, one client at a time
// (a shop owner on a phone), on the embedded database (PGlite) — and on PostgreSQL too when
// BENCH_DATABASE_URL names an empty database. Budget: p99 ≤ 250 ms on PGlite, ≤ 100 ms on PostgreSQL, for
// each list page measured: the first page, a status tab, a later page, a name search, an order-number
// search. Also the admin's first-load JavaScript (gzipped, level 9): budget ≤ 150 KB. And saving a product
// with 240 variants (12 sizes × 20 colours) in the product editor, with 50,000 products in the store
// (`PUT /api/v1/admin/products/:productId`, a new price each time): budget p99 ≤ 300 ms on both databases.
//
// The orders are written straight into the database before the server starts (one line, one event and, when
// paid, one payment each; 5,000 customers; over a year of dates; Pending ones without a payment window, so
// the server does not spend its start cancelling them), with a signed-in owner. BENCH_ORDERS
// (default 100000), BENCH_PRODUCTS (default 50000), BENCH_REQUESTS (default 200 per page) and BENCH_SAVES
// (default 50) change the size. Results:
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
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const SAVES = Number(process.env.BENCH_SAVES ?? 50);
const BUDGET_MS = { pglite: 250, postgres: 100 };
const SAVE_BUDGET_MS = 300;
const SAVE_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '26', '28', '30'];
const SAVE_COLORS = Array.from({ length: 20 }, (_, index) => `Colour ${index + 1}`);
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
  const matrixProductId = await seedProducts(query, storeId);
  await query('ANALYZE');
  return { token, productId: matrixProductId };
}

/**
 * Writes `PRODUCTS` plain products into the store's first category and one more, the one the editor saves,
 * with 240 variants (every size × colour) and its size and colour attributes; returns that product's id.
 */
async function seedProducts(query, storeId) {
  const [{ id: categoryId }] = (
    await query('SELECT id FROM categories WHERE store_id = $1 ORDER BY id LIMIT 1', [storeId])
  ).rows;
  await query(
    `INSERT INTO products (store_id, sku, title, description, category_id, regular_price_paise, stock, unit,
       sort_order, content_hash)
     SELECT $1, 'BENCH-P-' || n, 'Bench Cotton Kurta ' || n, 'A plain product of the benchmark.', $2,
       50000 + n % 1000 * 100, n % 50, 'piece', 10000 + n, ''
     FROM generate_series(1, $3::integer) AS n`,
    [storeId, categoryId, PRODUCTS],
  );
  const [{ id: productId }] = (
    await query(
      `INSERT INTO products (store_id, sku, title, description, category_id, regular_price_paise, unit,
         sort_order, content_hash)
       VALUES ($1, 'BENCH-MATRIX', 'Bench Matrix Kurta', 'Sold in 240 variants.', $2, 149900, 'piece', 0, '')
       RETURNING id`,
      [storeId, categoryId],
    )
  ).rows;
  await query(
    `INSERT INTO product_attributes (store_id, product_id, key, "values", position)
     VALUES ($1, $2, 'size', $3::jsonb, 0), ($1, $2, 'color', $4::jsonb, 1)`,
    [storeId, productId, JSON.stringify(SAVE_SIZES), JSON.stringify(SAVE_COLORS)],
  );
  await query(
    `INSERT INTO product_variants (store_id, product_id, sku, size, color, stock, imported_stock, position)
     SELECT $1, $2, 'BENCH-MATRIX-' || s.n || '-' || c.n, s.size, c.color, 5, 5, (s.n - 1) * 20 + c.n - 1
     FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS s(size, n),
       jsonb_array_elements_text($4::jsonb) WITH ORDINALITY AS c(color, n)`,
    [storeId, productId, JSON.stringify(SAVE_SIZES), JSON.stringify(SAVE_COLORS)],
  );
  return productId;
}

/**
 * p99 of `SAVES` sequential saves of the 240-variant product in the editor (its form as loaded, a new price
 * each time, one variant's stock changed), after 3 warm-up saves.
 */
async function measureSave(baseUrl, token, kind, productId) {
  const url = `${baseUrl}/api/v1/admin/products/${productId}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const loaded = await fetch(url, { headers });
  const { values } = await loaded.json();
  if (loaded.status !== 200 || values.variants.length !== 240) {
    throw new Error(`editor load: ${loaded.status}, ${values?.variants?.length} variants`);
  }
  let round = 0;
  const save = async () => {
    round += 1;
    const body = {
      ...values,
      regularPrice: 1499 + (round % 100),
      variants: values.variants.map((variant, index) => ({
        ...variant,
        stockAsLoaded: variant.stock,
        stock: index === round % 240 ? 7 : variant.stock,
      })),
    };
    const started = performance.now();
    const response = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
    const answer = await response.json();
    if (response.status !== 200) throw new Error(`save: ${response.status} ${JSON.stringify(answer)}`);
    values.variants = answer.values.variants;
    return performance.now() - started;
  };
  for (let index = 0; index < 3; index++) await save();
  const times = [];
  for (let index = 0; index < SAVES; index++) times.push(await save());
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)];
  const row = {
    database: kind,
    page: 'save product, 240 variants',
    rows: 240,
    p50Ms: +times[Math.floor(times.length / 2)].toFixed(1),
    p99Ms: +p99.toFixed(1),
    budgetMs: SAVE_BUDGET_MS,
  };
  console.log(
    `${kind.padEnd(8)} ${row.page.padEnd(28)} ${String(row.rows).padStart(3)} rows  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms (budget ${row.budgetMs})`,
  );
  return row;
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
  const { token, productId } = await seed((text, params) => db.query(text, params));
  await db.close();
  console.log(
    `Seeded ${ORDERS} orders into PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  try {
    results.push(...(await measure(server.baseUrl, token, 'pglite')));
    results.push(await measureSave(server.baseUrl, token, 'pglite', productId));
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
  const { token, productId } = await seed((text, params) => client.query(text, params));
  await client.end();
  const server = await startServer({ env });
  try {
    results.push(...(await measure(server.baseUrl, token, 'postgres')));
    results.push(await measureSave(server.baseUrl, token, 'postgres', productId));
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
  `${JSON.stringify({ orders: ORDERS, products: PRODUCTS, requests: REQUESTS, saves: SAVES, results, adminFirstLoadGzipBytes: chunk, pass }, null, 2)}\n`,
);
console.log(pass ? 'PASS' : 'FAIL');
process.exit(pass ? 0 : 1);
