/**
 * The daily backup of a running store (docs/operations.md "Back up"): with `BACKUP_DIR` set, the server looks
 * every hour (and soon after it starts) whether the newest backup in `BACKUP_DIR` is a day old, and if so takes
 * one (./create-backup.ts) and keeps the newest `BACKUP_KEEP`. Several servers on one PostgreSQL database take
 * it one at a time: the backup holds an advisory lock, and the one that waited finds the fresh file (when they
 * share `BACKUP_DIR`) and skips.
 */
import type { Database } from '../../db/database';
import { listBackups, pruneBackups } from './backup-files';
import { takeBackup, type TakenBackup } from './create-backup';

/** The advisory-lock key of the daily backup (any fixed number no other lock uses). */
export const BACKUP_LOCK_KEY = '8243109811203922';
/** How old the newest backup may get before the next is taken, in ms (a day). */
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often the server looks whether a backup is due, in ms. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The first look after start, in ms (the start itself stays quick). */
const FIRST_CHECK_MS = 60 * 1000;

export type BackupScheduleOptions = {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  backupDir: string;
  /** Backups kept (`BACKUP_KEEP`). */
  keep: number;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** The first look after start, in ms (tests: 0). */
  firstCheckMs?: number;
};

export type BackupSchedule = {
  /** Takes a backup now if one is due; resolves to it, or null when none was due or another server took it. */
  runIfDue(): Promise<TakenBackup | null>;
  /** Stops looking and waits for a backup under way. */
  stop(): Promise<void>;
};

/** True when the newest backup of `folder` is older than a day (or there is none). */
async function isDue(folder: string, now = Date.now()): Promise<boolean> {
  const newest = (await listBackups(folder))[0];
  return !newest || now - newest.takenAt.getTime() >= BACKUP_INTERVAL_MS;
}

/** Starts looking for due backups; call `stop()` before the database closes. */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  let running: Promise<TakenBackup | null> | null = null;
  let stopped = false;
  const runIfDue = (): Promise<TakenBackup | null> => {
    running ??= (async () => {
      try {
        if (!(await isDue(options.backupDir))) return null;
        const taken = await takeBackup(options.database, {
          dataDir: options.dataDir,
          outDir: options.backupDir,
          lockKey: BACKUP_LOCK_KEY,
          stillDue: () => isDue(options.backupDir),
        });
        if (taken) {
          const removed = await pruneBackups(options.backupDir, options.keep);
          options.log.info({ file: taken.file, bytes: taken.bytes, removed }, 'took the daily backup');
        }
        return taken;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const look = () => {
    if (stopped) return;
    runIfDue().catch((error: unknown) => options.log.error({ err: error }, 'the daily backup failed'));
  };
  const first = setTimeout(look, options.firstCheckMs ?? FIRST_CHECK_MS);
  const every = setInterval(look, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return {
    runIfDue,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running?.catch(() => undefined);
    },
  };
}
