/**
 * `npm run backup [-- --out DIR]`: writes one backup file (`resham-backup-<UTC time>.tar.gz`: every table,
 * the uploaded images and a manifest; docs/operations.md "Back up") into DIR (default `BACKUP_DIR`, else the
 * current folder), while the store runs or not:
 * - with `DATABASE_URL`, straight from PostgreSQL;
 * - on an embedded data folder the store is not running on, from the folder (locked meanwhile);
 * - on the folder of a running store, by asking that store to take it (`POST /api/v1/backups` on this
 *   machine with the key of `DATA_DIR/backup.key`; docs/decisions/020-backups.md).
 * With MEDIA_STORAGE=s3 the images stay in the bucket and a last line says so.
 * Exit code 0 when written, 1 otherwise (with one sentence why).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BACKUP_KEY_HEADER, backupSummarySchema, type BackupSummary } from '@shared/backups/backup-schemas';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { DataDirError } from '../db/data-dir';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase, type Database } from '../db/database';
import { readBackupKey } from '../modules/backups/backup-key';
import { summaryLines, summaryOf } from '../modules/backups/backup-summary';
import { takeBackup } from '../modules/backups/create-backup';

const USAGE = 'Usage: npm run backup [-- --out <folder>]';

export type BackupCliOptions = { env?: Record<string, string | undefined> };

/** Asks the store running on `dataDir` to write the backup into `outDir`. */
/**
 * With MEDIA_STORAGE=s3 the uploaded images live in the bucket, not in the backup file: the line saying so
 * (docs/operations.md "Shared media (S3)").
 */
export const bucketNote = (bucket: string) =>
  `The uploaded images are in the bucket ${bucket}, not in this file: keep them with the bucket's versioning or a copy (docs/operations.md "Shared media (S3)").`;

async function askRunningStore(config: AppConfig, outDir: string, pid: number): Promise<BackupSummary> {
  const key = readBackupKey(config.DATA_DIR);
  if (!key || key.pid !== pid) {
    throw new Error(
      `DATA_DIR ${config.DATA_DIR} is in use by the store running as process ${pid}, which does not take backups for this command; update and restart it, or stop it and run npm run backup again.`,
    );
  }
  const host = key.host.includes(':') ? `[${key.host}]` : key.host;
  const answer = await fetch(`http://${host}:${key.port}/api/v1/backups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BACKUP_KEY_HEADER]: key.key },
    body: JSON.stringify({ outDir }),
    signal: AbortSignal.timeout(30 * 60 * 1000),
  });
  const body = (await answer.json()) as { error?: string };
  if (answer.status !== 201) {
    throw new Error(`The running store did not take the backup: ${body.error ?? answer.statusText}.`);
  }
  return backupSummarySchema.parse(body);
}

/** Runs the CLI; resolves to the exit code. */
export async function runBackupCli(argv: string[], options: BackupCliOptions = {}): Promise<number> {
  const args = [...argv];
  let out: string | undefined;
  const outIndex = args.indexOf('--out');
  if (outIndex !== -1) {
    out = args[outIndex + 1];
    args.splice(outIndex, 2);
    if (!out) args.push('--out');
  }
  if (args.length > 0) {
    console.error(USAGE);
    return 1;
  }
  let config: AppConfig;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    return 1;
  }
  const outDir = resolve(out ?? config.BACKUP_DIR ?? '.');
  if (!config.DATABASE_URL && !existsSync(join(config.DATA_DIR, 'pglite'))) {
    console.error(
      `DATA_DIR ${config.DATA_DIR} holds no shop; set DATA_DIR (or DATABASE_URL) as the store has it.`,
    );
    return 1;
  }
  let database: Database | undefined;
  try {
    try {
      database = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        poolSize: 2,
      });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.log(summaryLines(await askRunningStore(config, outDir, error.pid)).join('\n'));
      if (config.MEDIA_STORAGE === 's3') console.log(bucketNote(config.S3_BUCKET!));
      return 0;
    }
    const taken = await takeBackup(database, { dataDir: config.DATA_DIR, outDir });
    console.log(summaryLines(summaryOf(taken!)).join('\n'));
    if (config.MEDIA_STORAGE === 's3') console.log(bucketNote(config.S3_BUCKET!));
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      error instanceof DataDirError || /^(DATA_DIR|The )/.test(message)
        ? message
        : `The backup failed: ${message}`,
    );
    return 1;
  } finally {
    await database?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBackupCli(process.argv.slice(2)).then((code) => process.exit(code));
}
