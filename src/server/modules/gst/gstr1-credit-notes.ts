/**
 * The credit notes of a month in GSTR-1 (docs/gst.md "GSTR-1"), with the number and date of the invoice each
 * one refers to (CGST Act section 34, CGST Rule 53):
 *
 * - **CDNR** (table 9B, registered): credit notes to buyers with a GSTIN.
 * - **CDNUR** (table 9B, unregistered): credit notes to consumers whose original invoice was B2CL (inter-state,
 *   above the B2CL threshold) — `UR Type` `B2CL`.
 * - Every other consumer credit note is netted in B2CS (table 7) by place of supply and rate.
 *
 * Column names follow the portal's offline tool, then the original invoice's number and date. Amounts in
 * rupees with 2 decimals.
 */
import type { TaxDocumentContent } from './tax-document-content';
import { byRate, gstDate, placeOfSupply, rupees } from './gstr1-sheet-format';

/** A credit note of the month with the invoice it refers to (its total decides B2CL). */
export type MonthCreditNote = { content: TaxDocumentContent; invoiceTotalPaise: number | null };

export const CDNR_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Reverse Charge',
  'Note Supply Type',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'Original Invoice Number',
  'Original Invoice date',
];

export const CDNUR_HEADER = [
  'UR Type',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'Original Invoice Number',
  'Original Invoice date',
];

const original = (content: TaxDocumentContent) => [
  content.refersTo?.number ?? '',
  content.refersTo ? gstDate(content.refersTo.issuedAt) : '',
];

/** CDNR rows: one per credit note to a registered buyer and rate. */
export function cdnrRows(notes: MonthCreditNote[]): (string | number)[][] {
  return notes
    .filter(({ content }) => content.recipient.gstin !== null)
    .flatMap(({ content }) =>
      byRate(content.lines).map(([rate, group]) => [
        content.recipient.gstin!,
        content.recipient.businessName ?? content.recipient.name,
        content.number,
        gstDate(content.issuedAt),
        'C',
        placeOfSupply(content),
        'N',
        'Regular B2B',
        rupees(content.totals.totalPaise),
        '',
        rate,
        rupees(group.taxable),
        '0.00',
        ...original(content),
      ]),
    );
}

/** CDNUR rows: one per credit note of a B2CL invoice and rate (`isB2clNote` says which notes). */
export function cdnurRows(
  notes: MonthCreditNote[],
  isB2clNote: (note: MonthCreditNote) => boolean,
): (string | number)[][] {
  return notes
    .filter(isB2clNote)
    .flatMap(({ content }) =>
      byRate(content.lines).map(([rate, group]) => [
        'B2CL',
        content.number,
        gstDate(content.issuedAt),
        'C',
        placeOfSupply(content),
        rupees(content.totals.totalPaise),
        '',
        rate,
        rupees(group.taxable),
        '0.00',
        ...original(content),
      ]),
    );
}
