// `node bench/variant-orders.mjs`: POST /orders with 10 variant lines per order (sizes and colours, and fabric
// by the metre) at 20 connections, against the started app on the embedded database (PGlite). Budget: p99 ≤
// 300 ms and no errors.
//
// - The demo catalogue is imported (bench/helpers.mjs), then 24 of its products get six Size × Colour variants
//   each and 4 become fabric sold by the metre (from 1 m in steps of 0.5 m) with three colour variants, every
//   variant tracking a stock that never runs out: written straight into the data folder before the server
//   starts, so the bench does not depend on the catalogue file's format for variants.
// - An account may leave at most 3 orders unpaid, so the bench prepares enough signed-in accounts (users and
//   sessions written the same way; a session token is 32 random bytes as base64url, stored as its SHA-256 in
//   hex) and gives each account at most 3 orders.
// - 2 s of warm-up, then BENCH_SECONDS (default 10) of load; BENCH_LINES (default 10) sets the lines per order
//   for comparisons; BENCH_BY=options names every other variant by size and colour only. Results:
//   bench/results/variant-orders-latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import {
  accountRotation,
  importBenchCatalogue,
  insertBenchAccounts,
  openBenchPglite,
  load,
  root,
  summarize,
} from './helpers.mjs';

const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LINES_PER_ORDER = Number(process.env.BENCH_LINES ?? 10);
const BY_OPTIONS = process.env.BENCH_BY === 'options';
/** Far more accounts than 12 s of orders can use (3 orders each). */
const ACCOUNTS = 6000;
const BUDGET_P99_MS = 300;
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Maroon', 'Ivory'];
const FABRIC_COLOURS = ['Gold', 'Indigo', 'Rust'];
const STOCK = 1_000_000;

const shippingAddress = {
  fullName: 'Bench Customer',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

/**
 * Adds variants, fabric by the metre and signed-in accounts to the embedded database in `dataDir`.
 * @returns the variants ({ productId, variantId, size, color, unit }) and the accounts' bearer tokens.
 */
async function prepareVariants(dataDir) {
  const db = await openBenchPglite(dataDir);
  try {
    const [{ id: storeId }] = (await db.query('SELECT id FROM stores WHERE is_default')).rows;
    const { rows: chosen } = await db.query(
      `SELECT id FROM products WHERE store_id = $1 ORDER BY sort_order, id LIMIT 28`,
      [storeId],
    );
    const variants = [];
    const rows = [];
    chosen.forEach(({ id: productId }, index) => {
      const fabric = index >= 24;
      const options = fabric
        ? FABRIC_COLOURS.map((color) => ({ size: null, color }))
        : SIZES.flatMap((size) => COLOURS.map((color) => ({ size, color })));
      options.forEach((option, position) => {
        const sku = `BENCH-${index}-${position}`;
        rows.push({ productId, sku, position, ...option });
        variants.push({ productId, sku, unit: fabric ? 'm' : 'piece', ...option });
      });
    });
    await db.query(
      `UPDATE products SET stock = NULL, imported_stock = NULL,
         unit = CASE WHEN id = ANY($2::uuid[]) THEN 'm' ELSE 'piece' END,
         min_quantity = 1, quantity_step = CASE WHEN id = ANY($2::uuid[]) THEN 0.5 ELSE 1 END
       WHERE store_id = $1 AND id = ANY($3::uuid[])`,
      [storeId, chosen.slice(24).map((row) => row.id), chosen.map((row) => row.id)],
    );
    const inserted = await db.query(
      `INSERT INTO product_variants (store_id, product_id, sku, size, color, stock, imported_stock, position)
       SELECT $1, product_id, sku, size, color, $2, $2, position
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::integer[])
         AS v(product_id, sku, size, color, position)
       RETURNING id, sku`,
      [
        storeId,
        STOCK,
        rows.map((row) => row.productId),
        rows.map((row) => row.sku),
        rows.map((row) => row.size),
        rows.map((row) => row.color),
        rows.map((row) => row.position),
      ],
    );
    const idBySku = new Map(inserted.rows.map((row) => [row.sku, row.id]));
    for (const variant of variants) variant.variantId = idBySku.get(variant.sku);

    return { variants, tokens: await insertBenchAccounts(db, storeId, ACCOUNTS) };
  } finally {
    await db.close();
  }
}

/**
 * 10 distinct variants, each line as the storefront's cart sends it: the product, the variant's id and its size
 * and colour; pieces 1–2, metres 1–3 m in 0.5 m steps. With BENCH_BY=options every other line names its
 * variant by size and colour only (the slower path: such a line may also be a product without variants).
 */
function orderBody(variants) {
  const picked = new Set();
  while (picked.size < LINES_PER_ORDER) picked.add(Math.floor(Math.random() * variants.length));
  const lines = [...picked].map((index, position) => {
    const variant = variants[index];
    const quantity =
      variant.unit === 'm' ? 1 + Math.floor(Math.random() * 5) / 2 : 1 + Math.floor(Math.random() * 2);
    const options = { ...(variant.size ? { size: variant.size } : {}), color: variant.color };
    return BY_OPTIONS && position % 2 === 1
      ? { productId: variant.productId, ...options, color: variant.color.toLowerCase(), quantity }
      : { productId: variant.productId, variantId: variant.variantId, ...options, quantity };
  });
  return JSON.stringify({ lines, shippingAddress });
}

ensureBuilt({ client: false });
const loadBefore = loadavg()[0].toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'resham-variant-bench-'));
let failed = false;
let row;
let nextAuthorization;
try {
  importBenchCatalogue(dataDir, { DATA_DIR: dataDir });
  const { variants, tokens } = await prepareVariants(dataDir);
  const server = await startServer({ env: { DATA_DIR: dataDir, DEMO_DATA: 'off' } });
  try {
    nextAuthorization = accountRotation(tokens);
    const probe = await fetch(`${server.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: nextAuthorization(), 'content-type': 'application/json' },
      body: orderBody(variants),
    });
    if (probe.status !== 201)
      throw new Error(`a bench order was refused: ${probe.status} ${await probe.text()}`);
    const orderLoad = {
      connections: CONNECTIONS,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/orders',
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: nextAuthorization(), 'content-type': 'application/json' },
            body: orderBody(variants),
          }),
        },
      ],
    };
    await load(`${server.baseUrl}/api/v1/orders`, { ...orderLoad, duration: 2 });
    const result = await load(`${server.baseUrl}/api/v1/orders`, {
      ...orderLoad,
      duration: DURATION_SECONDS,
    });
    row = summarize(
      `POST /api/v1/orders (${LINES_PER_ORDER} variant lines${BY_OPTIONS ? ', half by options' : ''})`,
      result,
    );
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
  `Orders placed: ${nextAuthorization?.used() ?? 0}; load average (1 min) before ${loadBefore}, after ${loadAfter}`,
);
const checks = [
  [
    `POST /orders with ${LINES_PER_ORDER} variant lines p99 ≤ ${BUDGET_P99_MS} ms`,
    row.p99Ms <= BUDGET_P99_MS,
  ],
  ['POST /orders no errors', row.errors === 0],
];
for (const [label, ok] of checks) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!ok) failed = true;
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/variant-orders-latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      linesPerOrder: LINES_PER_ORDER,
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
