/**
 * The variant grid's rows: the combinations not sold yet (which Generate offers, none ticked), new rows at
 * stock 0 and tracked, rows of values no longer listed, the grid's values and order, new rows' SKUs.
 */
import { describe, expect, it } from 'vitest';
import {
  gridValues,
  inGridOrder,
  missingCombinations,
  newRow,
  rowOf,
  unlistedRows,
  variantOf,
  variantSku,
} from './variant-rows';

const have = (size: string | undefined, color: string | undefined) => ({ size, color });

describe('missingCombinations', () => {
  it('lists only the size × colour combinations no row has, sizes outer and smallest first', () => {
    const rows = [have('m', 'indigo'), have('S', 'Indigo')];
    expect(missingCombinations(['M', 'S'], ['Indigo', 'Mustard'], rows)).toEqual([
      { size: 'S', color: 'Mustard' },
      { size: 'M', color: 'Mustard' },
    ]);
  });

  it('gives one combination per value for one option, and none without options', () => {
    expect(missingCombinations([], ['Rust', 'Teal'], [have(undefined, 'Rust')])).toEqual([
      { size: undefined, color: 'Teal' },
    ]);
    expect(missingCombinations([], [], [])).toEqual([]);
  });
});

describe('newRow', () => {
  it('starts at stock 0, tracked, marked new, with the SKU from the product SKU', () => {
    const row = newRow('KUR-1', { size: 'XL', color: 'Madder Red' });
    expect(row).toMatchObject({ stock: '0', tracked: true, isNew: true, price: '' });
    expect(variantOf(row)).toMatchObject({ sku: 'KUR-1-XL-MADDER-RED', stock: 0, regularPrice: null });
  });
});

describe('variantOf', () => {
  it('sends a cleared stock of a tracked row as NaN (refused), and null only when not tracked', () => {
    const row = rowOf({ sku: 'A', size: 'M', color: null, stock: 4, regularPrice: 1299 });
    expect(variantOf({ ...row, stock: '' }).stock).toBeNaN();
    expect(variantOf({ ...row, stock: '', tracked: false }).stock).toBeNull();
    expect(rowOf({ sku: 'B', stock: null }).tracked).toBe(false);
    expect(variantOf({ ...row, price: '' }).regularPrice).toBeNull();
  });
});

describe('unlistedRows, gridValues and inGridOrder', () => {
  it('finds the rows of sizes or colours no longer listed (letter case ignored)', () => {
    const rows = [have('M', 'Indigo'), have('XL', 'indigo'), have('m', 'Rust'), have('M', undefined)];
    expect(unlistedRows(['m', 'L'], ['INDIGO'], rows)).toEqual([rows[1], rows[2], rows[3]]);
  });

  it('shows the listed values, then values rows still use, sizes smallest first', () => {
    const rows = [have('Free Size', 'Teal'), have('m', 'Indigo')];
    expect(gridValues(['XL', 'M'], ['Indigo', 'Rust'], rows)).toEqual({
      sizes: ['M', 'XL', 'Free Size'],
      colors: ['Indigo', 'Rust', 'Teal'],
    });
  });

  it('orders rows by size, then by the colour’s place in the list', () => {
    const rows = [have('L', 'Rust'), have('S', 'Teal'), have('L', 'Indigo'), have('S', 'Rust')];
    expect(inGridOrder(rows, ['Rust', 'Indigo'])).toEqual([rows[3], rows[1], rows[0], rows[2]]);
  });
});

describe('variantSku', () => {
  it('keeps letters, digits, dot, dash and underscore, in capitals, at most 64 characters', () => {
    expect(variantSku('kur.1', 'XL', 'Bottle Green / Gold')).toBe('KUR.1-XL-BOTTLE-GREEN-GOLD');
    expect(variantSku('K', undefined, 'é'.repeat(3))).toBe('K');
    expect(variantSku('A'.repeat(70), 'M', undefined)).toHaveLength(64);
  });
});
