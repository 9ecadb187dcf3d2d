import { createServer as createHttpServer } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from './database';
import { isDatabaseUnavailableError, isRetryableConflict, serializeErrorForLog } from './database-errors';
import { pgliteSnapshot } from '../test/test-database';

/** A TCP port nothing listens on (taken, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createHttpServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const failure = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

/** A PostgreSQL error as the server sends it (node-postgres's own class), with SQLSTATE `code`. */
const postgresError = (code: string, message = 'server said no') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });

describe('isDatabaseUnavailableError', () => {
  it('is true for a connection refused by node-postgres, also inside a Drizzle query error', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/none`;
    const client = new pg.Client({ connectionString: url });
    expect(isDatabaseUnavailableError(await failure(() => client.connect()))).toBe(true);

    const database = await openDatabase({ databaseUrl: url });
    try {
      const error = await failure(() => database.db.execute(sql`select ${'asha@example.com'}`));
      expect(isDatabaseUnavailableError(error)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('is true for SQLSTATE class 08, 57P01-57P03 and 53300', () => {
    for (const code of ['08000', '08003', '08006', '57P01', '57P02', '57P03', '53300'])
      expect(isDatabaseUnavailableError(postgresError(code)), code).toBe(true);
  });

  it('is false for a query the database refused, and for anything else', async () => {
    for (const code of ['23505', '42P01', '22P02', '40001', '57014'])
      expect(isDatabaseUnavailableError(postgresError(code)), code).toBe(false);
    expect(isDatabaseUnavailableError(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
    expect(isDatabaseUnavailableError('ECONNREFUSED')).toBe(false);
  });
});

describe('isRetryableConflict', () => {
  it('is true for a deadlock or a serialization failure, also as the cause of a Drizzle query error', () => {
    expect(isRetryableConflict(postgresError('40P01', 'deadlock detected'))).toBe(true);
    expect(isRetryableConflict(postgresError('40001'))).toBe(true);
    const drizzleError = new Error('Failed query: update products …', { cause: postgresError('40P01') });
    expect(isRetryableConflict(drizzleError)).toBe(true);
  });

  it('is false for any other refusal, and for what is not an error', () => {
    expect(isRetryableConflict(postgresError('23505', 'duplicate key'))).toBe(false);
    expect(isRetryableConflict(new Error('Failed query', { cause: postgresError('42P01') }))).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
    expect(isRetryableConflict('40P01')).toBe(false);
  });
});

describe('serializeErrorForLog', () => {
  let database: Database;
  beforeAll(async () => {
    const pglite = await PGlite.create({
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    database = await openDatabase({ pglite });
  });
  afterAll(() => database.close());

  it('keeps the SQL of a failed Drizzle query but not its parameters', async () => {
    const error = await failure(() =>
      database.db.execute(sql`select * from no_such_table where email = ${'asha@example.com'}`),
    );
    expect(String(error)).toContain('asha@example.com');
    const logged = JSON.stringify(serializeErrorForLog(error));
    expect(logged).not.toContain('asha@example.com');
    expect(serializeErrorForLog(error)).toMatchObject({
      message: 'Failed query: select * from no_such_table where email = $1',
      cause: { code: '42P01', message: 'relation "no_such_table" does not exist' },
    });
  });

  it("drops a data error's quoted input and a constraint error's row values", async () => {
    const badInput = await failure(() => database.db.execute(sql`select ${'asha@example.com'}::uuid`));
    expect(JSON.stringify(serializeErrorForLog(badInput))).not.toContain('asha@example.com');
    expect(serializeErrorForLog(badInput).cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "…"',
    });

    await database.db.execute(sql`create temporary table people (email text unique)`);
    await database.db.execute(sql`insert into people values (${'asha@example.com'})`);
    const duplicate = await failure(() =>
      database.db.execute(sql`insert into people values (${'asha@example.com'})`),
    );
    expect(JSON.stringify(duplicate, Object.getOwnPropertyNames(duplicate))).toContain('asha@example.com');
    expect(JSON.stringify(serializeErrorForLog(duplicate))).not.toContain('asha@example.com');
  });
});

/** Forwards TCP connections to PostgreSQL until cut, like a network between the store and its database. */
async function tcpProxy(
  target: URL,
): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((incoming) => {
        const outgoing = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        incoming.pipe(outgoing).pipe(incoming);
      }).listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: listen,
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('an outage of PostgreSQL', () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/test');
  const name = `resham_outage_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('answers 503 with Retry-After while the database cannot be reached, then recovers', async () => {
    const { buildTestApp } = await import('../test/test-app');
    const proxy = await tcpProxy(base);
    const url = new URL(base);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    const app = await buildTestApp(database);
    try {
      const products = (query: string) => app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
      expect((await products('category=men')).statusCode).toBe(200);

      await proxy.cut();
      // A query the response cache has not seen goes to the database.
      const down = await products('category=women');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        error: 'The store is briefly unavailable. Please try again in a minute.',
      });
      expect(down.headers['retry-after']).toBe('60');
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['database'], checks: { database: 'failed' } });
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);

      await proxy.restore();
      expect((await products('category=kids')).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
    } finally {
      // The catalogue's LISTEN connection was cut with the others and cannot UNLISTEN on close.
      await app.close().catch(() => undefined);
      await database.close();
      await proxy.cut();
    }
  });
});

describe('an embedded database that has closed', () => {
  it('is unavailable: 503 with Retry-After, and ready names the database', async () => {
    const { buildTestApp } = await import('../test/test-app');
    const pglite = await PGlite.create({
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    const database = await openDatabase({ pglite });
    const app = await buildTestApp(database);
    try {
      await database.close();
      expect(isDatabaseUnavailableError(await failure(() => database.db.execute(sql`select 1`)))).toBe(true);
      const down = await app.inject({ method: 'GET', url: '/api/v1/products?category=men' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        error: 'The store is briefly unavailable. Please try again in a minute.',
      });
      expect(down.headers['retry-after']).toBe('60');
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        failed: ['database'],
        checks: { database: 'failed', migrations: 'skipped' },
        error: 'Not ready: the database does not answer.',
      });
    } finally {
      await app.close();
    }
  });
});
