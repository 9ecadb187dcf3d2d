// `node bench/reviews.mjs`: the review budgets on the embedded database, against the built app (docs/reviews.md).
// The demo catalogue is imported with the built CLI, 500 shoppers each with a Delivered order of the first
// product and a published review of it (ratings 1–5, fits, one in five with text of 1,000 characters) are
// written straight into the data folder, with the product's rating figures as the reviews module keeps them.
// Then, 32 connections for BENCH_SECONDS (default 10) after 2 s of warm-up each:
// (a) GET /api/v1/products/{id} of that product: p99 ≤ 20 ms and no errors (a cached answer, with its rating);
// (b) GET /api/v1/products/{id}/reviews (the first page, newest first, with the figures): p99 ≤ 50 ms and no
//     errors (read from the database on every request).
// Prints every figure with PASS/FAIL, writes bench/results/reviews.json and exits 1 when a budget is missed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { importBenchCatalogue, load, openBenchPglite, root, summarize } from './helpers.mjs';

const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REVIEWS = 500;
const DETAIL_P99_BUDGET_MS = 20;
const REVIEWS_P99_BUDGET_MS = 50;

ensureBuilt();
const workDir = mkdtempSync(join(tmpdir(), 'resham-bench-reviews-'));
const dataDir = join(workDir, 'data');
mkdirSync(dataDir);
const results = {};
const checks = [];
try {
  importBenchCatalogue(workDir, { DATA_DIR: dataDir });
  const db = await openBenchPglite(dataDir);
  let productId;
  try {
    const [product] = (
      await db.query(
        `SELECT p.id, p.store_id AS "storeId" FROM products p JOIN stores s ON s.id = p.store_id
         WHERE s.is_default ORDER BY p.sort_order LIMIT 1`,
      )
    ).rows;
    productId = product.id;
    await db.query(
      `WITH shoppers AS (
         INSERT INTO users (store_id, email, first_name, last_name, password_hash)
         SELECT $1, 'review-bench-' || n || '@example.com', 'Shopper', 'Bench', 'x'
         FROM generate_series(1, $3::integer) AS n RETURNING id
       ), placed AS (
         INSERT INTO orders (store_id, order_number, user_id, email, status, full_name, address, city, state,
           postal_code, phone, phone_digits, subtotal_paise, total_paise)
         SELECT $1, 'RS-RB' || lpad(id::text, 6, '0'), id, 'review-bench-' || id || '@example.com', 3,
           'Shopper Bench', '1 Lane', 'Jaipur', 'Rajasthan', '302001', '9876543210', '9876543210', 100000, 100000
         FROM shoppers RETURNING id, user_id
       ), lined AS (
         INSERT INTO order_lines (store_id, order_id, product_id, product_title, sku, unit_price_paise, quantity,
           line_total_paise, position)
         SELECT $1, id, $2, 'Bench product', 'BENCH', 100000, 1, 100000, 0 FROM placed RETURNING order_id
       )
       INSERT INTO reviews (store_id, product_id, user_id, order_id, rating, title, body, fit, author_name,
         created_at, updated_at)
       SELECT $1, $2, placed.user_id, placed.id, 1 + (placed.user_id % 5), 'Review ' || placed.user_id,
         CASE WHEN placed.user_id % 5 = 0 THEN repeat('Soft fabric, rich colour. ', 40)
           ELSE 'Soft fabric and a rich colour; true to the photos.' END,
         (ARRAY['small', 'true', 'large'])[1 + placed.user_id % 3], 'Shopper B.',
         now() - placed.user_id * interval '1 hour', now()
       FROM placed`,
      [product.storeId, productId, REVIEWS],
    );
    await db.query(
      `UPDATE products SET rating_count = f.count, rating_total = f.total
       FROM (SELECT count(*)::int AS count, sum(rating)::int AS total FROM reviews
         WHERE product_id = $1 AND status = 'published') f WHERE id = $1`,
      [productId],
    );
  } finally {
    await db.close();
  }
  const server = await startServer({ env: { DATA_DIR: dataDir, DEMO_DATA: 'off' } });
  try {
    const detailUrl = `${server.baseUrl}/api/v1/products/${productId}`;
    const reviewsUrl = `${detailUrl}/reviews`;
    const detail = await (await fetch(detailUrl)).json();
    const page = await (await fetch(reviewsUrl)).json();
    if (detail.rating?.count !== REVIEWS)
      throw new Error(`expected ${REVIEWS} reviews, got ${detail.rating?.count}`);
    if (page.total !== REVIEWS || page.data.length !== 10)
      throw new Error('the reviews page is not as seeded');
    const rows = [];
    for (const [name, url, budget] of [
      [`GET /api/v1/products/{id} (${REVIEWS} reviews)`, detailUrl, DETAIL_P99_BUDGET_MS],
      ['GET /api/v1/products/{id}/reviews (first page)', reviewsUrl, REVIEWS_P99_BUDGET_MS],
    ]) {
      await load(url, { connections: CONNECTIONS, duration: 2 });
      const row = summarize(name, await load(url, { connections: CONNECTIONS, duration: DURATION_SECONDS }));
      rows.push(row);
      console.log(
        `${row.name.padEnd(48)} ${String(row.requestsPerSecond).padStart(6)} req/s   ` +
          `p99 ${String(row.p99Ms).padStart(4)} ms   errors ${row.errors}`,
      );
      checks.push([`${row.name}: p99 ${row.p99Ms} ms ≤ ${budget} ms`, row.p99Ms <= budget]);
      checks.push([`${row.name}: no errors (${row.errors})`, row.errors === 0]);
    }
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
    results.rows = rows;
    results.loadAverage = loadavg()[0];
  } finally {
    await server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

console.log('');
let failed = false;
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/reviews.json'), JSON.stringify({ ...results, checks }, null, 2));
process.exit(failed ? 1 : 0);
