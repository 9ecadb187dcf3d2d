import { describe, expect, it } from 'vitest';
import type { ProductAttribute } from '@shared/catalog/product-schema';
import { MAX_SPECIFICATIONS, productSpecifications, specificationValue } from './product-specifications';

const attribute = (
  key: string,
  value: string[],
  metricUnit: string | null = null,
  id = key,
): ProductAttribute => ({
  id,
  key,
  value,
  metricUnit,
});

describe('productSpecifications (docs/product.md §2 Product detail)', () => {
  it('hides attributes whose key contains "phone" in any letter case', () => {
    const rows = productSpecifications([
      attribute('Fabric', ['Silk']),
      attribute('phone', ['+91 98765 43210']),
      attribute('Seller_Phone_Number', ['+91 90000 00000']),
      attribute('TELEPHONE', ['011 2345 6789']),
      attribute('Work', ['Zari']),
    ]);
    expect(rows.map((row) => row.label)).toEqual(['Fabric', 'Work']);
  });

  it('shows underscores in keys as spaces', () => {
    const rows = productSpecifications([attribute('wash_care_instructions', ['Dry clean only'])]);
    expect(rows).toEqual([
      { id: 'wash_care_instructions', label: 'wash care instructions', value: 'Dry clean only' },
    ]);
  });

  it('shows only the first 10 attributes, counted after hiding the phone ones', () => {
    const attributes = [
      attribute('contact_phone', ['1']),
      ...Array.from({ length: 12 }, (_, index) => attribute(`spec_${index + 1}`, [`value ${index + 1}`])),
    ];
    const rows = productSpecifications(attributes);
    expect(MAX_SPECIFICATIONS).toBe(10);
    expect(rows).toHaveLength(10);
    expect(rows[0]?.label).toBe('spec 1');
    expect(rows[9]?.label).toBe('spec 10');
  });

  it('keeps size, color and featured attributes in the server order', () => {
    const rows = productSpecifications([
      attribute('size', ['S', 'M', 'L']),
      attribute('color', ['Maroon', 'Gold']),
      attribute('featured', ['true']),
    ]);
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['size', 'S, M, L'],
      ['color', 'Maroon, Gold'],
      ['featured', 'true'],
    ]);
  });

  it('joins values with ", " and appends the metric unit when present', () => {
    expect(specificationValue(attribute('Length', ['2.5'], 'm'))).toBe('2.5 m');
    expect(specificationValue(attribute('Width', ['44', '58'], 'inches'))).toBe('44, 58 inches');
    expect(specificationValue(attribute('Fabric', ['Cotton', 'Silk'], null))).toBe('Cotton, Silk');
    expect(specificationValue(attribute('Fabric', ['Cotton'], '  '))).toBe('Cotton');
    expect(specificationValue(attribute('Weight', [], 'g'))).toBe('');
  });

  it('gives no rows for no attributes', () => {
    expect(productSpecifications([])).toEqual([]);
  });
});
