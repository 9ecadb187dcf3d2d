/**
 * The variant matrix's Generate: every Size × Colour combination in order, existing rows kept (letter case
 * ignored) with their SKU, price and stock, rows of values no longer listed gone; new rows' SKUs.
 */
import { describe, expect, it } from 'vitest';
import { generateRows, variantSku } from './variant-rows';

type Row = { sku: string; size?: string | null; color?: string | null; stock?: number | null };
const make = (size: string | undefined, color: string | undefined): Row => ({
  sku: variantSku('KUR-1', size, color),
  size,
  color,
  stock: null,
});

describe('generateRows', () => {
  it('makes every size × colour, sizes outer, with SKUs from the product SKU', () => {
    const rows = generateRows(['S', 'M'], ['Indigo', 'Madder Red'], [], make);
    expect(rows.map((row) => row.sku)).toEqual([
      'KUR-1-S-INDIGO',
      'KUR-1-S-MADDER-RED',
      'KUR-1-M-INDIGO',
      'KUR-1-M-MADDER-RED',
    ]);
  });

  it('keeps the rows that exist (letter case ignored) and drops those of values no longer listed', () => {
    const kept: Row = { sku: 'OWN-SKU', size: 'm', color: 'indigo', stock: 7 };
    const gone: Row = { sku: 'OLD', size: 'XL', color: 'Indigo', stock: 2 };
    const rows = generateRows(['S', 'M'], ['Indigo'], [gone, kept], make);
    expect(rows).toEqual([make('S', 'Indigo'), kept]);
    expect(rows[1]).toBe(kept);
  });

  it('lists the sizes smallest first, whatever order they were typed in', () => {
    const rows = generateRows(['XL', 'S', 'Free Size', 'M'], ['Indigo'], [], make);
    expect(rows.map((row) => row.size)).toEqual(['S', 'M', 'XL', 'Free Size']);
  });

  it('makes one row per value when only one option is listed', () => {
    expect(generateRows([], ['Rust', 'Teal'], [], make).map((row) => row.sku)).toEqual([
      'KUR-1-RUST',
      'KUR-1-TEAL',
    ]);
  });
});

describe('variantSku', () => {
  it('keeps letters, digits, dot, dash and underscore, in capitals, at most 64 characters', () => {
    expect(variantSku('kur.1', 'XL', 'Bottle Green / Gold')).toBe('KUR.1-XL-BOTTLE-GREEN-GOLD');
    expect(variantSku('K', undefined, 'é'.repeat(3))).toBe('K');
    expect(variantSku('A'.repeat(70), 'M', undefined)).toHaveLength(64);
  });
});
