/** A taken backup as the CLI prints it and the local backup route answers it. */
import type { BackupSummary } from '@shared/backups/backup-schemas';
import type { TakenBackup } from './create-backup';

/** The summary of `taken` (counts of tables, rows and image files; size in bytes). */
export function summaryOf(taken: TakenBackup): BackupSummary {
  return {
    file: taken.file,
    bytes: taken.bytes,
    tables: taken.manifest.tables.length,
    rows: taken.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: taken.manifest.media.files,
    schemaVersion: taken.manifest.schemaVersion.tag,
    createdAt: taken.manifest.createdAt,
  };
}

/** The lines `npm run backup` prints for `summary`. */
export function summaryLines(summary: BackupSummary): string[] {
  const size =
    summary.bytes >= 1024 * 1024
      ? `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.max(1, Math.round(summary.bytes / 1024))} KB`;
  return [
    `Backup written: ${summary.file} (${size}): ${summary.tables} tables, ${summary.rows} rows, ${summary.mediaFiles} image files; schema version ${summary.schemaVersion}.`,
    `Restore it with: npm run restore -- ${summary.file}`,
  ];
}
