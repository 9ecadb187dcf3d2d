/**
 * The monthly export for the shop's accountant (docs/gst.md): the tax invoices and credit notes issued in one
 * month (India Standard Time) as the CSV sheets of GSTR-1 — `b2b` (invoices to buyers with a GSTIN, one row
 * per invoice and rate), `b2cl` (inter-state invoices to consumers above ₹1,00,000), `b2cs` (other consumer
 * sales by place of supply and rate, their credit notes netted), `cdnr` (credit notes to buyers with a GSTIN)
 * and `cdnur` (credit notes of B2CL invoices), both with the original invoice (./gstr1-credit-notes.ts),
 * `hsn` (the HSN summary, split B2B / B2C) and `docs` (the number ranges issued). Column names follow the GST
 * portal's offline tool; amounts in rupees with 2 decimals. Used by `npm run orders -- gst-export 2026-11`;
 * the admin panel can call {@link gstr1Export} too. Reads only; scoped to the store.
 */
import { and, asc, eq, gte, lt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import type { TaxDocumentContent } from './tax-document-content';
import { CDNR_HEADER, CDNUR_HEADER, cdnrRows, cdnurRows, type MonthCreditNote } from './gstr1-credit-notes';
import { byRate, gstDate, monthRange, placeOfSupply, rupees, toCsv } from './gstr1-sheet-format';

/** Inter-state invoices to consumers above this value (paise) go to B2CL (Notification 12/2024-CT). */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

/** The CSV sheets of one month, by name (`b2b`, `b2cl`, `b2cs`, `cdnr`, `cdnur`, `hsn`, `docs`). */
export type Gstr1Sheets = Record<'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'hsn' | 'docs', string>;

/**
 * The GSTR-1 sheets of `storeId` for `month` (`YYYY-MM`, India Standard Time): every tax invoice and credit
 * note issued in it. Bills of supply (a store not registered under GST) have no GSTR-1 and are left out.
 * @throws {RangeError} for a malformed month.
 */
export async function gstr1Export(db: Db, storeId: number, month: string): Promise<Gstr1Sheets> {
  const { from, to } = monthRange(month);
  const rows = await db
    .select({ document: taxDocuments.document, refersTo: taxDocuments.refersTo })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.storeId, storeId),
        inArray(taxDocuments.kind, ['tax-invoice', 'credit-note']),
        gte(taxDocuments.issuedAt, from),
        lt(taxDocuments.issuedAt, to),
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  const documents = rows.map((row) => row.document as TaxDocumentContent);
  const invoices = documents.filter((content) => content.kind === 'tax-invoice');
  const notes = documents.filter((content) => content.kind === 'credit-note');
  const isB2b = (content: TaxDocumentContent) => content.recipient.gstin !== null;
  const isB2cl = (content: TaxDocumentContent) =>
    !isB2b(content) && content.supply === 'inter-state' && content.totals.totalPaise > B2CL_THRESHOLD_PAISE;
  // A credit note is B2CL (CDNUR) when the invoice it refers to was, whatever its own value.
  const referred = rows.flatMap((row) => (row.refersTo === null ? [] : [row.refersTo]));
  const invoiceTotals = new Map(
    referred.length === 0
      ? []
      : (
          await db
            .select({ id: taxDocuments.id, document: taxDocuments.document })
            .from(taxDocuments)
            .where(and(eq(taxDocuments.storeId, storeId), inArray(taxDocuments.id, referred)))
        ).map((row) => [row.id, (row.document as TaxDocumentContent).totals.totalPaise]),
  );
  const monthNotes: MonthCreditNote[] = rows
    .filter((row) => (row.document as TaxDocumentContent).kind === 'credit-note')
    .map((row) => ({
      content: row.document as TaxDocumentContent,
      invoiceTotalPaise: row.refersTo === null ? null : (invoiceTotals.get(row.refersTo) ?? null),
    }));
  const isB2clNote = ({ content, invoiceTotalPaise }: MonthCreditNote) =>
    !isB2b(content) &&
    content.supply === 'inter-state' &&
    (invoiceTotalPaise ?? content.totals.totalPaise) > B2CL_THRESHOLD_PAISE;
  const b2clNotes = new Set(monthNotes.filter(isB2clNote).map(({ content }) => content.number));

  const b2b = invoices
    .filter(isB2b)
    .flatMap((content) =>
      byRate(content.lines).map(([rate, group]) => [
        content.recipient.gstin!,
        content.recipient.businessName ?? content.recipient.name,
        content.number,
        gstDate(content.issuedAt),
        rupees(content.totals.totalPaise),
        placeOfSupply(content),
        'N',
        '',
        'Regular B2B',
        '',
        rate,
        rupees(group.taxable),
        '0.00',
      ]),
    );
  const b2cl = invoices
    .filter(isB2cl)
    .flatMap((content) =>
      byRate(content.lines).map(([rate, group]) => [
        content.number,
        gstDate(content.issuedAt),
        rupees(content.totals.totalPaise),
        placeOfSupply(content),
        '',
        rate,
        rupees(group.taxable),
        '0.00',
        '',
      ]),
    );
  // B2CS: consumer invoices not in B2CL, less consumer credit notes, by place of supply and rate.
  const b2csTotals = new Map<string, { supply: string; rate: number; taxable: number }>();
  for (const content of documents) {
    if (isB2b(content) || (content.kind === 'tax-invoice' ? isB2cl(content) : b2clNotes.has(content.number)))
      continue;
    const sign = content.kind === 'credit-note' ? -1 : 1;
    for (const [rate, group] of byRate(content.lines)) {
      const key = `${placeOfSupply(content)}|${rate}`;
      const entry = b2csTotals.get(key) ?? { supply: placeOfSupply(content), rate, taxable: 0 };
      entry.taxable += sign * group.taxable;
      b2csTotals.set(key, entry);
    }
  }
  const b2cs = [...b2csTotals.values()]
    .sort((a, b) => a.supply.localeCompare(b.supply) || a.rate - b.rate)
    .map((entry) => ['OE', entry.supply, '', entry.rate, rupees(entry.taxable), '0.00', '']);
  // HSN summary, B2B and B2C apart, credit notes subtracted.
  const hsnTotals = new Map<
    string,
    {
      type: string;
      hsn: string;
      uqc: string;
      rate: number;
      quantity: number;
      value: number;
      taxable: number;
      igst: number;
      cgst: number;
      sgst: number;
    }
  >();
  for (const content of documents) {
    const sign = content.kind === 'credit-note' ? -1 : 1;
    const type = isB2b(content) ? 'B2B' : 'B2C';
    for (const line of content.lines) {
      // Services (shipping, the COD fee: SAC lines) have no quantity: UQC NA, quantity 0.
      const service = line.unit === 'NA';
      const uqc = service ? 'NA' : line.unit === 'MTR' ? 'MTR-METERS' : 'PCS-PIECES';
      const key = `${type}|${line.hsn ?? ''}|${uqc}|${line.ratePercent}`;
      const entry = hsnTotals.get(key) ?? {
        type,
        hsn: line.hsn ?? '',
        uqc,
        rate: line.ratePercent,
        quantity: 0,
        value: 0,
        taxable: 0,
        igst: 0,
        cgst: 0,
        sgst: 0,
      };
      entry.quantity += service ? 0 : sign * line.quantity;
      entry.value += sign * line.totalPaise;
      entry.taxable += sign * line.taxableValuePaise;
      entry.igst += sign * line.igstPaise;
      entry.cgst += sign * line.cgstPaise;
      entry.sgst += sign * line.sgstPaise;
      hsnTotals.set(key, entry);
    }
  }
  const hsn = [...hsnTotals.values()]
    .sort((a, b) => a.type.localeCompare(b.type) || a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
    .map((entry) => [
      entry.type,
      entry.hsn,
      '',
      entry.uqc,
      Math.round(entry.quantity * 1000) / 1000,
      rupees(entry.value),
      entry.rate,
      rupees(entry.taxable),
      rupees(entry.igst),
      rupees(entry.cgst),
      rupees(entry.sgst),
      '0.00',
    ]);
  const range = (nature: string, list: TaxDocumentContent[]) => {
    if (list.length === 0) return [];
    const numbers = list.map((content) => content.number).sort();
    return [[nature, numbers[0]!, numbers.at(-1)!, list.length, 0]];
  };
  const docs = [...range('Invoices for outward supply', invoices), ...range('Credit Note', notes)];

  return {
    b2b: toCsv(
      [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      b2b,
    ),
    b2cl: toCsv(
      [
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      b2cl,
    ),
    b2cs: toCsv(
      [
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      b2cs,
    ),
    cdnr: toCsv(CDNR_HEADER, cdnrRows(monthNotes)),
    cdnur: toCsv(CDNUR_HEADER, cdnurRows(monthNotes, isB2clNote)),
    hsn: toCsv(
      [
        'Supply',
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ],
      hsn,
    ),
    docs: toCsv(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'], docs),
  };
}
