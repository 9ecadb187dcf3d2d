/**
 * What the shop's size chart form and the per-category one share (docs/admin.md "Settings"): the 'Unit'
 * select, the 'Tables' text box (in the text format of `size-chart-text.ts`), the check of that text against
 * the section's schema before sending, and the server's problems turned into 'Line 4: …'.
 *
 * `depth` is how many keys of a field's path stand before the chart's `tables`: 1 for `sizeChart.tables.1`,
 * 2 for `categorySizeCharts.Kurtis.tables.1`.
 */
import { useId } from 'react';
import type { ZodType } from 'zod';
import {
  SIZE_CHART_UNIT_NAMES,
  SIZE_CHART_UNITS,
  type SizeChartUnit,
} from '@shared/store-settings/size-chart';
import {
  sizeChartFromText,
  sizeChartLineProblem,
  type ParsedSizeChartText,
} from '@shared/store-settings/size-chart-text';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';

/** A server field's key as a path: `sizeChart.tables.1.rows.2` → `['sizeChart', 'tables', 1, 'rows', 2]`. */
const pathOf = (key: string) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Reads the typed tables and checks the body made of them with the section's schema.
 * @param toBody the section's body for the parsed tables (none when the text is empty).
 * @returns the checked body, or the first problem ('Line 9: must hold 4 measurements, one per column').
 */
export function checkSizeChartText<Body>(
  text: string,
  schema: ZodType<Body>,
  toBody: (tables: ParsedSizeChartText['tables']) => unknown,
  depth: number,
): { data: Body } | { problem: string } {
  const parsed = sizeChartFromText(text);
  if ('problem' in parsed) return { problem: parsed.problem };
  const checked = schema.safeParse(toBody(parsed.tables));
  if (checked.success) return { data: checked.data };
  const issue = checked.error.issues[0]!;
  return { problem: sizeChartLineProblem(parsed, issue.path.slice(depth), issue.message) };
}

/**
 * The message for a refused save: every problem the server names belongs to the one text box, so the first
 * is shown, by line of the text that was sent; an error without fields gives its `errorText`.
 */
export function sizeChartSaveProblem(error: Error, text: string, depth: number): string {
  const sent = sizeChartFromText(text);
  let shown: string | undefined;
  setFieldErrors<Record<string, unknown>>(
    error,
    (_field, { message }) => (shown ??= message),
    () => 'tables',
    {
      message: (_field, problem, key) =>
        'problem' in sent
          ? `${key}: ${problem}`
          : sizeChartLineProblem(sent, pathOf(key).slice(depth), problem),
    },
  );
  return shown ?? errorText(error);
}

/** The 'Unit' select: inches or centimetres for the whole chart. */
export function SizeChartUnitField({
  unit,
  onChange,
}: {
  unit: SizeChartUnit;
  onChange: (unit: SizeChartUnit) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Unit
      </label>
      <select
        id={id}
        value={unit}
        onChange={(event) => onChange(event.target.value as SizeChartUnit)}
        className="field w-fit"
      >
        {SIZE_CHART_UNITS.map((value) => (
          <option key={value} value={value}>
            {SIZE_CHART_UNIT_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The 'Tables' text box, in a monospace font, with `problem` under it. */
export function SizeChartTablesField({
  id,
  hint,
  rows,
  text,
  problem,
  onChange,
}: {
  id: string;
  hint: string;
  rows: number;
  text: string;
  problem: string | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <FormField id={id} label="Tables" hint={hint} error={problem}>
      {(control) => (
        <Textarea
          {...control}
          rows={rows}
          className="font-mono text-sm"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
