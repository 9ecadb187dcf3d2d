/**
 * The round trip: a shop with orders, payments, tax documents and an uploaded image is backed up with
 * `npm run backup` (stopped, and while the store runs), and restored with `npm run restore` into an empty
 * embedded data folder and an empty PostgreSQL database (when it answers); table by table the restored
 * figures, rows and images equal the original's. Non-empty targets and files that are not backups are refused.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKUP_KEY_HEADER } from '@shared/backups/backup-schemas';
import { runBackupCli } from '../../cli/backup';
import { runRestoreCli } from '../../cli/restore';
import { openDatabase } from '../../db/database';
import { knownSchemaVersions } from '../../db/schema-version';
import { readTableCatalog, tableFigures, type TableFigures } from '../../db/table-catalog';
import { allRows, insertBackupShop, migratedDataDir, shopFacts } from '../../test/backup-shop';
import { createScratchDatabase, postgresAnswers } from '../../test/scratch-postgres';
import { buildTestApp } from '../../test/test-app';
import { filesBelow } from './backup-format';
import { BACKUP_KEY_FILE, readBackupKey } from './backup-key';
import { extractTarGz, writeTarGz } from './tar-archive';

const reachable = await postgresAnswers();

/** Runs a CLI with its console output captured. */
async function capture(run: () => Promise<number>) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  try {
    const code = await run();
    return { code, output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** Every table's figures, the shop's facts and the image files (name → bytes) of a database and folder. */
async function snapshotOf(options: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase({ ...options, poolSize: 2 });
  try {
    const figures: TableFigures[] = await tableFigures(database.db, await readTableCatalog(database.db));
    const media = await filesBelow(join(options.dataDir, 'media'));
    return {
      figures,
      facts: await shopFacts(database.db),
      rows: await allRows(database.db),
      media: Object.fromEntries(
        await Promise.all(media.map(async (file) => [file.name, await readFile(file.path)] as const)),
      ),
    };
  } finally {
    await database.close();
  }
}

const schemaVersion = knownSchemaVersions().at(-1)!.tag;
const WRITTEN = new RegExp(
  `^Backup written: (/.+/resham-backup-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ(?:-\\d+)?\\.tar\\.gz) \\(\\d+ KB\\): \\d+ tables, \\d+ rows, 2 image files; schema version ${schemaVersion}\\.\\nRestore it with: npm run restore -- \\1$`,
);

describe('npm run backup and npm run restore', () => {
  const folders: string[] = [];
  let dataDir: string;
  let outDir: string;
  let original: Awaited<ReturnType<typeof snapshotOf>>;
  let backupFile: string;

  const folder = async (prefix: string) => {
    const made = await migratedDataDir(prefix);
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    dataDir = await folder('resham-shop-');
    outDir = join(dataDir, 'backups');
    const source = await openDatabase({ dataDir });
    try {
      await insertBackupShop(source, dataDir);
    } finally {
      await source.close();
    }
    original = await snapshotOf({ dataDir });
  });
  afterAll(async () => {
    for (const made of folders) await rm(made, { recursive: true, force: true });
  });

  it('writes one file with a manifest, every table and the images while the store is stopped', async () => {
    const { code, output } = await capture(() =>
      runBackupCli(['--out', outDir], { env: { DATA_DIR: dataDir } }),
    );
    expect(output).toMatch(WRITTEN);
    expect(code).toBe(0);
    backupFile = WRITTEN.exec(output)![1]!;
    const unpacked = await folder('resham-unpacked-');
    const names = await extractTarGz(backupFile, unpacked);
    expect(names[0]).toBe('manifest.json');
    expect(names).toEqual(expect.arrayContaining(['tables/orders.jsonl', 'tables/sessions.jsonl']));
    expect(names.filter((name) => name.startsWith('media/'))).toEqual(
      Object.keys(original.media).map((name) => `media/${name}`),
    );
    const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest.schemaVersion.tag).toBe(schemaVersion);
    const orders = manifest.tables.find((table: { name: string }) => table.name === 'orders');
    expect(orders).toMatchObject({ rows: 3, sums: original.figures.find((t) => t.table === 'orders')!.sums });
    expect((await readFile(join(unpacked, 'tables/orders.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(
      3,
    );
  });

  it('asks the running store for the backup, through its key, from this machine only', async () => {
    const database = await openDatabase({ dataDir });
    const app = await buildTestApp(database, { DATA_DIR: dataDir });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const key = readBackupKey(dataDir)!;
      expect(key.pid).toBe(process.pid);
      const { code, output } = await capture(() =>
        runBackupCli(['--out', join(outDir, 'running')], { env: { DATA_DIR: dataDir } }),
      );
      expect(output).toMatch(WRITTEN);
      expect(code).toBe(0);
      const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        app.inject({
          method: 'POST',
          url: '/api/v1/backups',
          payload: { outDir: join(outDir, 'refused') },
          headers,
          remoteAddress,
        });
      const notFound = { error: 'Not found: POST /api/v1/backups' };
      expect((await post({})).json()).toEqual(notFound);
      expect((await post({ [BACKUP_KEY_HEADER]: 'f'.repeat(64) })).statusCode).toBe(404);
      expect((await post({ [BACKUP_KEY_HEADER]: key.key }, '203.0.113.9')).statusCode).toBe(404);
      const proxied = { [BACKUP_KEY_HEADER]: key.key, 'x-forwarded-for': '198.51.100.7' };
      expect((await post(proxied)).statusCode).toBe(404);
      const relative = await app.inject({
        method: 'POST',
        url: '/api/v1/backups',
        payload: { outDir: 'backups' },
        headers: { [BACKUP_KEY_HEADER]: key.key },
        remoteAddress: '127.0.0.1',
      });
      expect(relative.statusCode).toBe(400);
      expect(await filesBelow(join(outDir, 'refused'))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
    expect(readBackupKey(dataDir)).toBeNull();
    expect((await filesBelow(dataDir)).map((file) => file.name)).not.toContain(BACKUP_KEY_FILE);
  });

  it('restores into an empty embedded data folder: every table, the images, verified', async () => {
    const target = await folder('resham-restored-');
    const { code, output } = await capture(() => runRestoreCli([backupFile], { env: { DATA_DIR: target } }));
    expect(output).toMatch(/^orders +3 +3 {2}ok$/m);
    expect(output).toMatch(/All \d+ tables agree \(rows, and money sums in paise\)\./);
    expect(output).toContain(`(schema version ${schemaVersion}, 2 image files)`);
    expect(code).toBe(0);
    expect(await snapshotOf({ dataDir: target })).toEqual(original);

    const again = await capture(() => runRestoreCli([backupFile], { env: { DATA_DIR: target } }));
    expect(again).toEqual({
      code: 1,
      output: `DATA_DIR ${target} already holds a shop's data; restore into an empty data folder (a new DATA_DIR).`,
    });
  });

  it('refuses a file that is not a backup, and a bad command line', async () => {
    // Refused before any database is opened: the data folder is not even created.
    const target = join(tmpdir(), `resham-never-made-${process.pid}`);
    const bogus = join(tmpdir(), `not-a-backup-${process.pid}.tar.gz`);
    await writeFile(bogus, 'hello');
    try {
      const { code, output } = await capture(() => runRestoreCli([bogus], { env: { DATA_DIR: target } }));
      expect(code).toBe(1);
      expect(output).toMatch(new RegExp(`^${bogus} is not a whole Resham backup \\(.+\\)\\.$`));
    } finally {
      await rm(bogus, { force: true });
    }
    expect(await capture(() => runRestoreCli([], { env: { DATA_DIR: target } }))).toEqual({
      code: 1,
      output: 'Usage: npm run restore -- <resham-backup-….tar.gz>',
    });
    // A backup of a newer Resham: a schema version this one does not have.
    const unpacked = await folder('resham-future-');
    const names = await extractTarGz(backupFile, unpacked);
    const manifestPath = join(unpacked, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    manifest.schemaVersion.tag = '0999_from_the_future';
    await writeFile(manifestPath, JSON.stringify(manifest));
    const future = join(unpacked, 'future.tar.gz');
    const entries = await Promise.all(
      names.map(async (name) => {
        const path = join(unpacked, name);
        return { name, path, size: (await stat(path)).size };
      }),
    );
    await writeTarGz(future, entries);
    expect(await capture(() => runRestoreCli([future], { env: { DATA_DIR: target } }))).toEqual({
      code: 1,
      output:
        'This backup has the schema version 0999_from_the_future, which this version of Resham does not know; restore it with the Resham version that made it or a newer one.',
    });
    expect(existsSync(target)).toBe(false);
    const nowhere = join(target, 'nowhere');
    expect(await capture(() => runBackupCli([], { env: { DATA_DIR: nowhere } }))).toEqual({
      code: 1,
      output: `DATA_DIR ${nowhere} holds no shop; set DATA_DIR (or DATABASE_URL) as the store has it.`,
    });
    expect(await capture(() => runBackupCli(['--out'], { env: { DATA_DIR: target } }))).toEqual({
      code: 1,
      output: 'Usage: npm run backup [-- --out <folder>]',
    });
  });

  it.skipIf(!reachable)('restores into an empty PostgreSQL database, migrating it first', async () => {
    const scratch = await createScratchDatabase('restore');
    const target = await folder('resham-restored-pg-');
    try {
      const env = { DATA_DIR: target, DATABASE_URL: scratch.url };
      const { code, output } = await capture(() => runRestoreCli([backupFile], { env }));
      expect(output).toMatch(/All \d+ tables agree/);
      expect(code).toBe(0);
      expect(await snapshotOf({ dataDir: target, databaseUrl: scratch.url })).toEqual(original);
      const again = await capture(() => runRestoreCli([backupFile], { env }));
      expect(again.code).toBe(1);
      expect(again.output).toMatch(
        /^The database of DATABASE_URL is not empty \([a-z_, …]+ hold rows\); restore into an empty database\.$/,
      );
      // And a backup of PostgreSQL restores the same way.
      const fromPostgres = await capture(() => runBackupCli(['--out', join(target, 'backups')], { env }));
      expect(fromPostgres.output).toMatch(WRITTEN);
    } finally {
      await scratch.drop();
    }
  });
});
