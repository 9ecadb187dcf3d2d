import { describe, expect, it } from 'vitest';
import { productSizeChart } from './product-size-chart';
import type { SizeChart } from './size-chart';

const chart = (title: string, sizes: string[]): SizeChart => ({
  unit: 'in',
  tables: [{ title, columns: ['Bust'], rows: sizes.map((size, index) => ({ size, values: [30 + index] })) }],
});
const SHOP = chart('Shop', ['XS', 'S', 'M', 'L', 'XL']);
const KURTIS = chart('Kurtis', ['XXL', 'S', 'M', 'L', 'XL', 'XS']);
const WOMEN = chart('Women', ['S', 'M']);
const FOOTWEAR = chart('Footwear', ['6', '7', '8']);
const store = { sizeChart: SHOP, categorySizeCharts: { kurtis: KURTIS, Women: WOMEN, Footwear: FOOTWEAR } };
const rowsOf = (found: SizeChart | null) =>
  found && found.tables.map((table) => [table.title, table.rows.map((row) => row.size)]);

describe('the size chart a product shows', () => {
  it("takes the sub-category's chart, else the category's, else the shop's; only the product's sizes, in order", () => {
    expect(
      rowsOf(
        productSizeChart(store, { category: 'Women', parentCategory: 'Kurtis' }, ['xl', 'S', 'M'], true),
      ),
    ).toEqual([['Kurtis', ['S', 'M', 'XL']]]);
    expect(
      rowsOf(productSizeChart(store, { category: 'Women', parentCategory: 'Sarees' }, ['M'], true)),
    ).toEqual([['Women', ['M']]]);
    expect(
      rowsOf(productSizeChart(store, { category: 'Men', parentCategory: 'Kurtas' }, ['L', 'S'], true)),
    ).toEqual([['Shop', ['S', 'L']]]);
  });

  it("shows a category's chart for shoe sizes, but the shop's chart only for clothing sizes", () => {
    expect(
      rowsOf(
        productSizeChart(store, { category: 'Accessories', parentCategory: 'Footwear' }, ['8', '7'], false),
      ),
    ).toEqual([['Footwear', ['7', '8']]]);
    expect(
      productSizeChart(store, { category: 'Accessories', parentCategory: 'Bags' }, ['8'], false),
    ).toBeNull();
  });

  it('is none when no row is a size the product is sold in, or there is no chart', () => {
    expect(
      productSizeChart(store, { category: 'Women', parentCategory: 'Kurtis' }, ['3XL'], true),
    ).toBeNull();
    expect(
      productSizeChart(
        { sizeChart: null, categorySizeCharts: {} },
        { category: 'Men', parentCategory: null },
        ['M'],
        true,
      ),
    ).toBeNull();
  });
});
