import { describe, expect, it } from 'vitest';
import { sizeChartSchema, type SizeChart } from './size-chart';
import { sizeChartFromText, sizeChartLineProblem, sizeChartToText } from './size-chart-text';

const CHART: SizeChart = {
  unit: 'in',
  tables: [
    {
      title: "Women's kurta",
      columns: ['Bust', 'Waist'],
      rows: [
        { size: 'S', values: [34, 28] },
        { size: 'M', values: [36, 30.5] },
      ],
    },
    { title: "Men's kurta", columns: ['Chest'], rows: [{ size: 'M', values: [40] }] },
  ],
};

const TEXT = [
  "# Women's kurta",
  'Size, Bust, Waist',
  'S, 34, 28',
  'M, 36, 30.5',
  '',
  "# Men's kurta",
  'Size, Chest',
  'M, 40',
].join('\n');

const problems = (input: unknown) =>
  sizeChartSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('size chart schema', () => {
  it('accepts a chart in inches or centimetres', () => {
    expect(sizeChartSchema.parse(CHART)).toEqual(CHART);
    expect(sizeChartSchema.parse({ ...CHART, unit: 'cm' }).unit).toBe('cm');
  });

  it('refuses a wrong unit, a row of the wrong length, a repeated size and bad measurements', () => {
    const table = CHART.tables[0]!;
    expect(problems({ ...CHART, unit: 'mm' })).toEqual([['unit', 'must be in or cm']]);
    expect(
      problems({
        ...CHART,
        tables: [
          {
            ...table,
            rows: [
              { size: 'S', values: [34] },
              { size: 's', values: [-1, 28.25] },
              { size: 'L', values: [501, 30] },
            ],
          },
        ],
      }),
    ).toEqual([
      ['tables.0.rows.1.values.0', 'must be above 0'],
      ['tables.0.rows.1.values.1', 'must have at most 1 decimal'],
      ['tables.0.rows.2.values.0', 'must be at most 500'],
      ['tables.0.rows.0.values', 'must hold 2 measurements, one per column'],
      ['tables.0.rows.1.size', 'is listed twice'],
    ]);
    expect(problems({ ...CHART, tables: [] })).toEqual([['tables', 'must hold at least 1 table']]);
    expect(problems({ ...CHART, tables: [{ ...table, columns: [] }] })).toEqual([
      ['tables.0.columns', 'must name at least 1 measurement'],
      ['tables.0.rows.0.values', 'must hold 0 measurements, one per column'],
      ['tables.0.rows.1.values', 'must hold 0 measurements, one per column'],
    ]);
  });
});

describe('size chart text', () => {
  it('writes and reads the tables, blank lines ignored', () => {
    expect(sizeChartToText(CHART.tables)).toBe(TEXT);
    const parsed = sizeChartFromText(`\n${TEXT}\n\n`);
    expect(parsed).toEqual({
      tables: CHART.tables,
      lines: [
        { title: 2, header: 3, rows: [4, 5] },
        { title: 7, header: 8, rows: [9] },
      ],
    });
    expect(sizeChartFromText('  \n')).toEqual({ tables: [], lines: [] });
  });

  it('refuses lines before the first title', () => {
    expect(sizeChartFromText('Size, Bust\nS, 34')).toEqual({
      problem: 'Line 1: must start a table with # and its title',
    });
  });

  it('names the line of a problem the schema finds', () => {
    const lineProblems = (text: string) => {
      const parsed = sizeChartFromText(text);
      if ('problem' in parsed) throw new Error(parsed.problem);
      const issues = sizeChartSchema.safeParse({ unit: 'in', tables: parsed.tables }).error?.issues ?? [];
      return issues.map((issue) => sizeChartLineProblem(parsed, issue.path, issue.message));
    };
    expect(lineProblems("# Women's kurta\nSize, Bust, Waist\nS, 34, abc\nM, 36, 30")).toEqual([
      'Line 3: must be a number',
    ]);
    expect(lineProblems("# Women's kurta\nSize, Bust, Waist\nS, 34, 28\nM, 36")).toEqual([
      'Line 4: must hold 2 measurements, one per column',
    ]);
    const parsed = sizeChartFromText("# Women's kurta\nSize, Bust\nS, 34");
    if ('problem' in parsed) throw new Error(parsed.problem);
    expect(sizeChartLineProblem(parsed, ['tables', 0, 'title'], 'must not be empty')).toBe(
      'Line 1: must not be empty',
    );
    expect(sizeChartLineProblem(parsed, ['unit'], 'must be in or cm')).toBe('must be in or cm');
  });
});
