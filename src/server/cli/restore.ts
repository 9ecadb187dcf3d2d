/**
 * `npm run restore -- FILE`: restores a backup file (`npm run backup`, or the daily one of `BACKUP_DIR`) into
 * the empty database of `DATABASE_URL`, or, without it, into an empty embedded data folder `DATA_DIR`, and its
 * images into `DATA_DIR/media` (docs/operations.md "Restore"). It migrates up to the backup's schema version,
 * loads every table, then prints the manifest's row counts and money sums beside the restored ones. A database
 * or media folder that is not empty is refused with one sentence. Exit code 0 when restored and verified, 1
 * otherwise (nothing committed).
 */
import { FiguresMismatchError } from '../db/copy-database';
import { figuresLines } from '../db/figures-comparison';
import {
  openBackup,
  RestoreRefusedError,
  restoreBackup,
  type OpenedBackup,
} from '../modules/backups/restore-backup';
import { openCliDatabase } from './cli-database';

const USAGE = 'Usage: npm run restore -- <resham-backup-….tar.gz>';

export type RestoreCliOptions = { env?: Record<string, string | undefined> };

/** Runs the CLI; resolves to the exit code. */
export async function runRestoreCli(argv: string[], options: RestoreCliOptions = {}): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('--')) {
    console.error(USAGE);
    return 1;
  }
  const env = options.env ?? process.env;
  let backup: OpenedBackup;
  try {
    backup = await openBackup(file);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const database = await openCliDatabase({ env, migrate: false });
  if (!database) {
    await backup.close();
    return 1;
  }
  try {
    const { manifest, figures } = await restoreBackup(database, backup, env.DATA_DIR || './data');
    console.log(figuresLines(figures, ['backup', 'restored']).join('\n'));
    console.log(
      `Restored the backup of ${manifest.createdAt} (schema version ${manifest.schemaVersion.tag}, ${manifest.media.files} image files). Start the store: it applies any newer migrations.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof FiguresMismatchError) {
      console.error(figuresLines(error.figures, ['backup', 'restored']).join('\n'));
    }
    console.error(
      error instanceof RestoreRefusedError || error instanceof FiguresMismatchError
        ? error.message
        : `The restore failed, nothing was committed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await database.close();
    await backup.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runRestoreCli(process.argv.slice(2)).then((code) => process.exit(code));
}
