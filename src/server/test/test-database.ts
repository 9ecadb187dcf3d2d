/**
 * Real databases for server tests (no mocks): a migrated PGlite per test file (loaded from the global
 * snapshot) and, when `TEST_DATABASE_URL` is set, a fresh PostgreSQL database per test file.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '../db/database';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = Database & {
  /** Empties every table (identities restart), keeping the schema. */
  reset(): Promise<void>;
};

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens a migrated, empty database of `kind`. Always `close()` it (afterAll), or the process hangs. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  let database: Database;
  let dropAfterClose: string | undefined;
  if (kind === 'pglite') {
    const snapshot = new Blob([inject('pgliteSnapshot')]);
    const pglite = await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions });
    database = await openDatabase({ pglite });
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `resham_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    await database.migrate();
    dropAfterClose = name;
  }
  return {
    ...database,
    async reset() {
      await database.db.execute(
        sql`TRUNCATE wishlist_items, uploaded_images, audit_log, member_links, store_members, tax_documents, tax_document_counters, search_synonyms, search_words, outgoing_mail, payments, idempotency_keys, order_events, order_lines, orders, password_reset_tokens, sessions, users, product_variants, product_attributes, product_images, products, categories, store_hosts, stores RESTART IDENTITY CASCADE`,
      );
    },
    async close() {
      await database.close();
      if (dropAfterClose) await adminQuery(`DROP DATABASE IF EXISTS ${dropAfterClose} WITH (FORCE)`);
    },
  };
}
