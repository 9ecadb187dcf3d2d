/**
 * The catalogue file in the admin (docs/admin.md "Catalogue file"): validate an uploaded file with the CLI's
 * schema and messages, preview what importing it would change, import it with an audit entry in the same
 * transaction. The preview runs the real import inside a transaction and rolls it back, so its counts are
 * exactly what the import then does. Files go into the admin's own store; their `hosts` are ignored (host
 * names are the server operator's business, and a shop must not claim another's).
 */
import { eq } from 'drizzle-orm';
import {
  CATALOG_PREVIEW_LIST_LIMIT,
  type CatalogImportSummary,
  type CatalogPreview,
} from '@shared/admin/catalog-file-schemas';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { BadRequestError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { exportStoreBlock } from './catalog-export';
import { parseCatalogFile, type CatalogImportFile } from './import-schema';
import { importCatalog, type ImportSummary } from './import-service';

/**
 * `body` validated as a catalogue file, `hosts` dropped.
 * @throws {BadRequestError} (400) `The file has 2 problems; nothing was imported` with `fields` mapping each
 *   place (`products[4].variants[2].size`) to its message, as the CLI prints them.
 */
export function validateCatalogUpload(body: unknown): CatalogImportFile {
  const parsed = parseCatalogFile(body);
  if (!parsed.ok) {
    const fields: Record<string, string> = {};
    for (const problem of parsed.problems) {
      const split = problem.indexOf(': ');
      fields[problem.slice(0, split)] ??= problem.slice(split + 2);
    }
    const count = parsed.problems.length;
    throw new BadRequestError(
      `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported`,
      fields,
    );
  }
  return { ...parsed.file, store: { ...parsed.file.store, hosts: undefined } };
}

/** The counts of an import summary as the admin API answers them. */
function summaryOf(summary: ImportSummary): CatalogImportSummary {
  return {
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.unchanged,
    stockLevelsChanged: summary.stockLevelsChanged,
    storeInfoChanged: summary.storeInfoChanged,
  };
}

/** Thrown to roll the preview's transaction back. */
class PreviewRollback extends Error {}

/**
 * What importing `file` into `storeId` would change (see {@link CatalogPreview}); nothing is written.
 * Lists hold at most {@link CATALOG_PREVIEW_LIST_LIMIT} products each.
 */
export async function previewCatalogImport(
  db: Db,
  storeId: number,
  file: CatalogImportFile,
): Promise<CatalogPreview> {
  const titleBySku = new Map(
    (
      await db
        .select({ sku: products.sku, title: products.title })
        .from(products)
        .where(eq(products.storeId, storeId))
    ).map((row) => [row.sku, row.title]),
  );
  const fileTitleBySku = new Map(file.products.map((product) => [product.sku, product.title]));
  const before = await exportStoreBlock(db, storeId);
  const listed = (skus: string[]) =>
    skus.slice(0, CATALOG_PREVIEW_LIST_LIMIT).map((sku) => ({ sku, title: fileTitleBySku.get(sku) ?? '' }));
  let preview: CatalogPreview | undefined;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const created: string[] = [];
      const updated: string[] = [];
      const summary = await importCatalog(tx, file, {
        storeId,
        onProductChange: (sku, change) => (change === 'created' ? created : updated).push(sku),
      });
      const after = await exportStoreBlock(tx, storeId);
      const notInFile = [...titleBySku].filter(([sku]) => !fileTitleBySku.has(sku));
      preview = {
        summary: summaryOf(summary),
        created: listed(created),
        updated: listed(updated),
        notInFile: notInFile.slice(0, CATALOG_PREVIEW_LIST_LIMIT).map(([sku, title]) => ({ sku, title })),
        notInFileCount: notInFile.length,
        storeFieldsChanged: [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        ),
      };
      throw new PreviewRollback();
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback)) throw error;
  }
  return preview!;
}

/**
 * Imports `file` into `storeId` with an audit entry (`catalog` `file`, `import`, the counts) in the same
 * transaction; all or nothing.
 */
export async function applyCatalogImport(
  db: Db,
  storeId: number,
  file: CatalogImportFile,
  actor: AuditActor,
): Promise<CatalogImportSummary> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const summary = summaryOf(await importCatalog(tx, file, { storeId }));
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'catalog',
      entityId: 'file',
      action: 'import',
      before: null,
      after: { ...summary, products: file.products.length },
    });
    return summary;
  });
}
