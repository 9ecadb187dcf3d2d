/**
 * Numbers of tax documents (CGST Rule 46(b)): consecutive per store, financial year and series, at most 16
 * characters of letters, digits, `-` and `/`, unique and never reused. Invoices and bills of supply share the
 * series `invoice` (`RS/25-26/000123`); credit notes have their own (`CN/25-26/000004`). The Indian financial
 * year runs from 1 April to 31 March, in India Standard Time.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** The numbering series: tax invoices and bills of supply, and credit notes. */
export type DocumentSeries = 'invoice' | 'credit-note';

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The moment `at` as a date in India (UTC fields of the shifted time). */
export function indianDate(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The financial year of `at` in India, as `25-26` (1 April 2025 – 31 March 2026). */
export function financialYearOf(at: Date): string {
  const local = indianDate(at);
  const startYear = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

/** Longest document number CGST Rule 46(b) allows. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * `prefix/FY/NNNNNN`: the sequence zero-padded to 6 digits (`RS/25-26/000123`). Throws a RangeError past 16
 * characters (a 3-character prefix holds 999,999 documents a year).
 */
export function formatDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  const number = `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH || !/^[A-Za-z0-9/-]+$/.test(number)) {
    throw new RangeError(`document number ${number} breaks CGST Rule 46(b)`);
  }
  return number;
}

/**
 * The next sequence of `series` in `storeId` for `financialYear`: the counter row is created at 1 or
 * incremented with one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, which holds the row's lock until the
 * calling transaction ends — concurrent issues wait, so sequences are consecutive and unique, and a rolled back
 * issue gives its number back with everything else.
 */
export async function nextSequence(
  tx: Db,
  storeId: number,
  financialYear: string,
  series: DocumentSeries,
): Promise<number> {
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      INSERT INTO tax_document_counters (store_id, financial_year, series, last_number)
      VALUES (${storeId}, ${financialYear}, ${series}, 1)
      ON CONFLICT (store_id, financial_year, series)
        DO UPDATE SET last_number = tax_document_counters.last_number + 1
      RETURNING last_number`),
  );
  return Number(row!.last_number);
}
