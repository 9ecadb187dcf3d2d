/** Reading a catalogue import file from disk: JSON syntax, then the import schema (every problem listed). */
import { readFile } from 'node:fs/promises';
import type { Db } from '../../db/database';
import { parseCatalogFile, type CatalogImportFile } from './import-schema';
import { importCatalog, type ImportOptions, type ImportSummary } from './import-service';

/** A file that could not be read or failed validation; `problems` lists each with its path. */
export class CatalogFileError extends Error {
  constructor(
    public readonly file: string,
    public readonly problems: string[],
  ) {
    super(
      `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.name = 'CatalogFileError';
  }
}

/**
 * Reads and validates a catalogue file.
 * @throws {CatalogFileError} when the file is missing, is not JSON, or breaks the schema.
 */
export async function readCatalogFile(path: string): Promise<CatalogImportFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogFileError(path, [
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(path, [`not valid JSON: ${(error as Error).message}`]);
  }
  const parsed = parseCatalogFile(json);
  if (!parsed.ok) throw new CatalogFileError(path, parsed.problems);
  return parsed.file;
}

/**
 * Reads, validates and imports a catalogue file (the import CLI and the demo loader share this path).
 * @throws {CatalogFileError} on a bad file; nothing is written then.
 */
export async function importCatalogFile(
  db: Db,
  path: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const file = await readCatalogFile(path);
  return importCatalog(db, file, options);
}
