/**
 * Opening the database for a shop-owner CLI: the same `DATA_DIR` / `DATABASE_URL` as the server, migrated.
 * The embedded database is locked while the CLI runs (src/server/db/data-dir-lock.ts), so a CLI never works
 * on the folder of a running store. Problems are printed for the shop owner, not thrown.
 */
import { ConfigError, loadConfig } from '../config';
import { DataDirError } from '../db/data-dir';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase, type Database } from '../db/database';

/** What `npm run orders` adds when the store holds the data folder. */
export const ORDER_STEPS_WHILE_RUNNING =
  'Order steps while the store runs will move to the admin panel; until then, stop the store, run this command, then start the store again.';

export type OpenCliDatabaseOptions = {
  /** A sentence printed after the "in use" message (the orders CLI explains where its steps will go). */
  inUseNote?: string;
  /** The environment to read the settings from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Apply the pending migrations (default true; a restore migrates only up to its backup's version). */
  migrate?: boolean;
};

/**
 * Loads the configuration and opens and migrates the database.
 * @returns the open database (close it when done), or null after printing why it could not be opened: a bad
 *   variable; the data folder held by a running store (`DATA_DIR ./data is in use by the store running as
 *   process 1234; stop it first.`) or not writable; a database that does not answer.
 */
export async function openCliDatabase(options: OpenCliDatabaseOptions = {}): Promise<Database | null> {
  let config;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    if (options.migrate !== false) await database.migrate();
  } catch (error) {
    await database?.close();
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      if (options.inUseNote) console.error(options.inUseNote);
    } else if (error instanceof DataDirError) {
      console.error(error.message);
    } else {
      console.error(`Cannot open the database: ${(error as Error).message}`);
    }
    return null;
  }
  return database;
}
