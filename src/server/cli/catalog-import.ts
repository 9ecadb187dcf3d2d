/**
 * `npm run catalog:import -- <file.json> [--host shop.example.com]`
 *
 * Imports a catalogue file (docs/catalog-format.md) into the database of `DATA_DIR` / `DATABASE_URL`.
 * In embedded mode (no DATABASE_URL) run it while the server is stopped. On a bad file it prints every
 * problem with its product index and field, writes nothing and exits with code 1.
 */
import { openCliDatabase } from './cli-database';
import { CatalogFileError, importCatalogFile } from '../modules/catalog-file/catalog-file';

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
  const database = await openCliDatabase();
  if (!database) return 1;
  try {
    const summary = await importCatalogFile(database.db, path, host ? { host } : {});
    console.log(
      `Imported ${path}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged` +
        `${summary.storeInfoChanged ? ', store information updated' : ''}.`,
    );
    console.log(`Stock levels changed: ${summary.stockLevelsChanged}`);
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
