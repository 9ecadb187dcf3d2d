/**
 * The 'Size charts per category' section of `/admin/settings` (docs/admin.md "Settings"): a category or
 * sub-category (Kurtis, Blouses, Footwear…) gets its own chart, which its products show instead of the shop's
 * size chart, listing only the sizes each product is sold in. The charts saved so far are listed with 'Edit'
 * and 'Remove'; the form takes the category's name, the unit and the tables in the shop chart's text format.
 * Saving sends every category's chart (`PUT /settings/category-size-charts`); empty tables remove the
 * category's chart.
 */
import { useState } from 'react';
import type { SizeChart, SizeChartUnit } from '@shared/store-settings/size-chart';
import { SIZE_CHART_UNIT_NAMES } from '@shared/store-settings/size-chart';
import { sizeChartToText } from '@shared/store-settings/size-chart-text';
import {
  categorySizeChartSettingsSchema,
  type CategorySizeChartSettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import {
  checkSizeChartText,
  SizeChartTablesField,
  SizeChartUnitField,
  sizeChartSaveProblem,
} from './size-chart-fields';
import { useSaveSettings } from './store-settings-queries';

/** The charts without the one named `name` (letter case ignored). */
const without = (charts: Record<string, SizeChart>, name: string) =>
  Object.fromEntries(
    Object.entries(charts).filter(([key]) => key.toLowerCase() !== name.trim().toLowerCase()),
  );

export function CategorySizeChartForm({ settings }: { settings: StoreSettings }) {
  const charts = settings.storeInfo.categorySizeCharts;
  const [category, setCategory] = useState('');
  const [unit, setUnit] = useState<SizeChartUnit>('in');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  // The server's first problem (`categorySizeCharts.Kurtis.tables.0.rows.2`), by line of the text sent.
  const save = useSaveSettings<CategorySizeChartSettings>(
    'category-size-charts',
    'Category size charts saved',
    (error) => setProblem(sizeChartSaveProblem(error, text, 2)),
  );
  const known = [
    ...settings.categories.map((entry) => entry.name),
    ...settings.otherCategories,
    ...settings.gst.gstDefaults.map((entry) => entry.category),
  ].filter((name, index, all) => all.indexOf(name) === index);

  const edit = (name: string) => {
    const chart = charts[name]!;
    setCategory(name);
    setUnit(chart.unit);
    setText(sizeChartToText(chart.tables));
    setProblem(undefined);
  };

  return (
    <form
      noValidate
      aria-labelledby="category-size-charts-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const name = category.trim();
        if (name === '') {
          setProblem('Name the category or sub-category the chart is for');
          return;
        }
        const others = without(charts, name);
        const checked = checkSizeChartText(
          text,
          categorySizeChartSettingsSchema,
          (tables) => ({
            categorySizeCharts: tables.length === 0 ? others : { ...others, [name]: { unit, tables } },
          }),
          2,
        );
        if ('problem' in checked) {
          setProblem(checked.problem);
          return;
        }
        setProblem(undefined);
        save.mutate(checked.data, {
          onSuccess: () => {
            setCategory('');
            setText('');
          },
        });
      }}
    >
      <h2 id="category-size-charts-title" className="font-semibold">
        Size charts per category
      </h2>
      <p className="text-sm text-stone-600">
        A category or sub-category with its own chart shows it instead of the shop's size chart, with only the
        sizes each product is sold in.
      </p>
      {Object.keys(charts).length === 0 ? (
        <p className="text-sm text-stone-600">No category has its own chart yet.</p>
      ) : (
        <ul aria-label="Categories with their own chart" className="flex flex-col gap-2">
          {Object.entries(charts).map(([name, chart]) => (
            <li key={name} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{name}</span>
              <span className="text-stone-600">
                {`${chart.tables.length} ${chart.tables.length === 1 ? 'table' : 'tables'}, ${SIZE_CHART_UNIT_NAMES[chart.unit]}`}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Edit ${name}`}
                onClick={() => edit(name)}
              >
                Edit
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Remove ${name}`}
                disabled={save.isPending}
                onClick={() => save.mutate({ categorySizeCharts: without(charts, name) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormField id="category-size-chart-name" label="Category or sub-category">
        {(control) => (
          <Input
            {...control}
            list="category-size-chart-names"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          />
        )}
      </FormField>
      <datalist id="category-size-chart-names">
        {known.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <SizeChartUnitField unit={unit} onChange={setUnit} />
      <SizeChartTablesField
        id="category-size-chart-tables"
        hint="The same lines as the shop's size chart. Empty: the category has no chart of its own."
        rows={8}
        text={text}
        problem={problem}
        onChange={setText}
      />
      <Button type="submit" disabled={save.isPending}>
        Save category chart
      </Button>
    </form>
  );
}
