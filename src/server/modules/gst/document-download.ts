/**
 * A shopper's download of an order's tax invoice or credit note (docs/gst.md): allowed to whoever may see the
 * order through track order — its signed-in owner, or anyone with its number and its e-mail or phone — and
 * rate-limited the same way (../orders/order-tracking.ts). The PDF is rendered from the document as issued.
 */
import { and, eq } from 'drizzle-orm';
import { NO_TAX_DOCUMENT } from '@shared/gst/gst-schemas';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { orders } from '../../db/schema/order-tables';
import { NotFoundError } from '../../errors';
import { trackOrder, type TrackOrderInput } from '../orders/order-tracking';
import { documentFileName, renderTaxDocumentPdf } from './invoice-pdf';
import type { TaxDocumentContent } from './tax-document-content';

/** The PDF of a document and the file name to save it under. */
export type DocumentFile = { fileName: string; pdf: Buffer };

/**
 * The PDF of the order's `document` for the caller of `input` (see {@link trackOrder} for who may).
 * @throws {NotFoundError} `Order not found or access denied` like track order, or `No invoice has been issued
 *   for this order yet` / `No credit note has been issued for this order`.
 * @throws {RateLimitedError} past the failed look-ups allowed.
 */
export async function taxDocumentFile(
  db: Db,
  input: TrackOrderInput & { document: 'invoice' | 'credit-note' },
): Promise<DocumentFile> {
  const order = await trackOrder(db, input);
  return orderDocumentFile(db, input.storeId, order.id, input.document);
}

/**
 * The PDF of `document` of the order numbered `orderNumber` in `storeId`, for a caller already allowed to see
 * the order (the shopper after {@link trackOrder}, or a member of the shop in the admin).
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
