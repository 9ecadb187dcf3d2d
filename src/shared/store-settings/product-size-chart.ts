/**
 * The size chart a product page shows (docs/product.md §17.3), zod-free for the product page's first load: the
 * chart of the product's sub-category or category, else the shop-wide chart, with only the sizes the product is
 * sold in, in the natural size order (../catalog/size-order.ts).
 */
import { compareSizes } from '../catalog/size-order';
import type { SizeChart } from './size-chart';

/** Category or sub-category name → its own chart (./category-size-charts.ts checks them). */
export type CategorySizeCharts = Record<string, SizeChart>;

/** How sizes are compared between a chart row and a variant: letter case, spaces and dashes ignored. */
const sizeKey = (size: string) =>
  size
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/**
 * The chart a product page shows, or null for none:
 * 1. the chart of the product's sub-category (`parentCategory`), else of its category (names compared in lower
 *    case), for any product sold in sizes;
 * 2. else the shop-wide chart, only when `clothingSizes` (not shoe sizes or a single 'One Size');
 * then only the rows of `sizes` (the product's variant sizes) are kept, in the natural size order; a table left
 * without rows is dropped, and a chart left without tables is none.
 * `productSizeChart({ sizeChart: null, categorySizeCharts: { Kurtis: chart } }, { category: 'Women',
 * parentCategory: 'Kurtis' }, ['XL', 'S'], true)` → the Kurtis chart with its S and XL rows.
 */
export function productSizeChart(
  store: { sizeChart: SizeChart | null; categorySizeCharts: CategorySizeCharts },
  product: { category: string | null; parentCategory: string | null },
  sizes: readonly string[],
  clothingSizes: boolean,
): SizeChart | null {
  const byName = new Map(
    Object.entries(store.categorySizeCharts).map(([name, chart]) => [name.trim().toLowerCase(), chart]),
  );
  const own = [product.parentCategory, product.category]
    .map((name) => (name ? byName.get(name.trim().toLowerCase()) : undefined))
    .find((chart) => chart !== undefined);
  const chart = own ?? (clothingSizes ? store.sizeChart : null);
  if (!chart || sizes.length === 0) return null;
  const sold = new Set(sizes.map(sizeKey));
  const tables = chart.tables
    .map((table) => ({
      ...table,
      rows: table.rows
        .filter((row) => sold.has(sizeKey(row.size)))
        .sort((a, b) => compareSizes(a.size, b.size)),
    }))
    .filter((table) => table.rows.length > 0);
  return tables.length === 0 ? null : { unit: chart.unit, tables };
}
