/**
 * Many servers, one database: two apps on one PostgreSQL database and one Redis, as behind a load balancer
 * (docs/scaling.md). Runs when TEST_DATABASE_URL is set and Redis answers at 127.0.0.1:6379.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { catalogImportFileSchema } from './modules/catalog-file/import-schema';
import { importCatalog } from './modules/catalog-file/import-service';
import { fixtureCatalog } from './test/catalog-fixture';
import { testConfig } from './test/test-app';
import { openTestDatabase, type TestDatabase } from './test/test-database';
import { TEST_CUSTOMER_PASSWORD } from './test/test-customer';
import { deleteRedisKeys, redisAnswers, TEST_REDIS_URL, testRedisPrefix } from './test/test-redis';

const runs = Boolean(process.env.TEST_DATABASE_URL) && (await redisAnswers());

describe.runIf(runs)('two servers on one PostgreSQL and one Redis', () => {
  const prefix = testRedisPrefix();
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    const [{ name }] = (await database.pool!.query<{ name: string }>('select current_database() as name'))
      .rows as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    // Each app opens its own connection pool, LISTEN connection and Redis client, as a separate process would.
    const config = {
      ...testConfig,
      DATABASE_URL: url.toString(),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    };
    first = await buildApp(config, { logger: false });
    second = await buildApp(config, { logger: false });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    await deleteRedisKeys(prefix);
  });

  const fabricPrice = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/products?category=unstitched%20fabrics',
    });
    const body = response.json<{ data: { title: string; regularPrice: number }[] }>();
    return body.data.find((product) => product.title === 'Mulmul Cotton Fabric')?.regularPrice;
  };

  it('shows a price imported through one server on the other within 2 s', async () => {
    expect(await fabricPrice(first)).toBe(399);
    expect(await fabricPrice(second)).toBe(399);
    const changed = fixtureCatalog();
    changed.products.find((product) => product.sku === 'FAB-COT')!.regularPrice = 449;
    await importCatalog(first.db, catalogImportFileSchema.parse(changed));
    await expect.poll(() => fabricPrice(second), { timeout: 2000, interval: 50 }).toBe(449);
    expect(await fabricPrice(first)).toBe(449);
  });

  const call = (app: FastifyInstance, options: InjectOptions) => app.inject(options);

  it('counts sign-in failures on both servers against one limit', async () => {
    const email = 'shared-limit@example.com';
    const registered = await call(first, {
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { firstName: 'Asha', lastName: 'Verma', email, password: TEST_CUSTOMER_PASSWORD },
      remoteAddress: '198.51.100.200',
    });
    expect(registered.statusCode).toBe(201);
    const attempt = (app: FastifyInstance, index: number, password = 'wrong-password-1') =>
      call(app, {
        method: 'POST',
        url: '/api/v1/users/authorize',
        payload: { email, password },
        remoteAddress: `198.51.100.${index}`,
      });
    for (let i = 0; i < 10; i++) {
      expect((await attempt(i % 2 === 0 ? first : second, i)).statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await attempt(app, 50, TEST_CUSTOMER_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'Too many sign-in attempts. Please try again later.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it('counts sign-ups from one address on both servers against one limit', async () => {
    const register = (app: FastifyInstance, index: number) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/users/register',
        payload: {
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: `crowd-${index}@example.com`,
          password: TEST_CUSTOMER_PASSWORD,
        },
        remoteAddress: '192.0.2.99',
      });
    for (let i = 0; i < 10; i++)
      expect((await register(i % 2 === 0 ? first : second, i)).statusCode).toBe(201);
    expect((await register(first, 10)).statusCode).toBe(429);
    expect((await register(second, 11)).statusCode).toBe(429);
  });
});
