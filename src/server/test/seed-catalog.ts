/**
 * Fills a test database with a catalogue the way a shop does: through the catalogue file's import (schema
 * check, then one transaction), so every module's test, whatever its layer, starts from real rows. Prices in
 * the files are rupees; the import stores paise.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../db/database';
import { catalogImportFileSchema, type CatalogImportFile } from '../modules/catalog-file/import-schema';
import {
  importCatalog,
  type ImportOptions,
  type ImportSummary,
} from '../modules/catalog-file/import-service';
import { demoCatalogFile } from '../paths';

/**
 * Imports `file` (a catalogue file as JSON, e.g. `fixtureCatalog()` or `gstTestCatalog()`) into the default
 * store, or the store of `options.host` (created when new).
 * @returns counts of created, updated and unchanged products.
 * @throws {z.ZodError} when the file breaks the import schema (docs/catalog-format.md).
 */
export function seedCatalog(db: Db, file: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  return importCatalog(db, catalogImportFileSchema.parse(file), options);
}

/** The demo shop's catalogue file (seed/demo-catalog.json), checked by the import schema. */
export function demoCatalog(): CatalogImportFile {
  return catalogImportFileSchema.parse(JSON.parse(readFileSync(demoCatalogFile, 'utf8')));
}
