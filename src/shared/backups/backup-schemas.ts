/**
 * The contract of `POST /api/v1/backups`, the local-only route through which `npm run backup` asks a running
 * embedded store to take a backup (docs/decisions/020-backups.md): the caller proves it can read the data folder
 * by sending the key of `DATA_DIR/backup.key` in the `x-backup-key` header.
 */
import { z } from 'zod';

/** The header carrying the key of `DATA_DIR/backup.key`. */
export const BACKUP_KEY_HEADER = 'x-backup-key';

export const backupRequestSchema = z.object({
  /** The absolute folder to write the backup file into (created when missing). */
  outDir: z.string().min(1).max(4096).startsWith('/', 'must be an absolute path'),
});
export type BackupRequest = z.infer<typeof backupRequestSchema>;

/** What a backup holds, as the CLI prints it. */
export const backupSummarySchema = z.object({
  /** The file written (absolute path). */
  file: z.string(),
  /** Its size in bytes. */
  bytes: z.number().int(),
  tables: z.number().int(),
  rows: z.number().int(),
  mediaFiles: z.number().int(),
  /** The last migration applied (drizzle/meta/_journal.json tag). */
  schemaVersion: z.string(),
  /** When the snapshot was taken (ISO 8601). */
  createdAt: z.string(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;
