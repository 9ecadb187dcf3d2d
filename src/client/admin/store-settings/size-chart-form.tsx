/**
 * The size chart section of `/admin/settings`: the measurements behind each size, shown to shoppers by the
 * 'Size chart' button of every product sold in sizes (not fabric sold by the metre). One unit for the whole
 * chart (inches or centimetres) and one block of lines per table: `# title`, the header `Size, Bust, Waist…`,
 * then a line per size `M, 36, 30…`. Empty: no chart, no button.
 */
import { useId, useState } from 'react';
import {
  sizeChartSettingsSchema,
  type SizeChartSettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import {
  SIZE_CHART_UNIT_NAMES,
  SIZE_CHART_UNITS,
  type SizeChartUnit,
} from '@shared/store-settings/size-chart';
import {
  sizeChartFromText,
  sizeChartLineProblem,
  sizeChartToText,
} from '@shared/store-settings/size-chart-text';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { useSaveSettings } from './store-settings-queries';

/** A server field's key as a path: `sizeChart.tables.1.rows.2` → `['sizeChart', 'tables', 1, 'rows', 2]`. */
const pathOf = (key: string) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The text shown in the box for a chart (blank without one). */
const textOf = (chart: StoreSettings['storeInfo']['sizeChart']) =>
  chart ? sizeChartToText(chart.tables) : '';

export function SizeChartForm({ settings }: { settings: StoreSettings }) {
  const chart = settings.storeInfo.sizeChart;
  const unitId = useId();
  const [unit, setUnit] = useState<SizeChartUnit>(chart?.unit ?? 'in');
  const [text, setText] = useState(() => textOf(chart));
  const [problem, setProblem] = useState<string | undefined>();
  const save = useSaveSettings<SizeChartSettings>('size-chart', 'Size chart saved', (error) => {
    // Every problem the server names (`sizeChart.tables.1.rows.2`) belongs to the one text box: the first is
    // shown, by line of the text that was sent.
    const sent = sizeChartFromText(text);
    let shown: string | undefined;
    setFieldErrors<SizeChartSettings>(
      error,
      (_field, { message }) => (shown ??= message),
      () => 'sizeChart',
      {
        message: (_field, problem, key) =>
          'problem' in sent
            ? `${key}: ${problem}`
            : sizeChartLineProblem(sent, pathOf(key).slice(1), problem),
      },
    );
    setProblem(shown ?? errorText(error));
  });
  return (
    <form
      noValidate
      aria-labelledby="size-chart-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = sizeChartFromText(text);
        if ('problem' in parsed) {
          setProblem(parsed.problem);
          return;
        }
        const body = { sizeChart: parsed.tables.length === 0 ? null : { unit, tables: parsed.tables } };
        const checked = sizeChartSettingsSchema.safeParse(body);
        if (!checked.success) {
          const issue = checked.error.issues[0]!;
          setProblem(sizeChartLineProblem(parsed, issue.path.slice(1), issue.message));
          return;
        }
        setProblem(undefined);
        save.mutate(checked.data, {
          onSuccess: (saved) => setText(textOf(saved.storeInfo.sizeChart)),
        });
      }}
    >
      <h2 id="size-chart-title" className="font-semibold">
        Size chart
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={unitId} className="text-sm font-medium">
          Unit
        </label>
        <select
          id={unitId}
          value={unit}
          onChange={(event) => setUnit(event.target.value as SizeChartUnit)}
          className="field w-fit"
        >
          {SIZE_CHART_UNITS.map((value) => (
            <option key={value} value={value}>
              {SIZE_CHART_UNIT_NAMES[value]}
            </option>
          ))}
        </select>
      </div>
      <FormField
        id="settings-size-chart"
        label="Tables"
        hint="For each table: a line '# Women's kurta', a line 'Size, Bust, Waist, Hip', then one line per size: 'M, 36, 30, 39'. Empty: no size chart."
        error={problem}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={12}
            className="font-mono text-sm"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        Save size chart
      </Button>
    </form>
  );
}
