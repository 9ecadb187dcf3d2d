import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('health routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const dataDir = mkdtempSync(join(tmpdir(), 'resham-health-'));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

  it('GET /health/live answers 200 { status: "ok" }, never cached', async () => {
    const response = await get('/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready answers 200 with every check that applies passed', async () => {
    const response = await get('/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // A database in memory or on a server has no data folder to check; the outbox is DATA_DIR/outbox.
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', outbox: 'ok' },
      failed: [],
    });
  });

  it('GET /health keeps answering as before', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /health/ready answers 503 naming "migrations" while a migration is not applied', async () => {
    const [latest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const response = await get('/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'failed', outbox: 'ok' },
        failed: ['migrations'],
        error: 'Not ready: the database has migrations still to apply.',
      });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`,
      );
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });

  it('GET /health/ready answers 503 naming "outbox" when the mail folder cannot be written', async () => {
    const notAFolder = join(dataDir, 'a-file');
    writeFileSync(notAFolder, '');
    const other = await buildTestApp(database, { DATA_DIR: notAFolder });
    try {
      const response = await other.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'ok', outbox: 'failed' },
        failed: ['outbox'],
        error: 'Not ready: the mail outbox folder does not take writes.',
      });
    } finally {
      await other.close();
    }
  });

  it('checks no outbox when mail goes out through SMTP', async () => {
    const other = await buildTestApp(database, { SMTP_URL: 'smtp://mail.example.com' });
    try {
      const response = await other.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok' },
        failed: [],
      });
    } finally {
      await other.close();
    }
  });
});
