/**
 * How the GSTR-1 sheets write things, as the GST portal's offline tool expects them: CSV text, amounts in
 * rupees, dates such as `23-Nov-2026`, the place of supply as `27-Maharashtra`, a month as a range of instants
 * in India Standard Time, and a document's lines grouped by rate. Used by the monthly export (docs/gst.md).
 */
import { stringify } from 'csv-stringify/sync';
import { indianStateByCode } from '@shared/gst/indian-states';
import type { TaxDocumentContent, TaxDocumentLine } from './tax-document-content';

/** Rows as CSV text with a header row (RFC 4180: a field is quoted when it holds a comma, quote or line break), lines ending CRLF. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return stringify([header, ...rows], { record_delimiter: '\r\n' });
}

/** Paise as rupees with 2 decimals, as the offline tool writes amounts: `123456` → `1234.56`. */
export const rupees = (paise: number) => (paise / 100).toFixed(2);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as the GST offline tool writes it: `23-Nov-2026` (India Standard Time). */
export function gstDate(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(local.getUTCDate()).padStart(2, '0')}-${MONTHS[local.getUTCMonth()]}-${local.getUTCFullYear()}`;
}

/** The place of supply as the offline tool writes it: `27-Maharashtra`. */
export function placeOfSupply(content: TaxDocumentContent): string {
  const code = content.placeOfSupply.code ?? '';
  return `${code}-${indianStateByCode(code)?.name ?? content.placeOfSupply.state}`;
}

/** The lines of a document grouped by rate: taxable value and tax heads added up (paise). */
export function byRate(
  lines: TaxDocumentLine[],
): [number, { taxable: number; igst: number; cgst: number; sgst: number }][] {
  const groups = new Map<number, { taxable: number; igst: number; cgst: number; sgst: number }>();
  for (const line of lines) {
    const group = groups.get(line.ratePercent) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
    group.taxable += line.taxableValuePaise;
    group.igst += line.igstPaise;
    group.cgst += line.cgstPaise;
    group.sgst += line.sgstPaise;
    groups.set(line.ratePercent, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/**
 * The start and end (exclusive) of `month` (`2026-11`) in India Standard Time, as instants.
 * @throws {RangeError} for anything but `YYYY-MM` with a month 01–12.
 */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new RangeError('a month is written YYYY-MM, e.g. 2026-11');
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const ist = (y: number, m: number) => new Date(Date.UTC(y, m, 1) - 330 * 60_000);
  return { from: ist(year, index), to: ist(year, index + 1) };
}
