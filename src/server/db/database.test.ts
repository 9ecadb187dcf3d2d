import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const baseUrl = process.env.TEST_DATABASE_URL;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('migrations on PostgreSQL', () => {
  it('lets three servers that start at once on an empty database all start, with the migrations applied once', async () => {
    const name = `resham_migrate_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    const servers = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      const outcomes = await Promise.allSettled(servers.map((server) => server.migrate()));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await servers[0]!.pendingMigrations()).toBe(0);
      const applied = await servers[0]!.pool!.query(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      const files = readdirSync(new URL('../../../drizzle', import.meta.url)).filter((file) =>
        file.endsWith('.sql'),
      );
      expect(applied.rows[0].n).toBe(files.length);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
