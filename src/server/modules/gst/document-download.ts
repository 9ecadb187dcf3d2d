/**
 * An order's tax invoice or credit note as a file (docs/gst.md): the PDF rendered from the document as issued,
 * for a caller already allowed to see the order (the shopper's download after track order,
 * ../orders/order-tracking.ts; a member of the shop in the admin), and the documents an order has.
 */
import { and, eq } from 'drizzle-orm';
import { CREDIT_NOTE_NOT_FOUND, NO_TAX_DOCUMENT } from '@shared/gst/gst-schemas';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { orders } from '../../db/schema/order-tables';
import { NotFoundError } from '../../errors';
import { documentFileName, renderTaxDocumentPdf } from './invoice-pdf';
import type { TaxDocumentContent } from './tax-document-content';

/** The PDF of a document and the file name to save it under. */
export type DocumentFile = { fileName: string; pdf: Buffer };

/**
 * The PDF of `document` of the order numbered `orderNumber` in `storeId`, for a caller already allowed to see
 * the order (the shopper after track order, or a member of the shop in the admin).
 * @throws {NotFoundError} `No invoice has been issued for this order yet` / `No credit note has been issued
 *   for this order` (also when the store has no such order).
 */
export async function orderDocumentFile(
  db: Db,
  storeId: number,
  orderNumber: string,
  document: 'invoice' | 'credit-note',
): Promise<DocumentFile> {
  const rows = await db
    .select({ kind: taxDocuments.kind, document: taxDocuments.document })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(
        eq(taxDocuments.storeId, storeId),
        eq(orders.storeId, storeId),
        eq(orders.orderNumber, orderNumber),
      ),
    );
  const wanted = rows.find((row) => (document === 'credit-note') === (row.kind === 'credit-note'));
  if (!wanted) throw new NotFoundError(NO_TAX_DOCUMENT[document]);
  const content = wanted.document as TaxDocumentContent;
  return { fileName: documentFileName(content), pdf: await renderTaxDocumentPdf(content) };
}

/**
 * The PDF of credit note `number` (`CN/26-27/000004`) of the order numbered `orderNumber` in `storeId`, for a
 * caller already allowed to see the order. It prints the invoice it refers to.
 * @throws {NotFoundError} `This order has no credit note with that number` (also for another store's order).
 */
export async function creditNoteFile(
  db: Db,
  storeId: number,
  orderNumber: string,
  number: string,
): Promise<DocumentFile> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(
        eq(taxDocuments.storeId, storeId),
        eq(taxDocuments.kind, 'credit-note'),
        eq(taxDocuments.number, number),
        eq(orders.storeId, storeId),
        eq(orders.orderNumber, orderNumber),
      ),
    );
  if (!row) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
  const content = row.document as TaxDocumentContent;
  return { fileName: documentFileName(content), pdf: await renderTaxDocumentPdf(content) };
}

/** An issued document of an order as the admin lists it: which download and its number. */
export type DocumentSummary = { document: 'invoice' | 'credit-note'; number: string };

/** The tax documents issued for order `orderId` (uuid) of `storeId`: its invoice, then a credit note. */
export async function orderDocumentSummaries(
  db: Db,
  storeId: number,
  orderId: string,
): Promise<DocumentSummary[]> {
  const rows = await db
    .select({ kind: taxDocuments.kind, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.storeId, storeId), eq(taxDocuments.orderId, orderId)))
    .orderBy(taxDocuments.issuedAt);
  return rows.map((row) => ({
    document: row.kind === 'credit-note' ? 'credit-note' : 'invoice',
    number: row.number,
  }));
}
