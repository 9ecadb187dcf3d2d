// `npm run bench`: every load benchmark in turn — the request pipeline against a bare Fastify route
// (fast-path.mjs), the storefront and checkout (run.mjs), products in variants (variants.mjs), a product with
// 500 reviews (reviews.mjs), orders of variant lines (variant-orders.mjs), the checkout's quote with coupons
// (checkout-quote.mjs), search (search.mjs), the pages' HTML as sent (page-weight.mjs), the server's memory and
// start times (memory.mjs) and the store beside Vendure and Medusa (compare-stores.mjs, which installs them into
// bench/compare on its first run) — each printing its figures with PASS/FAIL. Exits 1 when any of them missed a
// budget; one failing does not stop the others.
// Several servers on one PostgreSQL are measured apart: `npm run bench:scaling`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const benches = [
  'fast-path.mjs',
  'run.mjs',
  'variants.mjs',
  'variant-orders.mjs',
  'checkout-quote.mjs',
  'search.mjs',
  'reviews.mjs',
  'page-weight.mjs',
  'memory.mjs',
  'compare-stores.mjs',
];
const failed = [];
for (const bench of benches) {
  console.log(`\n=== bench/${bench}`);
  const result = spawnSync(process.execPath, [join(root, 'bench', bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(bench);
}
console.log(failed.length === 0 ? '\nEvery bench passed.' : `\nMissed budgets in: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
