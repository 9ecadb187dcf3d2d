/**
 * The backups of a running app: the daily backup when `BACKUP_DIR` is set (./backup-schedule.ts), started when
 * the app is ready, and, on an embedded data folder, the key file through which `npm run backup` asks this
 * server for a backup (./backup-key.ts), written once it listens. Both end when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import { removeBackupKey, writeBackupKey } from './backup-key';
import { startBackupSchedule, type BackupSchedule } from './backup-schedule';
import type { BackupRoutesOptions } from './routes';

/**
 * Adds the hooks; call before the hook that closes the database.
 * @returns the options of the local backup route (./routes.ts).
 */
export function attachBackups(app: FastifyInstance): BackupRoutesOptions {
  const { config, database } = app;
  const dataDir = config.DATA_DIR;
  let key: string | null = null;
  let schedule: BackupSchedule | undefined;
  const backupDir = config.BACKUP_DIR;
  if (backupDir) {
    app.addHook('onReady', async () => {
      schedule = startBackupSchedule({
        database,
        dataDir,
        backupDir,
        keep: config.BACKUP_KEEP,
        log: app.log,
      });
    });
  }
  const embeddedFolder = database.kind === 'pglite' ? database.dataDir : undefined;
  if (embeddedFolder) {
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object')
        key = writeBackupKey(embeddedFolder, address.address, address.port);
    });
  }
  app.addHook('onClose', async () => {
    await schedule?.stop();
    if (key && embeddedFolder) removeBackupKey(embeddedFolder, key);
  });
  return { dataDir, key: () => key };
}
