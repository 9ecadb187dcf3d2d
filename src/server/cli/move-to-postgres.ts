/**
 * `npm run db:move-to-postgres -- postgres://user@host/db [--check]`: copies the embedded database of
 * `DATA_DIR` into an empty PostgreSQL database (docs/operations.md "Move to PostgreSQL"). The store must be
 * stopped: the data folder's lock (src/server/db/data-dir-lock.ts) refuses the move while it runs.
 *
 * The target is migrated first (when it has no tables yet), must hold no rows, and gets every table but the
 * sign-in sessions in one transaction (src/server/db/copy-database.ts); the row counts and money sums of both
 * sides are printed as a table. `--check` does everything but commit the rows (an empty target is migrated,
 * which leaves it empty and ready for the move). Exit code 0 when done (or checked),
 * 1 when refused or failed (nothing committed).
 */
import { ConfigError, loadConfig } from '../config';
import {
  assertEmptyDatabase,
  copyDatabase,
  FiguresMismatchError,
  TargetNotEmptyError,
} from '../db/copy-database';
import { openDatabase, type Database } from '../db/database';
import { figuresLines } from '../db/figures-comparison';
import { openCliDatabase } from './cli-database';

const USAGE = 'Usage: npm run db:move-to-postgres -- postgres://user:password@host:5432/database [--check]';

/** The URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

export type MoveOptions = {
  /** The environment to read DATA_DIR from (default `process.env`). */
  env?: Record<string, string | undefined>;
};

/** Runs the move; resolves to the exit code (0 moved or checked, 1 refused or failed). */
export async function runMoveToPostgres(argv: string[], options: MoveOptions = {}): Promise<number> {
  const checkOnly = argv.includes('--check');
  const rest = argv.filter((arg) => arg !== '--check');
  const [url, ...extra] = rest;
  if (!url || extra.length > 0 || !/^postgres(ql)?:\/\/\S+$/.test(url)) {
    console.error(USAGE);
    return 1;
  }
  const env = options.env ?? process.env;
  let mediaInBucket = false;
  try {
    const config = loadConfig(env);
    mediaInBucket = config.MEDIA_STORAGE === 's3';
    if (config.DATABASE_URL) {
      console.error(
        'DATABASE_URL is set, so the store already uses PostgreSQL; unset it to move the embedded database of DATA_DIR.',
      );
      return 1;
    }
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    return 1;
  }
  const source = await openCliDatabase({ env });
  if (!source) return 1;
  let target: Database | undefined;
  try {
    target = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      await assertEmptyDatabase(target.db);
    } catch (error) {
      if (error instanceof TargetNotEmptyError) throw error;
      throw new Error(`Cannot reach ${shownUrl(url)}: ${(error as Error).message}`);
    }
    await target.migrate();
    const figures = await copyDatabase(source.db, target.db, { checkOnly });
    console.log(figuresLines(figures, ['embedded', 'PostgreSQL']).join('\n'));
    if (checkOnly) {
      console.log('Check only: every table copies and agrees; no rows were committed.');
    } else {
      console.log(
        [
          `Moved the store to ${shownUrl(url)}. Sign-in sessions were not moved: everyone signs in again.`,
          mediaInBucket
            ? 'Next: set DATABASE_URL to this URL and start the store (the uploaded images stay in the S3 bucket).'
            : 'Next: set DATABASE_URL to this URL, keep DATA_DIR (its media folder holds the uploaded images), and start the store.',
        ].join('\n'),
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof FiguresMismatchError) {
      console.error(figuresLines(error.figures, ['embedded', 'PostgreSQL']).join('\n'));
    }
    console.error(
      error instanceof TargetNotEmptyError || error instanceof FiguresMismatchError
        ? error.message
        : `The move failed, nothing was committed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await target?.close();
    await source.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMoveToPostgres(process.argv.slice(2)).then((code) => process.exit(code));
}
