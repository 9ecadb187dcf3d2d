// `node bench/variants.mjs`: the variant budgets on the embedded database, against the built app.
// (a) GET /api/v1/products/{id} of a product with 240 variants (12 sizes × 20 colours), 32 connections for
//     BENCH_SECONDS (default 10) after 2 s of warm-up: p99 ≤ 20 ms and no errors. The product answer is cached
//     for at most 1 s and refreshed in the background (decision 002), so the run includes those reloads.
// (b) `catalog:import` of 5,000 products × 10 variants with the built CLI, started with the Node.js flags
//     `npm run catalog:import` gives it (scripts/cli-node-flags.mjs), into the embedded database's data folder
//     (created beforehand, as the store's first start does): ≤ 60 s, and the whole process's peak RSS
//     ≤ 300 MB (the same CLI importing an empty catalogue is printed beside it, as what PGlite alone takes).
//     With BENCH_DATABASE_URL or TEST_DATABASE_URL the same import runs on PostgreSQL, with the same budgets. A second run of the same file (nothing changes) and a run where every product changed (each
//     variant rewritten, stock kept) are reported beside it, without a budget.
// BENCH_PHASES=detail or BENCH_PHASES=import runs one of the two.
// Prints every figure with PASS/FAIL, writes bench/results/variants.json and exits 1 when a budget is missed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_NODE_FLAGS } from '../scripts/cli-node-flags.mjs';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { startServer } from '../scripts/start-server-process.mjs';
import { adminQuery, BENCH_COLOURS as COLOURS, load, root, summarize } from './helpers.mjs';

/** `detail`, `import` or both (default), comma-separated. */
const PHASES = (process.env.BENCH_PHASES ?? 'detail,import').split(',');
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DETAIL_P99_BUDGET_MS = 20;
const IMPORT_PRODUCTS = 5000;
const VARIANTS_PER_PRODUCT = 10;
const IMPORT_SECONDS_BUDGET = 60;
const IMPORT_RSS_BUDGET_MB = 300;

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL', '8XL'];

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

/** One result line of the import phase. */
function line(label, run) {
  console.log(
    `  ${label.padEnd(44)} ${String(run.seconds).padStart(6)} s   peak RSS ${String(run.peakRssMb).padStart(4)} MB   ` +
      `(${run.output.split('\n')[0].replace(/^Imported [^:]+: /, '')})`,
  );
}

/**
 * Imports `file` with the built CLI into the database `env` names (DATA_DIR or DATABASE_URL).
 * @returns wall seconds, the process's peak RSS in MB and its first output line.
 */
function importWithCli(file, env) {
  const rssFile = join(tmpdir(), `resham-bench-rss-${process.pid}-${Date.now()}.txt`);
  const reportRss =
    'data:text/javascript,import{writeFileSync}from"node:fs";' +
    'process.on("exit",()=>writeFileSync(process.env.BENCH_RSS_FILE,String(process.resourceUsage().maxRSS)))';
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [...CLI_NODE_FLAGS, `--import=${reportRss}`, join(root, 'dist/server/cli/catalog-import.js'), file],
    {
      cwd: root,
      env: { ...inherited, LOG_LEVEL: 'warn', ...env, BENCH_RSS_FILE: rssFile },
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
  if (PHASES.includes('detail')) {
    const detailDir = join(workDir, 'detail-data');
    mkdirSync(detailDir);
    const detailFile = join(workDir, 'detail-catalog.json');
    writeFileSync(
      detailFile,
      JSON.stringify({ store, products: [kurtaWithVariants('BENCH-KUR-240', 0, SIZES, COLOURS)] }),
    );
    importWithCli(detailFile, { DATA_DIR: detailDir });
    const server = await startServer({ env: { DATA_DIR: detailDir, DEMO_DATA: 'off' } });
    try {
      const list = await (await fetch(`${server.baseUrl}/api/v1/products?limit=1`)).json();
      const url = `${server.baseUrl}/api/v1/products/${list.data[0].id}`;
      const detail = await (await fetch(url)).json();
      if (detail.variants?.length !== 240)
        throw new Error(`expected 240 variants, got ${detail.variants?.length}`);
      const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
      // The same server's smallest cached answer first, as a yardstick of how busy the machine is.
      const referenceUrl = `${server.baseUrl}/api/v1/products?limit=1`;
      await load(referenceUrl, { connections: CONNECTIONS, duration: 2 });
      const reference = summarize(
        'GET /api/v1/products?limit=1 (reference)',
        await load(referenceUrl, { connections: CONNECTIONS, duration: DURATION_SECONDS }),
      );
      await load(url, { connections: CONNECTIONS, duration: 2 });
      const row = summarize(
        'GET /api/v1/products/{id} (240 variants)',
        await load(url, { connections: CONNECTIONS, duration: DURATION_SECONDS }),
      );
      results.detail = { ...row, answerBytes: bytes, reference, loadAverage: loadavg()[0] };
      for (const measured of [reference, row]) {
        console.log(
          `${measured.name.padEnd(44)} ${String(measured.requestsPerSecond).padStart(6)} req/s   ` +
            `p99 ${String(measured.p99Ms).padStart(4)} ms   errors ${measured.errors}`,
        );
      }
      console.log(
        `  (answer of the 240-variant product: ${Math.round(bytes / 1024)} KB; ` +
          `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
      );
      checks.push([
        `product with 240 variants: p99 ${row.p99Ms} ms ≤ ${DETAIL_P99_BUDGET_MS} ms`,
        row.p99Ms <= DETAIL_P99_BUDGET_MS,
      ]);
      checks.push([`product with 240 variants: no errors (${row.errors})`, row.errors === 0]);
    } finally {
      await server.stop();
    }
  }

  // (b) Importing 5,000 products × 10 variants, first on the embedded database (the default), into a data folder
  // the store already created (its first start creates and migrates it, which PGlite does with far more memory
  // than any import: reported apart).
  if (PHASES.includes('import')) {
    const importDir = join(workDir, 'import-data');
    mkdirSync(importDir);
    const emptyFile = join(workDir, 'empty-catalog.json');
    writeFileSync(emptyFile, JSON.stringify({ store, products: [] }));
    const created = importWithCli(emptyFile, { DATA_DIR: importDir });
    const baseline = importWithCli(emptyFile, { DATA_DIR: importDir });
    const importFile = join(workDir, 'import-catalog.json');
    const products = Array.from({ length: IMPORT_PRODUCTS }, (_, index) =>
      kurtaWithVariants(
        `BENCH-${String(index + 1).padStart(5, '0')}`,
        index,
        SIZES.slice(1, 6),
        COLOURS.slice(index % 10, (index % 10) + 2),
      ),
    );
    const variantCount = products.reduce((sum, product) => sum + product.variants.length, 0);
    writeFileSync(importFile, JSON.stringify({ store, products }));
    const first = importWithCli(importFile, { DATA_DIR: importDir });
    const again = importWithCli(importFile, { DATA_DIR: importDir });
    const changedFile = join(workDir, 'import-catalog-changed.json');
    writeFileSync(
      changedFile,
      JSON.stringify({ store, products: products.map((p) => ({ ...p, title: `${p.title}, new season` })) }),
    );
    const changed = importWithCli(changedFile, { DATA_DIR: importDir });
    const own = first.peakRssMb - baseline.peakRssMb;
    results.import = {
      products: IMPORT_PRODUCTS,
      variants: variantCount,
      created,
      baseline,
      first,
      again,
      changed,
    };
    console.log(
      `\nImport of ${IMPORT_PRODUCTS.toLocaleString('en')} products × ${VARIANTS_PER_PRODUCT} variants ` +
        `(${variantCount.toLocaleString('en')} variants) with the built CLI, embedded database (PGlite):`,
    );
    line('creating the data folder (empty catalogue)', created);
    line('the same CLI importing an empty catalogue', baseline);
    line('first import (all new)', first);
    line('same file again (nothing changes)', again);
    line('every product changed (variants rewritten)', changed);
    console.log(
      `  the import's own memory: ${own} MB (peak ${first.peakRssMb} MB less the ${baseline.peakRssMb} MB the CLI ` +
        'and the embedded database take before importing anything)',
    );
    checks.push([
      `import on PGlite: ${first.seconds} s ≤ ${IMPORT_SECONDS_BUDGET} s`,
      first.seconds <= IMPORT_SECONDS_BUDGET,
    ]);
    checks.push([
      `import on PGlite: peak RSS ${first.peakRssMb} MB ≤ ${IMPORT_RSS_BUDGET_MB} MB`,
      first.peakRssMb <= IMPORT_RSS_BUDGET_MB,
    ]);

    // The same import on PostgreSQL, where the CLI process holds only the file and the import's own data.
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!postgresUrl) {
      console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');
    } else {
      const name = `resham_bench_variants_${process.pid}`;
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
      try {
        const env = { DATABASE_URL: url.toString() };
        importWithCli(emptyFile, env);
        const pgFirst = importWithCli(importFile, env);
        const pgAgain = importWithCli(importFile, env);
        const pgChanged = importWithCli(changedFile, env);
        results.importPostgres = { first: pgFirst, again: pgAgain, changed: pgChanged };
        console.log('\nThe same on PostgreSQL (DATABASE_URL):');
        line('first import (all new)', pgFirst);
        line('same file again (nothing changes)', pgAgain);
        line('every product changed (variants rewritten)', pgChanged);
        checks.push([
          `import on PostgreSQL: ${pgFirst.seconds} s ≤ ${IMPORT_SECONDS_BUDGET} s`,
          pgFirst.seconds <= IMPORT_SECONDS_BUDGET,
        ]);
        checks.push([
          `import on PostgreSQL: peak RSS ${pgFirst.peakRssMb} MB ≤ ${IMPORT_RSS_BUDGET_MB} MB`,
          pgFirst.peakRssMb <= IMPORT_RSS_BUDGET_MB,
        ]);
      } finally {
        await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
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
writeFileSync(join(root, 'bench/results/variants.json'), JSON.stringify({ ...results, checks }, null, 2));
process.exit(failed ? 1 : 0);
