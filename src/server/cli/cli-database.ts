/**
 * Opening the database for a shop-owner CLI: the same `DATA_DIR` / `DATABASE_URL` as the server, migrated.
 * Problems are printed for the shop owner, not thrown.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';

/**
 * Loads the configuration and opens and migrates the database.
 * @returns the open database (close it when done), or null after printing why it could not be opened
 *   (a bad variable; in embedded mode usually a running server holding the data directory).
 */
export async function openCliDatabase(): Promise<Database | null> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.migrate();
  } catch (error) {
    console.error(
      `Cannot open the database: ${(error as Error).message}` +
        (config.DATABASE_URL ? '' : '\nIn embedded mode, stop the server first.'),
    );
    return null;
  }
  return database;
}
