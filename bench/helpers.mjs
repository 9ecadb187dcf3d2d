// Helpers shared by the load benchmarks (bench/run.mjs, bench/scaling.mjs): autocannon runs, a bench
// customers, random order bodies and a catalogue prepared so that stock never runs out.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = new URL('..', import.meta.url).pathname;

/** 20 colour names of Indian clothing, for generated bench catalogues. */
export const BENCH_COLOURS = [
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

/**
 * Runs one statement on the PostgreSQL server of `databaseUrl` on a connection of its own (creating and dropping
 * a bench's databases); resolves with node-postgres's result.
 */
export async function adminQuery(databaseUrl, text) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

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
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
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

/**
 * Opens the embedded database of the data folder `dataDir` with the extensions the server loads (pg_trgm and
 * unaccent: search indexes on products need them for every write). Close it before the server starts.
 */
export function openBenchPglite(dataDir) {
  return PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm, unaccent } });
}

/**
 * Writes `count` signed-in customer accounts of store `storeId` straight into the database through `db` (an
 * open PGlite, or a connected `pg` client): an account may leave at most 3 orders unpaid, so order benches spread their
 * orders over many accounts. A session token is 32 random bytes as base64url, stored as its SHA-256 in hex.
 * @returns the accounts' bearer tokens.
 */
export async function insertBenchAccounts(db, storeId, count) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const run = randomBytes(4).toString('hex');
  await db.query(
    `WITH new_users AS (
       INSERT INTO users (store_id, email, first_name, last_name, password_hash)
       SELECT $1, 'bench-' || $2 || '-' || n || '@example.com', 'Bench', 'Customer', 'x'
       FROM generate_series(1, $3::integer) AS n
       RETURNING id, email
     )
     INSERT INTO sessions (store_id, user_id, token_hash, expires_at)
     SELECT $1, new_users.id, hashes.token_hash, now() + interval '1 day'
     FROM new_users
       JOIN unnest($4::text[]) WITH ORDINALITY AS hashes(token_hash, n)
         ON new_users.email = 'bench-' || $2 || '-' || hashes.n || '@example.com'`,
    [storeId, run, count, tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
  );
  return tokens;
}

/** Most orders one account may leave unpaid (MAX_PENDING_ORDERS_PER_ACCOUNT): benches rotate accounts. */
export const ORDERS_PER_ACCOUNT = 3;

/**
 * Hands out bearer tokens so that no account places more than {@link ORDERS_PER_ACCOUNT} orders.
 * @returns a function answering the `authorization` header value for the next order; its `used()` tells how
 *   many it has handed out.
 */
export function accountRotation(tokens) {
  let ordersUsed = 0;
  const next = () => {
    const account = Math.floor(ordersUsed++ / ORDERS_PER_ACCOUNT);
    if (account >= tokens.length) throw new Error(`all ${tokens.length} bench accounts are used up`);
    return `Bearer ${tokens[account]}`;
  };
  return Object.assign(next, { used: () => ordersUsed });
}

const shippingAddress = {
  fullName: 'Bench Customer',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

/**
 * The first 100 products of the store at `baseUrl` as {@link randomOrderBody} needs them: `{ id, unit,
 * variantIds }`, read through the API (the list, then each product page for its variants).
 */
export async function benchProducts(baseUrl) {
  const list = await (await fetch(`${baseUrl}/api/v1/products?page=1&limit=100`)).json();
  const products = [];
  for (const { id } of list.data) {
    const detail = await (await fetch(`${baseUrl}/api/v1/products/${id}`)).json();
    products.push({ id, unit: detail.unit, variantIds: detail.variants.map((variant) => variant.id) });
  }
  return products;
}

/**
 * An order body of 1–3 distinct products as the storefront sends it (`lines`): a random variant of a product
 * sold in variants, pieces 1–3, metres 1–2.5 m in 0.5 m steps.
 * @param products `{ id, unit, variantIds }` per product (`variantIds` empty without variants)
 */
export function randomOrderBody(products) {
  const count = 1 + Math.floor(Math.random() * 3);
  const picked = new Set();
  while (picked.size < count) picked.add(products[Math.floor(Math.random() * products.length)]);
  const lines = [...picked].map((product) => ({
    productId: product.id,
    ...(product.variantIds.length > 0
      ? { variantId: product.variantIds[Math.floor(Math.random() * product.variantIds.length)] }
      : {}),
    quantity:
      product.unit === 'm' ? 1 + Math.floor(Math.random() * 4) / 2 : 1 + Math.floor(Math.random() * 3),
  }));
  return JSON.stringify({ lines, shippingAddress });
}
