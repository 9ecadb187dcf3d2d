/**
 * The store-wide size chart: the garment measurements behind each size, shown by the 'Size chart' button of a
 * product that is sold in sizes (never for fabric sold by the metre). One unit for the whole chart — inches
 * (`in`) or centimetres (`cm`) — and one or more tables (e.g. "Women's kurta", "Men's kurta"), each with its
 * measurement columns and one row per size. Set in the admin's settings or the catalogue file's
 * `store.sizeChart`; null: no chart, no button.
 */
import { z } from 'zod';

export const SIZE_CHART_UNITS = ['in', 'cm'] as const;
export type SizeChartUnit = (typeof SIZE_CHART_UNITS)[number];
/** How a unit is named above the tables. */
export const SIZE_CHART_UNIT_NAMES: Record<SizeChartUnit, string> = { in: 'inches', cm: 'centimetres' };

/** Limits: tables per chart, measurement columns per table, rows per table, largest measurement (in the unit). */
export const SIZE_CHART_LIMITS = { tables: 4, columns: 8, rows: 20, measurement: 500 } as const;

const name = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** One measurement: a positive number in the chart's unit with at most one decimal (34, 34.5). */
const measurement = z
  .number({ message: 'must be a number' })
  .positive('must be above 0')
  .max(SIZE_CHART_LIMITS.measurement, `must be at most ${SIZE_CHART_LIMITS.measurement}`)
  .refine((value) => Number.isInteger(value * 10), { message: 'must have at most 1 decimal' });

/** One table: its title, the measurement names (Bust, Waist…) and a row per size with one value each. */
export const sizeChartTableSchema = z
  .object({
    title: name(60),
    columns: z
      .array(name(30))
      .min(1, 'must name at least 1 measurement')
      .max(SIZE_CHART_LIMITS.columns, `must name at most ${SIZE_CHART_LIMITS.columns} measurements`),
    rows: z
      .array(z.object({ size: name(20), values: z.array(measurement) }))
      .min(1, 'must hold at least 1 size')
      .max(SIZE_CHART_LIMITS.rows, `must hold at most ${SIZE_CHART_LIMITS.rows} sizes`),
  })
  .superRefine((table, context) => {
    const seen = new Set<string>();
    table.rows.forEach((row, index) => {
      if (row.values.length !== table.columns.length) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index, 'values'],
          message: `must hold ${table.columns.length} measurements, one per column`,
        });
      }
      const key = row.size.toLowerCase();
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: ['rows', index, 'size'], message: 'is listed twice' });
      seen.add(key);
    });
  });

/** The whole chart: the unit and 1 to 4 tables. */
export const sizeChartSchema = z.object({
  unit: z.enum(SIZE_CHART_UNITS, { message: 'must be in or cm' }),
  tables: z
    .array(sizeChartTableSchema)
    .min(1, 'must hold at least 1 table')
    .max(SIZE_CHART_LIMITS.tables, `must hold at most ${SIZE_CHART_LIMITS.tables} tables`),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;
export type SizeChartTable = SizeChart['tables'][number];

/**
 * The chart with its keys in the documented order (`unit`, `tables`; `title`, `columns`, `rows`; `size`,
 * `values`): a chart read back from a JSON column has its keys in the database's order, and the catalogue
 * export and the import's "changed?" check compare it as written.
 */
export function sizeChartInOrder(chart: SizeChart): SizeChart {
  return {
    unit: chart.unit,
    tables: chart.tables.map((table) => ({
      title: table.title,
      columns: table.columns,
      rows: table.rows.map((row) => ({ size: row.size, values: row.values })),
    })),
  };
}
