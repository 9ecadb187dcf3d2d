/**
 * What a backup file holds (docs/decisions/020-backups.md, docs/operations.md "Back up"): one gzipped tar,
 * `resham-backup-<UTC time>.tar.gz`, with
 * - `manifest.json` ({@link BackupManifest}): when, from which database kind, the schema version, and per
 *   table its columns, row count and money sums;
 * - `tables/<table>.jsonl`: one row a line, a JSON array of the columns' PostgreSQL text values (or null);
 * - `media/…`: the uploaded images of `DATA_DIR/media`, as they are on disk.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SchemaVersion } from '../../db/schema-version';

/** The manifest's `format`; anything else is not a Resham backup. */
export const BACKUP_FORMAT = 'resham-backup';

/** One table in the manifest: its columns (in the order of the rows' values), rows and money sums (paise). */
export type ManifestTable = { name: string; columns: string[]; rows: number; sums: Record<string, string> };

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  /** When the database snapshot was taken (ISO 8601, UTC). */
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The last migration applied to the database (its tag in drizzle/meta/_journal.json, and its time). */
  schemaVersion: SchemaVersion;
  /** Every table, each after the tables it references. */
  tables: ManifestTable[];
  /** The uploaded images: files and bytes. */
  media: { files: number; bytes: number };
};

/** A backup file's name: its UTC time to the second, a counter when two fall in the same second. */
export const BACKUP_FILE_PATTERN = /^resham-backup-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(?:-(\d+))?\.tar\.gz$/;

/** `resham-backup-2026-11-27T10-00-00Z.tar.gz` for `time` (the counter `-2`, `-3`… added when `n` > 1). */
export function backupFileName(time: Date, n = 1): string {
  const stamp = time
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `resham-backup-${stamp}${n > 1 ? `-${n}` : ''}.tar.gz`;
}

/** The time a backup file's name holds, or null for a name that is not a backup's. */
export function backupTimeOf(name: string): Date | null {
  const match = BACKUP_FILE_PATTERN.exec(name);
  if (!match) return null;
  const [date, time] = match[1]!.split('T');
  return new Date(`${date}T${time!.replace(/-/g, ':')}`);
}

/** A file below a folder: its path relative to the folder (with `/`) and size in bytes. */
export type FolderFile = { name: string; path: string; size: number };

/** Every regular file below `folder` (none when it does not exist), sorted by name. */
export async function filesBelow(folder: string): Promise<FolderFile[]> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: FolderFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ name: relative(folder, path).split(sep).join('/'), path, size: (await stat(path)).size });
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
