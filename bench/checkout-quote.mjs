// `node bench/checkout-quote.mjs`: POST /api/v1/checkout/quote — the checkout's whole bill with a coupon code —
// at 32 connections against the started app on the embedded database (PGlite), with 20 active coupons in the
// store and 5 running promotions. Budget: p99 ≤ 50 ms and no errors.
//
// - The demo catalogue is imported (bench/helpers.mjs), then 20 active coupons are written straight into the
//   data folder before the server starts: percent, fixed and free-shipping ones, some limited to categories,
//   some excluding sale items, some with a minimum subtotal (so quotes both apply and refuse codes), and 5
//   running promotions (category-wide, whole-shop and product-list sales, percent and fixed).
// - Each request is a cart of 1–3 products (random variants and quantities, as the storefront sends it), a
//   delivery state and PIN code, and one of the 20 codes in a random letter case (1 in 10 an unknown code).
// - 2 s of warm-up, then BENCH_SECONDS (default 10) of load. Results: bench/results/checkout-quote-latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import {
  benchProducts,
  importBenchCatalogue,
  load,
  openBenchPglite,
  randomOrderBody,
  root,
  summarize,
} from './helpers.mjs';

const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COUPONS = 20;
const PROMOTIONS = 5;
const BUDGET_P99_MS = 50;

/** Writes {@link COUPONS} active coupons into the default store of the data folder; returns their codes. */
async function insertCoupons(dataDir) {
  const db = await openBenchPglite(dataDir);
  try {
    const [{ id: storeId }] = (await db.query('SELECT id FROM stores WHERE is_default')).rows;
    const { rows: categories } = await db.query(
      'SELECT lower(name) AS name FROM categories WHERE store_id = $1',
      [storeId],
    );
    const codes = [];
    for (let index = 0; index < COUPONS; index++) {
      const code = `FEST-${String(index + 1).padStart(2, '0')}`;
      const kind = ['percent', 'fixed', 'free_shipping'][index % 3];
      const value = kind === 'percent' ? 5 + (index % 4) * 5 : kind === 'fixed' ? 20_000 + index * 1_000 : 0;
      const scoped = index % 4 === 3 && categories.length > 0;
      await db.query(
        `INSERT INTO coupons (store_id, code, description, kind, value, min_subtotal_paise, max_discount_paise,
           starts_at, ends_at, usage_limit, per_customer_limit, scope, categories, exclude_sale_items)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - interval '1 day', now() + interval '30 days', 10000, 1,
           $8, $9::jsonb, $10)`,
        [
          storeId,
          code,
          `Festive offer ${index + 1}`,
          kind,
          value,
          index % 5 === 0 ? 300_000 : null,
          kind === 'percent' ? 100_000 : null,
          scoped ? 'categories' : 'all',
          JSON.stringify(scoped ? [categories[index % categories.length].name] : []),
          index % 2 === 0,
        ],
      );
      codes.push(code);
    }
    // Five running promotions: two category-wide percent sales, a fixed amount off one category, a sale on
    // the whole shop and one on a list of products, so quoted lines are priced through promotions too.
    const { rows: categoryIds } = await db.query(
      'SELECT id FROM categories WHERE store_id = $1 ORDER BY id',
      [storeId],
    );
    const { rows: someProducts } = await db.query(
      'SELECT id FROM products WHERE store_id = $1 ORDER BY id LIMIT 10',
      [storeId],
    );
    for (let index = 0; index < PROMOTIONS; index++) {
      const scope = index === 3 ? 'all' : index === 4 ? 'products' : 'categories';
      await db.query(
        `INSERT INTO promotions (store_id, name, kind, value, scope, category_ids, product_ids, starts_at, ends_at)
         VALUES ($1, $2, $3, $4, $5, $6::integer[], $7::uuid[], now() - interval '1 day', now() + interval '30 days')`,
        [
          storeId,
          `Festive sale ${index + 1}`,
          index === 2 ? 'fixed' : 'percent',
          index === 2 ? 10_000 : 10 + index * 5,
          scope,
          scope === 'categories' && categoryIds.length > 0
            ? [categoryIds[index % categoryIds.length].id]
            : [],
          scope === 'products' ? someProducts.map((product) => product.id) : [],
        ],
      );
    }
    return codes;
  } finally {
    await db.close();
  }
}

/** A quote body: a random cart, the delivery state and PIN code, and a code in a random letter case. */
function quoteBody(products, codes) {
  const { lines } = JSON.parse(randomOrderBody(products));
  const code = Math.random() < 0.1 ? 'NO-SUCH-CODE' : codes[Math.floor(Math.random() * codes.length)];
  return JSON.stringify({
    lines,
    shippingAddress: { state: 'Uttar Pradesh', postalCode: '221005' },
    couponCode: Math.random() < 0.5 ? code.toLowerCase() : code,
  });
}

ensureBuilt({ client: false });
const loadBefore = loadavg()[0].toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'resham-quote-bench-'));
let failed = false;
let row;
let applied = 0;
try {
  importBenchCatalogue(dataDir, { DATA_DIR: dataDir });
  const codes = await insertCoupons(dataDir);
  const server = await startServer({ env: { DATA_DIR: dataDir, DEMO_DATA: 'off' } });
  try {
    const products = await benchProducts(server.baseUrl);
    for (let probe = 0; probe < 20; probe++) {
      const answer = await fetch(`${server.baseUrl}/api/v1/checkout/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: quoteBody(products, codes),
      });
      if (answer.status !== 200)
        throw new Error(`a quote was refused: ${answer.status} ${await answer.text()}`);
      if ((await answer.json()).coupon) applied++;
    }
    const quoteLoad = {
      connections: CONNECTIONS,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/checkout/quote',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json' },
            body: quoteBody(products, codes),
          }),
        },
      ],
    };
    await load(`${server.baseUrl}/api/v1/checkout/quote`, { ...quoteLoad, duration: 2 });
    const result = await load(`${server.baseUrl}/api/v1/checkout/quote`, {
      ...quoteLoad,
      duration: DURATION_SECONDS,
    });
    row = summarize(`POST /api/v1/checkout/quote (${COUPONS} coupons, ${PROMOTIONS} promotions)`, result);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const loadAfter = loadavg()[0].toFixed(1);
console.log(
  `${row.name.padEnd(44)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${String(row.p50Ms).padStart(4)} ms   p99 ${String(row.p99Ms).padStart(4)} ms   max ${String(row.maxMs).padStart(4)} ms   errors ${row.errors}`,
);
console.log(
  `Codes applied in the 20 probes: ${applied}; load average (1 min) before ${loadBefore}, after ${loadAfter}`,
);
const checks = [
  [
    `POST /checkout/quote p99 ≤ ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections`,
    row.p99Ms <= BUDGET_P99_MS,
  ],
  ['POST /checkout/quote no errors', row.errors === 0],
];
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/checkout-quote-latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      coupons: COUPONS,
      promotions: PROMOTIONS,
      durationSeconds: DURATION_SECONDS,
      loadBefore,
      loadAfter,
      result: row,
    },
    null,
    2,
  ),
);
process.exit(failed ? 1 : 0);
