/**
 * The daily backup: taken when the newest file of BACKUP_DIR is a day old, keeping the newest BACKUP_KEEP;
 * skipped while another server holds the backup lock (PostgreSQL, when it answers).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { insertTestShop } from '../../test/order-fixture';
import { createScratchDatabase, postgresAnswers } from '../../test/scratch-postgres';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { backupFileName } from './backup-format';
import { listBackups } from './backup-files';
import { BACKUP_LOCK_KEY, startBackupSchedule } from './backup-schedule';

const reachable = await postgresAnswers();
const quiet = { info: () => undefined, error: () => undefined };

describe('the daily backup', () => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await insertTestShop(database.db);
    folder = await mkdtemp(join(tmpdir(), 'resham-daily-'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('takes one when the newest is a day old, keeps BACKUP_KEEP, and not again the same day', async () => {
    const backupDir = join(folder, 'backups');
    const old = [3, 2, 1.01].map((days) => backupFileName(new Date(Date.now() - days * 86_400_000)));
    await rm(backupDir, { recursive: true, force: true });
    await mkdir(backupDir, { recursive: true });
    for (const name of old) await writeFile(join(backupDir, name), '');
    const schedule = startBackupSchedule({
      database,
      dataDir: folder,
      backupDir,
      keep: 2,
      log: quiet,
      firstCheckMs: 3_600_000,
    });
    try {
      const taken = await schedule.runIfDue();
      expect(taken?.manifest.tables.find((table) => table.name === 'stores')?.rows).toBe(1);
      expect((await listBackups(backupDir)).map((file) => file.name)).toEqual([
        taken!.file.split('/').at(-1),
        old[2],
      ]);
      expect(await schedule.runIfDue()).toBeNull();
    } finally {
      await schedule.stop();
    }
  });

  it.skipIf(!reachable)(
    'waits its turn on PostgreSQL: skipped while another server holds the lock',
    async () => {
      const scratch = await createScratchDatabase('daily');
      const shared = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      const other = new pg.Client({ connectionString: scratch.url });
      const backupDir = join(folder, 'shared');
      try {
        await shared.migrate();
        await other.connect();
        await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
        const schedule = startBackupSchedule({
          database: shared,
          dataDir: folder,
          backupDir,
          keep: 14,
          log: quiet,
          firstCheckMs: 3_600_000,
        });
        try {
          expect(await schedule.runIfDue()).toBeNull();
          expect(await listBackups(backupDir)).toEqual([]);
          await other.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
          expect(await schedule.runIfDue()).not.toBeNull();
          expect(await listBackups(backupDir)).toHaveLength(1);
        } finally {
          await schedule.stop();
        }
      } finally {
        await other.end();
        await shared.close();
        await scratch.drop();
      }
    },
  );
});
