import { describe, expect, it } from 'vitest';
import type { AdminProductValues } from '@shared/admin/admin-product-editor-schemas';
import { formValuesOf } from './product-form-values';

const variant = (size: string, color: string, stock: number) => ({
  id: `v-${size}-${color}`,
  sku: `KUR-7-${size}-${color}`.toUpperCase(),
  size,
  color,
  stock,
  regularPrice: null,
  discountedPrice: null,
  imgUrl: null,
});

/** A kurta stored with its sizes and variants largest first (as a catalogue file may list them). */
const stored: AdminProductValues = {
  sku: 'KUR-7',
  title: 'Indigo Dabu Kurta',
  description: 'Hand block printed.',
  category: 'Men',
  parentCategory: 'Kurtas',
  regularPrice: 1899,
  discountedPrice: null,
  stock: null,
  unit: 'piece',
  minQuantity: 1,
  quantityStep: 1,
  hsn: null,
  gstRate: null,
  returnable: true,
  imgUrl: null,
  images: [],
  attributes: [],
  sizes: ['XL', 'M', 'S'],
  colors: ['Indigo', 'Rust'],
  variants: [
    variant('XL', 'Indigo', 1),
    variant('S', 'Rust', 2),
    variant('M', 'Indigo', 3),
    variant('S', 'Indigo', 4),
  ],
};

describe('formValuesOf', () => {
  it("lists a stored product's sizes and variant rows smallest size first, a size's rows as stored", () => {
    const values = formValuesOf(stored);
    expect(values.sizes).toEqual(['S', 'M', 'XL']);
    expect(values.colors).toEqual(['Indigo', 'Rust']);
    expect(values.variants.map((row) => `${row.size}/${row.color}`)).toEqual([
      'S/Rust',
      'S/Indigo',
      'M/Indigo',
      'XL/Indigo',
    ]);
    expect(values.variants.map((row) => row.stockAsLoaded)).toEqual([2, 4, 3, 1]);
    expect(stored.variants[0]!.size).toBe('XL');
  });

  it('starts a new product with no sizes or variants', () => {
    expect(formValuesOf(null)).toMatchObject({ sizes: [], colors: [], variants: [], unit: 'piece' });
  });
});
