/**
 * Restoring a backup file (./backup-format.ts) into an empty database — a new embedded data folder or an
 * empty PostgreSQL database — and its images into `DATA_DIR/media` (docs/operations.md "Restore"): the
 * migrations run up to the backup's schema version, the rows load in foreign-key order in one transaction,
 * sequences move past the largest ids, and the counts and money sums are checked against the manifest before
 * the transaction commits. The next start of the store applies any newer migrations.
 */
import { createReadStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database, Db } from '../../db/database';
import { FiguresMismatchError } from '../../db/copy-database';
import { compareFigures, type FiguresRow } from '../../db/figures-comparison';
import { appliedSchemaVersion, knownSchemaVersions, migrationsUpTo } from '../../db/schema-version';
import {
  fixSequences,
  readTableCatalog,
  tableFigures,
  tablesWithRows,
  type CatalogTable,
} from '../../db/table-catalog';
import { insertTableRows, type TextRow } from '../../db/table-copy';
import { BACKUP_FORMAT, filesBelow, type BackupManifest } from './backup-format';
import { mediaFolderOf } from './create-backup';
import { extractTarGz } from './tar-archive';

/** The restore was refused before anything was written; the message is the one sentence the CLI prints. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** Rows inserted per batch while loading a table. */
const LOAD_BATCH_ROWS = 1_000;

/** A backup file unpacked into a temporary folder, its manifest checked; `close()` deletes the folder. */
export type OpenedBackup = { file: string; folder: string; manifest: BackupManifest; close(): Promise<void> };

/**
 * Unpacks the backup `file` into a temporary folder and checks its manifest, before any database is opened.
 * @throws {RestoreRefusedError} when the file is missing, not a whole Resham backup, or from a newer Resham (a
 *   schema version this one does not have).
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const folder = await mkdtemp(join(tmpdir(), 'resham-restore-'));
  const close = () => rm(folder, { recursive: true, force: true });
  try {
    const manifest = await unpack(file, folder);
    if (!knownSchemaVersions().some((version) => version.tag === manifest.schemaVersion.tag)) {
      throw new RestoreRefusedError(
        `This backup has the schema version ${manifest.schemaVersion.tag}, which this version of Resham does not know; restore it with the Resham version that made it or a newer one.`,
      );
    }
    return { file, folder, manifest, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type RestoreResult = { manifest: BackupManifest; figures: FiguresRow[] };

/**
 * Restores the opened `backup` into `database` (opened, not migrated) and `dataDir/media` (`DATA_DIR`).
 * @returns the manifest and the comparison of its figures with the restored tables (rows, sums in paise).
 * @throws {RestoreRefusedError} when the database or the media folder is not empty, or the database is
 *   migrated past the backup's schema version; nothing was written.
 * @throws {FiguresMismatchError} when the loaded rows do not match the manifest (rolled back).
 */
export async function restoreBackup(
  database: Database,
  backup: OpenedBackup,
  dataDir: string,
): Promise<RestoreResult> {
  const { manifest, folder } = backup;
  await assertRestorable(database, dataDir, manifest);
  const mediaFolder = mediaFolderOf(dataDir);
  if ((await filesBelow(mediaFolder)).length > 0) {
    throw new RestoreRefusedError(
      `${mediaFolder} already holds uploaded images; restore into an empty data folder.`,
    );
  }
  const migrations = migrationsUpTo(manifest.schemaVersion.tag);
  try {
    await database.migrate(migrations);
  } finally {
    await rm(migrations, { recursive: true, force: true });
  }
  let figures: FiguresRow[] = [];
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const catalog = new Map((await readTableCatalog(db)).map((table) => [table.name, table]));
    const loaded: CatalogTable[] = [];
    for (const table of manifest.tables) {
      const into = catalog.get(table.name);
      if (!into) throw new Error(`The restored database has no table ${table.name}`);
      await loadTable(db, into, table.columns, join(folder, 'tables', `${table.name}.jsonl`));
      loaded.push(into);
    }
    await fixSequences(db, [...catalog.values()]);
    figures = compareFigures(
      manifest.tables.map(({ name, rows, sums }) => ({ table: name, rows, sums })),
      await tableFigures(db, loaded),
    );
    if (figures.some((row) => !row.same)) throw new FiguresMismatchError(figures);
  });
  await cp(join(folder, 'media'), mediaFolder, { recursive: true, force: false }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  });
  return { manifest, figures };
}

/** Extracts `file` into `staging` and reads its manifest. */
async function unpack(file: string, staging: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    await extractTarGz(file, staging);
    manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !(error as { path?: string }).path?.endsWith('manifest.json')) {
      throw new RestoreRefusedError(`${file} does not exist.`);
    }
    throw new RestoreRefusedError(`${file} is not a whole Resham backup (${(error as Error).message}).`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables) || !manifest.schemaVersion?.tag) {
    throw new RestoreRefusedError(`${file} is not a Resham backup.`);
  }
  return manifest;
}

/** Refuses a database that holds rows or is migrated past the backup's schema version. */
async function assertRestorable(
  database: Database,
  dataDir: string,
  manifest: BackupManifest,
): Promise<void> {
  const where = database.kind === 'pglite' ? `DATA_DIR ${dataDir}` : 'The database of DATABASE_URL';
  let version;
  try {
    version = await appliedSchemaVersion(database.db);
  } catch (error) {
    throw new RestoreRefusedError((error as Error).message);
  }
  const full = await tablesWithRows(database.db, await readTableCatalog(database.db));
  if (full.length > 0) {
    throw new RestoreRefusedError(
      database.kind === 'pglite'
        ? `${where} already holds a shop's data; restore into an empty data folder (a new DATA_DIR).`
        : `${where} is not empty (${full.slice(0, 3).join(', ')}${full.length > 3 ? ', …' : ''} hold rows); restore into an empty database.`,
    );
  }
  if (version && version.when > manifest.schemaVersion.when) {
    throw new RestoreRefusedError(
      `${where} is already migrated past this backup's schema version (${manifest.schemaVersion.tag}); restore into an empty ${database.kind === 'pglite' ? 'data folder' : 'database'}.`,
    );
  }
}

/** Loads a table's `.jsonl` file (one JSON array of text values a line, in `columns` order). */
async function loadTable(db: Db, table: CatalogTable, columns: string[], path: string): Promise<void> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let batch: TextRow[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(JSON.parse(line) as TextRow);
    if (batch.length >= LOAD_BATCH_ROWS) {
      await insertTableRows(db, table, columns, batch);
      batch = [];
    }
  }
  await insertTableRows(db, table, columns, batch);
}
