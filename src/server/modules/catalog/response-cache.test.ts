import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { CATALOG_CHANGED_CHANNEL } from '../stores/catalog-version';
import { seedCatalog } from '../../test/seed-catalog';
import { listenForCatalogChanges, reconnectDelayMs, ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('keeps one answer per key until cleared', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":1}');
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":1}');
    cache.clear();
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":2}');
  });

  it('serves nothing from memory while bypassed, and keeps nothing loaded before it resumed', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    await cache.getOrLoad('k', load);
    cache.bypass();
    expect(cache.size).toBe(0);
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":2}');
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":3}');
    expect(cache.size).toBe(0);

    let finish: () => void = () => undefined;
    const slow = cache.getOrLoad('slow', () => new Promise((resolve) => (finish = () => resolve('old'))));
    cache.resume();
    finish();
    expect((await slow).toString()).toBe('"old"');
    expect(cache.size).toBe(0);
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":4}');
    expect((await cache.getOrLoad('k', load)).toString()).toBe('{"loads":4}');
  });

  it('waits 100 ms doubling up to 5 s between reconnection attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelayMs)).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
  });

  it('starts bypassed when the database cannot be reached, and stops cleanly', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    pool.on('error', () => undefined);
    const cache = new ResponseCache();
    const stop = await listenForCatalogChanges(pool, cache, () => undefined);
    try {
      expect(cache.isBypassed).toBe(true);
      let loads = 0;
      await cache.getOrLoad('k', async () => ++loads);
      await cache.getOrLoad('k', async () => ++loads);
      expect(loads).toBe(2);
    } finally {
      await stop();
      await pool.end();
    }
  });
});

/** The LISTEN connection of the app under test, found from PostgreSQL's side. */
async function listenerPids(database: TestDatabase): Promise<number[]> {
  const result = await database.pool!.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and query = $1`,
    [`LISTEN ${CATALOG_CHANGED_CHANNEL}`],
  );
  return result.rows.map((row) => row.pid);
}

describe.runIf(process.env.TEST_DATABASE_URL)('catalogue cache after its LISTEN connection dies', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedCatalog(database.db, fixtureCatalog());
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const fabricPrice = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/products?category=unstitched%20fabrics',
    });
    const body = response.json<{ data: { title: string; regularPrice: number }[] }>();
    return body.data.find((product) => product.title === 'Mulmul Cotton Fabric')?.regularPrice;
  };

  /** Changes a price from another connection and announces it as the importer does, in one transaction. */
  const changePrice = async (paise: number) => {
    const other = await database.pool!.connect();
    try {
      await other.query('begin');
      await other.query(`update products set regular_price_paise = $1 where sku = 'FAB-COT'`, [paise]);
      await other.query('select pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, '1']);
      await other.query('commit');
    } finally {
      other.release();
    }
  };

  it('shows a price changed after pg_terminate_backend within 2 s, and listens again', async () => {
    expect(await fabricPrice()).toBe(399);
    expect(app.responseCache.size).toBeGreaterThan(0);
    const [listener] = await listenerPids(database);
    expect(listener).toBeTypeOf('number');

    await database.pool!.query('select pg_terminate_backend($1)', [listener]);
    await changePrice(44900);
    await expect.poll(fabricPrice, { timeout: 2000, interval: 50 }).toBe(449);

    // A new LISTEN connection replaces the ended one, and the cache serves from memory again.
    await expect
      .poll(async () => (await listenerPids(database)).filter((pid) => pid !== listener).length, {
        timeout: 5000,
      })
      .toBe(1);
    await expect.poll(() => app.responseCache.isBypassed).toBe(false);
    expect(await fabricPrice()).toBe(449);
    expect(app.responseCache.size).toBeGreaterThan(0);

    await changePrice(47900);
    await expect.poll(fabricPrice, { timeout: 2000, interval: 50 }).toBe(479);
  });
});
