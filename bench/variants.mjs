// `node bench/variants.mjs`: the variant budgets on the embedded database, against the built app.
// (a) GET /api/v1/products/{id} of a product with 240 variants (12 sizes × 20 colours), 32 connections for
//     BENCH_SECONDS (default 10) after 2 s of warm-up: p99 ≤ 20 ms and no errors. The product answer is cached
//     for at most 1 s and refreshed in the background (decision 002), so the run includes those reloads.
// (b) `catalog:import` of 5,000 products × 10 variants into a fresh data folder with the built CLI: ≤ 60 s and
//     ≤ 300 MB peak RSS of the import process. A second run of the same file (nothing changes) and a run where
//     every product changed (each variant rewritten, stock kept) are reported beside it, without a budget.
// Prints every figure with PASS/FAIL, writes bench/results/variants.json and exits 1 when a budget is missed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { load, root, summarize } from './helpers.mjs';

const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DETAIL_P99_BUDGET_MS = 20;
const IMPORT_PRODUCTS = 5000;
const VARIANTS_PER_PRODUCT = 10;
const IMPORT_SECONDS_BUDGET = 60;
const IMPORT_RSS_BUDGET_MB = 300;

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL', '8XL'];
const COLOURS = [
  'Maroon',
  'Bottle Green',
  'Indigo',
  'Mustard',
  'Ivory',
  'Black',
  'Rani Pink',
  'Teal',
  'Saffron',
  'Navy Blue',
  'Peach',
  'Sage Green',
  'Coral',
  'Lavender',
  'Charcoal Grey',
  'Olive Green',
  'Sky Blue',
  'Wine',
  'Gold',
  'Rust',
];

const store = {
  storeName: 'Variant Bench',
  categories: ['Men', 'Unstitched Fabrics'],
  policies: {},
};

/** A kurta in `sizes` × `colours` with every combination sold; stock varies, some sold out, some low. */
function kurtaWithVariants(sku, index, sizes, colours) {
  const variants = [];
  for (const [c, colour] of colours.entries()) {
    for (const [s, size] of sizes.entries()) {
      const n = variants.length;
      variants.push({
        sku: `${sku}-${s}-${c}`,
        size,
        color: colour,
        stock: n % 17 === 0 ? 0 : n % 11 === 0 ? 2 : 5 + ((n * 7) % 40),
        ...(size.endsWith('XL') && s > 5 ? { regularPrice: 2799, discountedPrice: 2499 } : {}),
        ...(s === 0 ? { imgUrl: `/media/bench/${sku.toLowerCase()}-${c}.svg` } : {}),
      });
    }
  }
  return {
    sku,
    title: `Bench Cotton Kurta ${index + 1}`,
    description: 'A straight-cut cotton kurta with side slits, used to measure the catalogue with variants.',
    imgUrl: `/media/bench/${sku.toLowerCase()}.svg`,
    category: 'Men',
    parentCategory: 'Kurtas',
    regularPrice: 2499,
    discountedPrice: index % 3 === 0 ? 1999 : null,
    images: [{ url: `/media/bench/${sku.toLowerCase()}.svg` }],
    attributes: [
      { key: 'size', value: sizes, metricUnit: null },
      { key: 'color', value: colours, metricUnit: null },
      { key: 'fabric', value: ['Cotton'], metricUnit: null },
      { key: 'care', value: ['Hand wash cold'], metricUnit: null },
    ],
    variants,
  };
}

/** Imports `file` with the built CLI into `dataDir`; returns wall seconds and the process's peak RSS in MB. */
function importWithCli(file, dataDir) {
  const rssFile = join(dataDir, '..', `rss-${Date.now()}.txt`);
  const reportRss =
    'data:text/javascript,import{writeFileSync}from"node:fs";' +
    'process.on("exit",()=>writeFileSync(process.env.BENCH_RSS_FILE,String(process.resourceUsage().maxRSS)))';
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [`--import=${reportRss}`, join(root, 'dist/server/cli/catalog-import.js'), file],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, BENCH_RSS_FILE: rssFile },
      encoding: 'utf8',
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`catalog:import failed (${run.status}): ${run.stderr}${run.stdout}`);
  const rssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(rssFile, { force: true });
  return { seconds: Math.round(seconds * 10) / 10, peakRssMb: Math.round(rssMb), output: run.stdout.trim() };
}

ensureBuilt({ client: false });
const workDir = mkdtempSync(join(tmpdir(), 'resham-bench-variants-'));
const results = {
  date: new Date().toISOString(),
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
};
const checks = [];
try {
  // (a) A 240-variant product page under load.
  const detailDir = join(workDir, 'detail-data');
  mkdirSync(detailDir);
  const detailFile = join(workDir, 'detail-catalog.json');
  writeFileSync(
    detailFile,
    JSON.stringify({ store, products: [kurtaWithVariants('BENCH-KUR-240', 0, SIZES, COLOURS)] }),
  );
  importWithCli(detailFile, detailDir);
  const server = await startServer({ env: { DATA_DIR: detailDir, DEMO_DATA: 'off' } });
  try {
    const list = await (await fetch(`${server.baseUrl}/api/v1/products?limit=1`)).json();
    const url = `${server.baseUrl}/api/v1/products/${list.data[0].id}`;
    const detail = await (await fetch(url)).json();
    if (detail.variants?.length !== 240)
      throw new Error(`expected 240 variants, got ${detail.variants?.length}`);
    const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
    await load(url, { connections: CONNECTIONS, duration: 2 });
    const row = summarize(
      'GET /api/v1/products/{id} (240 variants)',
      await load(url, { connections: CONNECTIONS, duration: DURATION_SECONDS }),
    );
    results.detail = { ...row, answerBytes: bytes };
    console.log(
      `${row.name}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms, errors ${row.errors}, answer ${Math.round(bytes / 1024)} KB`,
    );
    checks.push([
      `product with 240 variants: p99 ${row.p99Ms} ms ≤ ${DETAIL_P99_BUDGET_MS} ms`,
      row.p99Ms <= DETAIL_P99_BUDGET_MS,
    ]);
    checks.push([`product with 240 variants: no errors (${row.errors})`, row.errors === 0]);
  } finally {
    await server.stop();
  }

  // (b) Importing 5,000 products × 10 variants.
  const importDir = join(workDir, 'import-data');
  mkdirSync(importDir);
  const importFile = join(workDir, 'import-catalog.json');
  const products = Array.from({ length: IMPORT_PRODUCTS }, (_, index) =>
    kurtaWithVariants(
      `BENCH-${String(index + 1).padStart(5, '0')}`,
      index,
      SIZES.slice(1, 6),
      COLOURS.slice(index % 10, (index % 10) + 2),
    ),
  );
  writeFileSync(importFile, JSON.stringify({ store, products }));
  const variantCount = products.reduce((sum, product) => sum + product.variants.length, 0);
  const first = importWithCli(importFile, importDir);
  const again = importWithCli(importFile, importDir);
  for (const product of products) product.title += ', new season';
  writeFileSync(importFile, JSON.stringify({ store, products }));
  const changed = importWithCli(importFile, importDir);
  results.import = { products: IMPORT_PRODUCTS, variants: variantCount, first, again, changed };
  const line = (label, run) =>
    console.log(
      `${label.padEnd(44)} ${String(run.seconds).padStart(6)} s   peak RSS ${String(run.peakRssMb).padStart(4)} MB   (${run.output.split('\n')[0]})`,
    );
  console.log(
    `\nImport of ${IMPORT_PRODUCTS.toLocaleString('en')} products × ${VARIANTS_PER_PRODUCT} variants (${variantCount.toLocaleString('en')} variants), built CLI, fresh PGlite data folder:`,
  );
  line('first import (all new)', first);
  line('same file again (nothing changes)', again);
  line('every product changed (variants rewritten)', changed);
  checks.push([
    `import: ${first.seconds} s ≤ ${IMPORT_SECONDS_BUDGET} s`,
    first.seconds <= IMPORT_SECONDS_BUDGET,
  ]);
  checks.push([
    `import: peak RSS ${first.peakRssMb} MB ≤ ${IMPORT_RSS_BUDGET_MB} MB`,
    first.peakRssMb <= IMPORT_RSS_BUDGET_MB,
  ]);
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
writeFileSync(join(root, 'bench/results/variants.json'), JSON.stringify({ ...results, checks }, null, 2));
process.exit(failed ? 1 : 0);
