// Vendure as bench/compare-stores.mjs runs it: its demo catalogue filled in (populate.mjs), its server started
// (serve.mjs), and the two requests its storefront starter makes for a collection's list and a product page.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const here = new URL('.', import.meta.url).pathname;

/** 12 products grouped by product from Vendure's search index, as its storefront starter lists a collection. */
const LIST = `{ search(input: { take: 12, groupByProduct: true }) { totalItems items {
  productId productName slug description productAsset { id preview } currencyCode
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } facetValueIds } } }`;
/** One product with its collections, facet values, images and variants, as the starter's product page asks. */
const PRODUCT = `{ product(slug: "laptop") { id name slug description
  collections { id slug name breadcrumbs { id name slug } }
  facetValues { id code name facet { id code name } }
  featuredAsset { id preview } assets { id preview }
  variants { id name priceWithTax currencyCode sku stockLevel featuredAsset { id preview } } } }`;

/** The shop API request (an autocannon request) for a GraphQL query. */
function graphql(url, query) {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  };
}

/** Throws unless a GraphQL answer holds data and no errors (GraphQL errors come with status 200). */
async function check({ url, method, headers, body }) {
  const answer = await (await fetch(url, { method, headers, body })).json();
  if (answer.errors || !answer.data)
    throw new Error(`Vendure answered ${JSON.stringify(answer).slice(0, 300)}`);
}

/**
 * Fills `database` (a PostgreSQL URL or a sql.js file's path) with Vendure's demo catalogue, starts Vendure on
 * `port` and answers its list and product requests and a stop function.
 * @throws when filling or starting fails, or an answer holds GraphQL errors.
 */
export async function startVendure({ database, work, port }) {
  const assetsDir = join(work, 'vendure-assets');
  const populated = spawnSync(process.execPath, ['populate.mjs', database, assetsDir], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (populated.status !== 0) throw new Error('Filling Vendure with its demo catalogue failed');
  const child = spawn(process.execPath, ['serve.mjs', database, assetsDir, String(port)], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for await (const line of createInterface({ input: child.stdout })) if (line === 'listening') break;
  child.stdout.resume();
  const url = `http://127.0.0.1:${port}/shop-api`;
  const requests = { list: graphql(url, LIST), product: graphql(url, PRODUCT) };
  await check(requests.list);
  await check(requests.product);
  return {
    ...requests,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
