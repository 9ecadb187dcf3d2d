/**
 * The size chart section of `/admin/settings`: the measurements behind each size, shown to shoppers by the
 * 'Size chart' button of every product sold in sizes (not fabric sold by the metre). One unit for the whole
 * chart (inches or centimetres) and one block of lines per table: `# title`, the header `Size, Bust, Waist…`,
 * then a line per size `M, 36, 30…`. Empty: no chart, no button.
 */
import { useState } from 'react';
import {
  sizeChartSettingsSchema,
  type SizeChartSettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import type { SizeChartUnit } from '@shared/store-settings/size-chart';
import { sizeChartToText } from '@shared/store-settings/size-chart-text';
import { Button } from '@client/components/ui/button';
import {
  checkSizeChartText,
  SizeChartTablesField,
  SizeChartUnitField,
  sizeChartSaveProblem,
} from './size-chart-fields';
import { useSaveSettings } from './store-settings-queries';

/** The text shown in the box for a chart (blank without one). */
const textOf = (chart: StoreSettings['storeInfo']['sizeChart']) =>
  chart ? sizeChartToText(chart.tables) : '';

export function SizeChartForm({ settings }: { settings: StoreSettings }) {
  const chart = settings.storeInfo.sizeChart;
  const [unit, setUnit] = useState<SizeChartUnit>(chart?.unit ?? 'in');
  const [text, setText] = useState(() => textOf(chart));
  const [problem, setProblem] = useState<string | undefined>();
  // Every problem the server names (`sizeChart.tables.1.rows.2`) belongs to the one text box.
  const save = useSaveSettings<SizeChartSettings>('size-chart', 'Size chart saved', (error) =>
    setProblem(sizeChartSaveProblem(error, text, 1)),
  );
  return (
    <form
      noValidate
      aria-labelledby="size-chart-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkSizeChartText(
          text,
          sizeChartSettingsSchema,
          (tables) => ({ sizeChart: tables.length === 0 ? null : { unit, tables } }),
          1,
        );
        if ('problem' in checked) {
          setProblem(checked.problem);
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
      <SizeChartUnitField unit={unit} onChange={setUnit} />
      <SizeChartTablesField
        id="settings-size-chart"
        hint="For each table: a line '# Women's kurta', a line 'Size, Bust, Waist, Hip', then one line per size: 'M, 36, 30, 39'. Empty: no size chart."
        rows={12}
        text={text}
        problem={problem}
        onChange={setText}
      />
      <Button type="submit" disabled={save.isPending}>
        Save size chart
      </Button>
    </form>
  );
}
