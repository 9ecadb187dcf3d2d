/**
 * The backup files of a folder (`BACKUP_DIR`): the newest one's time for the admin dashboard, and pruning to
 * the last `BACKUP_KEEP`. Only names of the form `resham-backup-<UTC time>.tar.gz` count; other files are left
 * alone.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backupTimeOf } from './backup-format';

/** A backup file: its name and the time its name holds. */
export type BackupFile = { name: string; takenAt: Date };

/** The backups in `folder`, newest first; none when the folder does not exist. */
export async function listBackups(folder: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, takenAt: backupTimeOf(name) }))
    .filter((file): file is BackupFile => file.takenAt !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || (a.name < b.name ? 1 : -1));
}

/** When the newest backup in `folder` was taken, or null (no folder set, none yet, or unreadable). */
export async function lastBackupTime(folder: string | undefined): Promise<Date | null> {
  if (!folder) return null;
  try {
    return (await listBackups(folder))[0]?.takenAt ?? null;
  } catch {
    return null;
  }
}

/**
 * Deletes all but the `keep` newest backups of `folder`.
 * @returns the names deleted.
 */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const old = (await listBackups(folder)).slice(keep);
  for (const file of old) await rm(join(folder, file.name), { force: true });
  return old.map((file) => file.name);
}
