/**
 * A PostgreSQL database of its own for one test (the move to PostgreSQL, the restore), on the server CI has:
 * `TEST_DATABASE_URL`'s server, else `postgres://postgres@127.0.0.1:5432`. Tests skip when it does not answer.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server's maintenance database URL. */
function adminUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL server answers within 2 s. */
export async function postgresAnswers(): Promise<boolean> {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A new, empty database named `resham_<purpose>_<random>`; `drop()` removes it. */
export async function createScratchDatabase(
  purpose: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `resham_${purpose}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
