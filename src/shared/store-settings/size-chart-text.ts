/**
 * The size chart as the admin types it: one block per table — a `# title` line, a header line naming the
 * measurements after the size, then one line per size — values separated by commas:
 *
 * ```
 * # Women's kurta
 * Size, Bust, Waist, Hip, Length
 * XS, 32, 26, 35, 44
 * ```
 *
 * Blank lines are ignored. Zod-free: the shape is checked afterwards with `sizeChartSchema`, whose problems
 * {@link sizeChartLineProblem} turns into 'Line 4: …'.
 */
import type { SizeChartTable } from './size-chart';

/** The text of a chart's tables (the unit is chosen apart). */
export function sizeChartToText(tables: readonly SizeChartTable[]): string {
  return tables
    .map((table) =>
      [
        `# ${table.title}`,
        ['Size', ...table.columns].join(', '),
        ...table.rows.map((row) => [row.size, ...row.values.map(String)].join(', ')),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The parsed tables and, for each table, the line numbers (from 1) of its title, header and rows. */
export type ParsedSizeChartText = {
  tables: { title: string; columns: string[]; rows: { size: string; values: number[] }[] }[];
  lines: { title: number; header: number; rows: number[] }[];
};

const cells = (line: string) => line.split(',').map((cell) => cell.trim());

/**
 * Reads the typed text. A value that is not a number becomes NaN (the schema then says 'must be a number').
 * @returns the tables, or `problem` ('Line 1: must start a table with # and its title') for text that is not
 *   in the format at all. Empty text gives no tables.
 */
export function sizeChartFromText(text: string): ParsedSizeChartText | { problem: string } {
  const parsed: ParsedSizeChartText = { tables: [], lines: [] };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    const number = index + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      parsed.tables.push({ title: line.slice(1).trim(), columns: [], rows: [] });
      parsed.lines.push({ title: number, header: number, rows: [] });
      continue;
    }
    const table = parsed.tables.at(-1);
    const tableLines = parsed.lines.at(-1);
    if (!table || !tableLines) return { problem: `Line ${number}: must start a table with # and its title` };
    if (tableLines.header === tableLines.title) {
      table.columns = cells(line).slice(1);
      tableLines.header = number;
      continue;
    }
    const [size = '', ...values] = cells(line);
    table.rows.push({ size, values: values.map((value) => (value === '' ? Number.NaN : Number(value))) });
    tableLines.rows.push(number);
  }
  return parsed;
}

/**
 * Where a `sizeChartSchema` problem is in the text: `tables.1.rows.2.values` → 'Line 9: must hold 4
 * measurements, one per column'.
 */
export function sizeChartLineProblem(
  parsed: ParsedSizeChartText,
  path: readonly PropertyKey[],
  message: string,
): string {
  const [, tableIndex, part, rowIndex] = path;
  const lines = typeof tableIndex === 'number' ? parsed.lines[tableIndex] : undefined;
  if (!lines) return message;
  const line =
    part === 'rows' && typeof rowIndex === 'number'
      ? lines.rows[rowIndex]
      : part === 'columns'
        ? lines.header
        : part === 'rows'
          ? lines.header
          : lines.title;
  return line === undefined ? message : `Line ${line}: ${message}`;
}
