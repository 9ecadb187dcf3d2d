/**
 * `npm run db:move-to-postgres`: a shop in an embedded data folder moves into an empty PostgreSQL database
 * with the same orders, payments, tax documents and number series, and its shopper signs in with the same
 * password. Runs on the PostgreSQL server CI has; skipped when it does not answer.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { readTableCatalog, tablesWithRows } from '../db/table-catalog';
import {
  allRows,
  insertBackupShop,
  migratedDataDir,
  shopFacts,
  TEST_CUSTOMER_PASSWORD,
  type BackupShop,
} from '../test/backup-shop';
import { createScratchDatabase, postgresAnswers } from '../test/scratch-postgres';
import { buildTestApp } from '../test/test-app';
import { runMoveToPostgres } from './move-to-postgres';

const reachable = await postgresAnswers();

/** Runs the move with its console output captured. */
async function move(args: string[], dataDir: string, extraEnv: Record<string, string> = {}) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  try {
    const code = await runMoveToPostgres(args, {
      env: { DATA_DIR: dataDir, DEMO_DATA: 'off', ...extraEnv },
    });
    return { code, output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe.skipIf(!reachable)('npm run db:move-to-postgres', () => {
  let dataDir: string;
  let shop: BackupShop;
  let before: Awaited<ReturnType<typeof shopFacts>>;
  let rowsBefore: Awaited<ReturnType<typeof allRows>>;
  let target: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    dataDir = await migratedDataDir('resham-move-');
    const source = await openDatabase({ dataDir });
    try {
      await source.migrate();
      shop = await insertBackupShop(source, dataDir);
      before = await shopFacts(source.db);
      rowsBefore = await allRows(source.db, ['sessions']);
    } finally {
      await source.close();
    }
    target = await createScratchDatabase('move');
  });
  afterAll(async () => {
    await target?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const withTarget = async <T>(work: (database: Database) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };

  it('refuses a bad command line', async () => {
    const usage =
      'Usage: npm run db:move-to-postgres -- postgres://user:password@host:5432/database [--check]';
    expect(await move([], dataDir)).toEqual({ code: 1, output: usage });
    expect(await move(['mysql://x/y'], dataDir)).toEqual({ code: 1, output: usage });
  });

  it('refuses while the store holds the data folder', async () => {
    const running = await openDatabase({ dataDir });
    try {
      expect(await move([target.url], dataDir)).toEqual({
        code: 1,
        output: `DATA_DIR ${dataDir} is in use by the store running as process ${process.pid}; stop it first.`,
      });
    } finally {
      await running.close();
    }
  });

  it('--check copies and compares everything, then commits nothing', async () => {
    const { code, output } = await move([target.url, '--check'], dataDir);
    expect(output).toContain('Check only: every table copies and agrees; no rows were committed.');
    expect(code).toBe(0);
    expect(output).toMatch(/^orders +3 +3 {2}ok$/m);
    expect(output).not.toMatch(/^sessions /m);
    await withTarget(async ({ db }) =>
      expect(await tablesWithRows(db, await readTableCatalog(db))).toEqual([]),
    );
  });

  it('moves every table but the sessions, with the same orders, invoice numbers and sign-ins', async () => {
    const { code, output } = await move([target.url], dataDir);
    expect(output).toMatch(/All \d+ tables agree \(rows, and money sums in paise\)\./);
    expect(output).toMatch(/^ {2}total_paise +\d+ +\d+$/m);
    expect(output).toContain('Sign-in sessions were not moved: everyone signs in again.');
    expect(output).toContain(
      'Next: set DATABASE_URL to this URL, keep DATA_DIR (its media folder holds the uploaded images), and start the store.',
    );
    expect(code).toBe(0);
    await withTarget(async (database) => {
      expect(await shopFacts(database.db)).toEqual(before);
      expect(await allRows(database.db, ['sessions'])).toEqual(rowsBefore);
      const full = await tablesWithRows(database.db, await readTableCatalog(database.db));
      expect(full).not.toContain('sessions');
      expect(full).toEqual(
        expect.arrayContaining(['orders', 'payments', 'tax_documents', 'uploaded_images']),
      );
      const app = await buildTestApp(database, { DATA_DIR: dataDir });
      try {
        const signIn = (password: string) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/users/authorize',
            payload: { email: shop.email, password },
            remoteAddress: '10.77.0.9',
          });
        expect((await signIn(TEST_CUSTOMER_PASSWORD)).statusCode).toBe(200);
        expect((await signIn('not-the-password-1')).statusCode).toBe(401);
        // Ids continue after the moved ones: a new order number series entry does not collide.
        const next = await database.pool!.query<{ id: number }>(
          `INSERT INTO categories (store_id, name, position) VALUES (${shop.storeId}, 'New', 9) RETURNING id`,
        );
        expect(next.rows[0]!.id).toBeGreaterThan(1);
      } finally {
        await app.close();
      }
    });
  });

  it('with the images in an S3 bucket, the closing line names the bucket, not the media folder', async () => {
    const bucketTarget = await createScratchDatabase('move_s3');
    try {
      const { code, output } = await move([bucketTarget.url], dataDir, {
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'shop-images',
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'example-secret',
      });
      expect(output).toContain(
        'Next: set DATABASE_URL to this URL and start the store (the uploaded images stay in the S3 bucket).',
      );
      expect(output).not.toContain('media folder');
      expect(code).toBe(0);
    } finally {
      await bucketTarget.drop();
    }
  });

  it('refuses a target that holds rows, in one sentence', async () => {
    const { code, output } = await move([target.url], dataDir);
    expect(code).toBe(1);
    expect(output).toMatch(
      /^The target database is not empty \([a-z_, …]+ hold rows\); give an empty database\.$/,
    );
  });
});
