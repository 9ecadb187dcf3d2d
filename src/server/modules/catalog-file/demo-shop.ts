/**
 * Loads the demo shop (seed/demo-catalog.json) into an empty database at start-up, through the same code
 * path as `npm run catalog:import`. `DEMO_DATA=off` skips it.
 */
import type { Db } from '../../db/database';
import { importCatalogFile } from './catalog-file';
import { countAllProducts, type ImportSummary } from './import-service';
import { demoCatalogFile } from '../../paths';

/** Imports the demo catalogue when the database holds no product; returns the summary, or null when skipped. */
export async function loadDemoShopIfEmpty(db: Db): Promise<ImportSummary | null> {
  if ((await countAllProducts(db)) > 0) return null;
  return importCatalogFile(db, demoCatalogFile);
}
