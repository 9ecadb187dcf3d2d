/**
 * The admin's catalogue file in the browser (docs/admin.md "Catalogue file"): the answers of
 * `POST /api/v1/admin/catalog/preview` and `POST /api/v1/admin/catalog/import`. The request body of both is
 * the catalogue file itself (docs/catalog-format.md), validated by the same schema and with the same messages
 * as `npm run catalog:import`; a bad file is a 400 whose `fields` map each place (`products[3].regularPrice`)
 * to its problem.
 */
import { z } from 'zod';

/**
 * The body of `POST /catalog/preview` and `/catalog/import`: the catalogue file, a JSON object whose parts the
 * route leaves unchecked. The handler validates it with the catalogue file's own schema, so each problem
 * carries the CLI's place and message (`products[3].regularPrice: must be above 0`) rather than a route
 * schema's.
 */
export const catalogFileBodySchema = z.looseObject({
  store: z.unknown().optional(),
  products: z.unknown().optional(),
});

/** `GET /catalog/export` answer: the catalogue file as JSON text, downloaded as `catalog-YYYY-MM-DD.json`. */
export const catalogExportSchema = z.string();

/**
 * `GET /admin/catalog/export.csv`: the catalogue as CSV text, one row per variant with its live stock
 * (docs/catalog-format.md "CSV export").
 */
export const catalogCsvExportSchema = z.string();

/** Counts of one import: products created, rewritten, left alone; stock figures set; store block changed. */
export const catalogImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  stockLevelsChanged: z.number().int(),
  storeInfoChanged: z.boolean(),
});
export type CatalogImportSummary = z.infer<typeof catalogImportSummarySchema>;

/** A product named in a preview list. */
export const catalogPreviewProductSchema = z.object({ sku: z.string(), title: z.string() });

/** Most products a preview lists by name in each list (the counts are always complete). */
export const CATALOG_PREVIEW_LIST_LIMIT = 500;

/**
 * What importing the file would do, computed by running the import and rolling it back: the same counts the
 * import answers, the products it would add and change, the store's products the file leaves out (kept as
 * they are: an import never removes products), and the `store` block fields it would change.
 */
export const catalogPreviewSchema = z.object({
  summary: catalogImportSummarySchema,
  created: z.array(catalogPreviewProductSchema),
  updated: z.array(catalogPreviewProductSchema),
  notInFile: z.array(catalogPreviewProductSchema),
  notInFileCount: z.number().int(),
  storeFieldsChanged: z.array(z.string()),
});
export type CatalogPreview = z.infer<typeof catalogPreviewSchema>;

/** The largest catalogue file the browser may send, in bytes (larger files: `npm run catalog:import`). */
export const CATALOG_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The 413 answer (and the screen's message) for a larger file. */
export const CATALOG_FILE_TOO_LARGE_MESSAGE =
  'The file is larger than 50 MB; import it with npm run catalog:import instead';
