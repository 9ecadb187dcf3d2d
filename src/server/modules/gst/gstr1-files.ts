/** Writing the GSTR-1 sheets of a month as CSV files (`npm run orders -- gst-export 2026-11`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import { gstr1Export, monthRange } from './gstr1-export';

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
