/**
 * Taking a backup while the store runs (docs/decisions/020-backups.md): every table of the database, read in
 * one read-only, repeatable-read transaction (one consistent snapshot; on the embedded database the store's
 * other queries wait for it, a few seconds for a small shop), plus the uploaded images of `DATA_DIR/media`,
 * into one `resham-backup-<time>.tar.gz` (./backup-format.ts). The file appears under its name only when
 * whole (written as `.partial`, then renamed).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { appliedSchemaVersion } from '../../db/schema-version';
import { queryRows, readTableCatalog, tableFigures } from '../../db/table-catalog';
import { readTableRows } from '../../db/table-copy';
import {
  BACKUP_FORMAT,
  backupFileName,
  filesBelow,
  type BackupManifest,
  type ManifestTable,
} from './backup-format';
import { writeTarGz, type TarEntry } from './tar-archive';

/** The folder of uploaded images, `DATA_DIR/media` (as modules/media/media-files.ts names it). */
export const mediaFolderOf = (dataDir: string): string => join(dataDir, 'media');

export type TakeBackupOptions = {
  /** `DATA_DIR`: its `media` folder goes into the backup. */
  dataDir: string;
  /** Where the file is written (created when missing). */
  outDir: string;
  /**
   * Take the backup only if this PostgreSQL advisory lock is free (held for the transaction): with several
   * servers on one database, one at a time. Without it, no lock is taken.
   */
  lockKey?: string;
  /** Asked once the lock is held; false skips the backup (another server just took one). */
  stillDue?: () => Promise<boolean>;
};

export type TakenBackup = { file: string; manifest: BackupManifest; bytes: number };

/** A new file name in `outDir` for `time`, never one that exists. */
function freeName(outDir: string, time: Date): string {
  for (let n = 1; ; n++) {
    const name = backupFileName(time, n);
    if (!existsSync(join(outDir, name))) return name;
  }
}

/**
 * Writes one backup file of `database` and `DATA_DIR/media` into `outDir`.
 * @returns the file (absolute or as `outDir` was given), its manifest and size in bytes; null when `lockKey`
 *   is held by another server or `stillDue` said no.
 * @throws the file-system error when `outDir` cannot be written (the partial file is removed), or the
 *   database's error.
 */
export async function takeBackup(
  database: Pick<Database, 'db' | 'kind'>,
  options: TakeBackupOptions,
): Promise<TakenBackup | null> {
  await mkdir(options.outDir, { recursive: true });
  const staging = await mkdtemp(join(options.outDir, '.resham-backup-'));
  let partial: string | undefined;
  try {
    const snapshot = await database.db.transaction(
      async (tx) => {
        const db = tx as unknown as Db;
        if (options.lockKey) {
          const [lock] = await queryRows<{ taken: boolean }>(
            db,
            sql`SELECT pg_try_advisory_xact_lock(${options.lockKey}::bigint) AS taken`,
          );
          if (!lock?.taken) return null;
        }
        if (options.stillDue && !(await options.stillDue())) return null;
        return dumpTables(db, staging);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (!snapshot) return null;
    const media = await filesBelow(mediaFolderOf(options.dataDir));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: snapshot.createdAt.toISOString(),
      database: database.kind,
      schemaVersion: snapshot.schemaVersion,
      tables: snapshot.tables,
      media: { files: media.length, bytes: media.reduce((sum, file) => sum + file.size, 0) },
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(join(staging, 'manifest.json'), manifestText);
    const entries: TarEntry[] = [
      { name: 'manifest.json', path: join(staging, 'manifest.json'), size: Buffer.byteLength(manifestText) },
      ...snapshot.tableFiles,
      ...media.map((file) => ({ name: `media/${file.name}`, path: file.path, size: file.size })),
    ];
    const name = freeName(options.outDir, snapshot.createdAt);
    partial = join(options.outDir, `${name}.partial`);
    await writeTarGz(partial, entries);
    const file = join(options.outDir, name);
    await rename(partial, file);
    partial = undefined;
    const { size: bytes } = await stat(file);
    return { file, manifest, bytes };
  } finally {
    if (partial) await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Writes `tables/<name>.jsonl` for every table into `staging`; returns the manifest's tables and the files. */
async function dumpTables(db: Db, staging: string) {
  // The transaction's start: the moment of the snapshot, in ms since 1970.
  const [now] = await queryRows<{ ms: string }>(
    db,
    sql`SELECT (extract(epoch FROM now()) * 1000)::text AS ms`,
  );
  const schemaVersion = await appliedSchemaVersion(db);
  if (!schemaVersion) throw new Error('The database has no tables yet; there is nothing to back up.');
  const catalog = await readTableCatalog(db);
  const figures = new Map((await tableFigures(db, catalog)).map((row) => [row.table, row]));
  await mkdir(join(staging, 'tables'));
  const tables: ManifestTable[] = [];
  const tableFiles: TarEntry[] = [];
  for (const table of catalog) {
    const path = join(staging, 'tables', `${table.name}.jsonl`);
    const handle = await open(path, 'w');
    let size = 0;
    try {
      for await (const rows of readTableRows(db, table)) {
        const text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
        size += Buffer.byteLength(text);
        await handle.write(text);
      }
    } finally {
      await handle.close();
    }
    const counted = figures.get(table.name)!;
    tables.push({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      rows: counted.rows,
      sums: counted.sums,
    });
    tableFiles.push({ name: `tables/${table.name}.jsonl`, path, size });
  }
  return { createdAt: new Date(Math.floor(Number(now!.ms))), schemaVersion, tables, tableFiles };
}
