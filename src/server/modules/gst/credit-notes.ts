/**
 * Issuing credit notes against an order's invoice (CGST Rule 53, CGST Act section 34; docs/gst.md "Credit
 * notes"): numbered `CN/<FY>/<NNNNNN>` from the store's credit-note series of the financial year, never
 * crediting more than the invoice less the credit notes already issued against it. Amounts in **paise**. Call
 * inside the transaction of the step that issues it (a cancel, a refund).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { amountInWords } from '@shared/gst/amount-in-words';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { documentTotals } from './credit-note-lines';
import { financialYearOf, formatDocumentNumber, nextSequence } from './document-number';
import type { TaxDocumentContent, TaxDocumentLine } from './tax-document-content';

/** The prefix of credit note numbers (`CN/25-26/000004`), a series of its own. */
export const CREDIT_NOTE_PREFIX = 'CN';

/** An issued document: its row id and content. */
export type IssuedDocument = { id: number; content: TaxDocumentContent };

/** The condition of the credit notes of `storeId` issued against invoice `invoiceId`. */
const creditNotesAgainst = (storeId: number, invoiceId: number) =>
  and(
    eq(taxDocuments.storeId, storeId),
    eq(taxDocuments.refersTo, invoiceId),
    eq(taxDocuments.kind, 'credit-note'),
  );

/** The total of the credit notes issued against invoice `invoiceId` of `storeId`, paise. */
export async function creditedPaise(tx: Db, storeId: number, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum((${taxDocuments.document} -> 'totals' ->> 'totalPaise')::bigint), 0)`,
    })
    .from(taxDocuments)
    .where(creditNotesAgainst(storeId, invoiceId));
  return Number(row?.total ?? 0);
}

/** The lines of every credit note issued against invoice `invoiceId` of `storeId`, oldest first. */
export async function creditNoteLinesOf(
  tx: Db,
  storeId: number,
  invoiceId: number,
): Promise<TaxDocumentLine[][]> {
  const rows = await tx
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(creditNotesAgainst(storeId, invoiceId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  return rows.map((row) => (row.document as TaxDocumentContent).lines);
}

/**
 * Records a credit note of `lines` against `invoice` of order `orderId`, numbered from the store's
 * credit-note series of the financial year of `issuedAt`; it prints the invoice's number and date.
 */
export async function insertCreditNote(
  tx: Db,
  storeId: number,
  orderId: string,
  invoice: IssuedDocument,
  lines: TaxDocumentLine[],
  issuedAt: Date,
): Promise<IssuedDocument> {
  const financialYear = financialYearOf(issuedAt);
  const number = formatDocumentNumber(
    CREDIT_NOTE_PREFIX,
    financialYear,
    await nextSequence(tx, storeId, financialYear, 'credit-note'),
  );
  const totals = documentTotals(lines);
  const content: TaxDocumentContent = {
    ...invoice.content,
    kind: 'credit-note',
    number,
    issuedAt: issuedAt.toISOString(),
    lines,
    totals,
    totalInWords: amountInWords(totals.totalPaise),
    refersTo: { number: invoice.content.number, issuedAt: invoice.content.issuedAt },
  };
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      storeId,
      orderId,
      kind: 'credit-note',
      number,
      financialYear,
      issuedAt,
      refersTo: invoice.id,
      document: content,
    })
    .returning({ id: taxDocuments.id });
  return { id: row!.id, content };
}
