/**
 * Size charts per category (docs/catalog-format.md "Size chart"): the owner gives a category or sub-category
 * (Kurtis, Blouses, Footwear…) its own chart, in the catalogue file's `store.categorySizeCharts` or the admin's
 * settings. Which chart a product shows: ./product-size-chart.ts.
 */
import { z } from 'zod';
import type { CategorySizeCharts } from './product-size-chart';
import { sizeChartInOrder, sizeChartSchema } from './size-chart';

/** The most categories with a chart of their own. */
export const CATEGORY_SIZE_CHARTS_LIMIT = 50;

/**
 * Category or sub-category name → its chart. Names are trimmed, 1–60 characters, each listed once (letter case
 * ignored). `{}`: no category has its own chart.
 */
export const categorySizeChartsSchema = z
  .record(
    z.string().trim().min(1, 'must name a category').max(60, 'must be at most 60 characters'),
    sizeChartSchema,
  )
  .superRefine((charts, context) => {
    const names = Object.keys(charts);
    if (names.length > CATEGORY_SIZE_CHARTS_LIMIT) {
      context.addIssue({
        code: 'custom',
        message: `must hold at most ${CATEGORY_SIZE_CHARTS_LIMIT} categories`,
      });
    }
    const seen = new Set<string>();
    for (const name of names) {
      const key = name.trim().toLowerCase();
      if (seen.has(key)) context.addIssue({ code: 'custom', path: [name], message: 'is listed twice' });
      seen.add(key);
    }
  });

/** The charts with keys trimmed, in name order, each chart's keys in the documented order (export, compare). */
export function categorySizeChartsInOrder(charts: CategorySizeCharts): CategorySizeCharts {
  return Object.fromEntries(
    Object.entries(charts)
      .map(([name, chart]) => [name.trim(), sizeChartInOrder(chart)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
