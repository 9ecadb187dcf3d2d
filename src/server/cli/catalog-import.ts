/**
 * `npm run catalog:import -- <file.json> [--host shop.example.com]`
 *
 * Imports a catalogue file (docs/catalog-format.md) into the database of `DATA_DIR` / `DATABASE_URL`.
 * In embedded mode (no DATABASE_URL) run it while the server is stopped. On a bad file it prints every
 * problem with its product index and field, writes nothing and exits with code 1.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { CatalogFileError, importCatalogFile } from '../modules/catalog/catalog-file';

const USAGE = 'Usage: npm run catalog:import -- <file.json> [--host shop.example.com]';

export async function runCatalogImport(argv: string[]): Promise<number> {
  const args = [...argv];
  let host: string | undefined;
  const hostIndex = args.indexOf('--host');
  if (hostIndex !== -1) {
    host = args[hostIndex + 1];
    args.splice(hostIndex, 2);
    if (!host) {
      console.error(USAGE);
      return 1;
    }
  }
  const [path, ...rest] = args;
  if (!path || rest.length > 0 || path.startsWith('--')) {
    console.error(USAGE);
    return 1;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    console.error(
      `Cannot open the database: ${(error as Error).message}` +
        (config.DATABASE_URL ? '' : '\nIn embedded mode, stop the server before importing.'),
    );
    return 1;
  }
  try {
    await database.migrate();
    const summary = await importCatalogFile(database.db, path, host ? { host } : {});
    console.log(
      `Imported ${path}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged` +
        `${summary.storeInfoChanged ? ', store information updated' : ''}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CatalogFileError) {
      console.error(error.message);
      console.error('Nothing was imported.');
      return 1;
    }
    console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCatalogImport(process.argv.slice(2)).then((code) => process.exit(code));
}
