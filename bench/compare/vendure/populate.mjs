// `node populate.mjs <database> <assets folder>`: Vendure's own demo catalogue (the initial data and the 54
// products of `@vendure/create`, with their images) into an empty database, then waits until Vendure's search
// index holds every product (the storefront's product list reads it). Vendure's documented way to fill a new
// shop: https://docs.vendure.io/guides/developer-guide/importing-data/
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { JobQueueService, bootstrap } from '@vendure/core';
import { populate } from '@vendure/core/cli/populate.js';
import { vendureConfig } from './vendure-config.mjs';

const PRODUCTS = 54;
const [database, assetsDir] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const assets = join(dirname(require.resolve('@vendure/create/package.json')), 'assets');
const config = vendureConfig({ port: 0, database, assetsDir });
config.importExportOptions = { importAssetsDir: join(assets, 'images') };

const app = await populate(
  async () => {
    const started = await bootstrap(config);
    // The import's search-index jobs run in this process (no worker).
    await started.get(JobQueueService).start();
    return started;
  },
  join(assets, 'initial-data.json'),
  join(assets, 'products.csv'),
);
const { port } = app.getHttpServer().address();
const deadline = Date.now() + 120_000;
for (;;) {
  const answer = await fetch(`http://127.0.0.1:${port}/shop-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ search(input: { take: 1, groupByProduct: true }) { totalItems } }' }),
  });
  const indexed = (await answer.json()).data.search.totalItems;
  if (indexed >= PRODUCTS) break;
  if (Date.now() > deadline) throw new Error(`Vendure indexed ${indexed} of ${PRODUCTS} products in 120 s`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
await app.close();
process.exit(0);
