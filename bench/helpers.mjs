// Helpers shared by the load benchmarks (bench/run.mjs, bench/scaling.mjs): autocannon runs, a bench
// customer, random order bodies and a catalogue prepared so that stock never runs out.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const root = new URL('..', import.meta.url).pathname;

/** Runs autocannon against `url`; resolves with its result. */
export function load(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The row a bench prints and saves for one autocannon result. */
export function summarize(name, result) {
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The demo catalogue with every other product untracked (stock null) and the rest holding 1,000,000 units (on
 * each of its variants, for a product sold in variants), so both order paths (plain and conditional stock
 * decrement) are measured and stock never runs out; imported with the built CLI into the database that `env`
 * names (DATA_DIR or DATABASE_URL).
 */
export function importBenchCatalogue(workDir, env) {
  const catalogue = JSON.parse(readFileSync(join(root, 'seed/demo-catalog.json'), 'utf8'));
  catalogue.products = catalogue.products.map((product, index) => {
    const stock = index % 2 === 0 ? null : 1_000_000;
    return product.variants
      ? { ...product, variants: product.variants.map((variant) => ({ ...variant, stock })) }
      : { ...product, stock };
  });
  const file = join(workDir, 'bench-catalog.json');
  writeFileSync(file, JSON.stringify(catalogue));
  const imported = spawnSync(process.execPath, [join(root, 'dist/server/cli/catalog-import.js'), file], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (imported.status !== 0) throw new Error('importing the bench catalogue failed');
}

/** Registers and signs in a bench customer through the API; returns the bearer token. */
export async function benchCustomer(baseUrl) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Resham-bench-orders-7391';
  const post = (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/v1/users/register', {
    firstName: 'Bench',
    lastName: 'Customer',
    email,
    password,
  });
  if (registered.status !== 201) throw new Error(`bench registration failed: ${registered.status}`);
  const signedIn = await post('/api/v1/users/authorize', { email, password });
  if (signedIn.status !== 200) throw new Error(`bench sign-in failed: ${signedIn.status}`);
  return (await signedIn.json()).token;
}

const shippingAddress = {
  fullName: 'Bench Customer',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

/** An order body of 1–3 distinct products, quantities 1–3. */
export function randomOrderBody(productIds) {
  const lines = 1 + Math.floor(Math.random() * 3);
  const products = {};
  while (Object.keys(products).length < lines) {
    products[productIds[Math.floor(Math.random() * productIds.length)]] = 1 + Math.floor(Math.random() * 3);
  }
  return JSON.stringify({ products, shippingAddress });
}
