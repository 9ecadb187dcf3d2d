// Medusa as bench/compare-stores.mjs runs it: its database migrated and filled (`medusa db:migrate`, then
// src/scripts/seed.js through `medusa exec`), its server started (`medusa start`), and the two store API requests
// its Next.js starter makes for a list and a product page, with prices for the region
// (https://docs.medusajs.com/api/store#products).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const medusa = join(here, 'node_modules/.bin/medusa');
const FIELDS = '*variants.calculated_price';

function run(args, env) {
  const result = spawnSync(medusa, args, { cwd: here, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`medusa ${args.join(' ')} failed`);
}

/**
 * Migrates and fills `database` (PostgreSQL: Medusa has no embedded database), starts Medusa on `port` and
 * answers its list and product requests and a stop function.
 * @throws when a step fails or Medusa does not answer within 120 s.
 */
export async function startMedusa({ database, work, port }) {
  const out = join(work, 'medusa-seed.json');
  const env = {
    ...process.env,
    DATABASE_URL: database,
    MEDUSA_DISABLE_TELEMETRY: 'true',
    MEDUSA_BENCH_OUT: out,
    NODE_ENV: 'production',
    PORT: String(port),
  };
  run(['db:migrate'], env);
  run(['exec', './src/scripts/seed.js'], env);
  const { publishableKey, regionId } = JSON.parse(readFileSync(out, 'utf8'));
  // Its own process group, so that stopping it stops whatever it started.
  const child = spawn(medusa, ['start'], { cwd: here, env, stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'x-publishable-api-key': publishableKey };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${base}/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGKILL');
      throw new Error('Medusa did not answer /health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const query = `region_id=${regionId}&fields=${encodeURIComponent(FIELDS)}`;
  const listUrl = `${base}/store/products?limit=12&${query}`;
  const listed = await (await fetch(listUrl, { headers })).json();
  if (!listed.products || listed.products.length !== 12)
    throw new Error(`Medusa answered ${JSON.stringify(listed).slice(0, 300)}`);
  return {
    list: { url: listUrl, headers },
    product: { url: `${base}/store/products/${listed.products[0].id}?${query}`, headers },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}
