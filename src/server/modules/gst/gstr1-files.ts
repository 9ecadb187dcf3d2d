/**
 * The owner's files from the orders CLI: the GSTR-1 sheets of a month as CSV (`npm run orders -- gst-export
 * 2026-11`) and an order's tax documents as PDF (`npm run orders -- invoice RS-…`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import { gstr1Export } from './gstr1-export';
import { monthRange } from './gstr1-sheet-format';
import { DOCUMENT_TITLES, documentFileName, renderTaxDocumentPdf } from './invoice-pdf';
import { findCreditNotes, findInvoice } from './tax-documents';

/**
 * Writes `gstr1-<month>-<sheet>.csv` for each sheet of {@link gstr1Export} into `directory` (created when
 * missing); returns the lines to print: each file with its number of data rows.
 * @throws {RangeError} for a malformed month (checked before anything is written).
 */
export async function exportGstr1Files(
  db: Db,
  storeId: number,
  month: string,
  directory: string,
): Promise<string[]> {
  monthRange(month);
  const sheets = await gstr1Export(db, storeId, month);
  mkdirSync(directory, { recursive: true });
  const lines = [`GSTR-1 sheets of ${month}:`];
  for (const [name, csv] of Object.entries(sheets)) {
    const file = join(directory, `gstr1-${month}-${name}.csv`);
    writeFileSync(file, csv);
    const rows = csv.split('\r\n').filter(Boolean).length - 1;
    lines.push(`  ${file}  ${rows} ${rows === 1 ? 'row' : 'rows'}`);
  }
  return lines;
}

/**
 * Writes the PDFs of the order's tax invoice (or bill of supply) and its credit notes, when issued, into
 * `directory` (`npm run orders -- invoice RS-…`); returns the lines to print.
 */
export async function exportOrderDocuments(
  db: Db,
  storeId: number,
  orderId: string,
  orderNumber: string,
  directory: string,
): Promise<string[]> {
  const documents = [
    await findInvoice(db, storeId, orderId),
    ...(await findCreditNotes(db, storeId, orderId)),
  ];
  const issued = documents.filter((document) => document !== null);
  if (issued.length === 0)
    return [`Order ${orderNumber} has no invoice yet: it is issued when the order ships.`];
  mkdirSync(directory, { recursive: true });
  const lines: string[] = [];
  for (const { content } of issued) {
    const file = join(directory, documentFileName(content));
    writeFileSync(file, await renderTaxDocumentPdf(content));
    lines.push(`${DOCUMENT_TITLES[content.kind]} ${content.number} of order ${orderNumber}: ${file}`);
  }
  return lines;
}
