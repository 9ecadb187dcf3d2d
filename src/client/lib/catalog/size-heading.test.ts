import { describe, expect, it } from 'vitest';
import { preselectedOption, sizeHeading } from './size-heading';

const product = (overrides: Partial<Parameters<typeof sizeHeading>[0]> = {}) => ({
  category: 'women',
  parentCategory: null,
  description: 'Hand-woven Banarasi silk.',
  sizes: ['S', 'M', 'L'],
  ...overrides,
});

describe('sizeHeading (docs/product.md §2 Product detail)', () => {
  it("is 'Shoe Size' when the category contains footwear or shoes", () => {
    expect(sizeHeading(product({ category: 'Footwear' }))).toBe('Shoe Size');
    expect(sizeHeading(product({ category: 'Ethnic Shoes' }))).toBe('Shoe Size');
    expect(sizeHeading(product({ category: 'MEN FOOTWEAR', sizes: ['One Size'] }))).toBe('Shoe Size');
  });

  it("is 'Shoe Size' when the parent category contains footwear or shoes", () => {
    expect(sizeHeading(product({ category: 'accessories', parentCategory: 'Footwear' }))).toBe('Shoe Size');
    expect(sizeHeading(product({ category: 'men', parentCategory: 'Wedding Shoes' }))).toBe('Shoe Size');
  });

  it("is 'Shoe Size' when the description mentions a shoe in any letter case", () => {
    expect(sizeHeading(product({ description: 'A classic SHOE for festive days.' }))).toBe('Shoe Size');
    expect(sizeHeading(product({ description: 'Leather juttis with padded shoes insoles.' }))).toBe(
      'Shoe Size',
    );
  });

  it("is 'Size' for a single 'One Size' option", () => {
    expect(sizeHeading(product({ sizes: ['One Size'] }))).toBe('Size');
    expect(sizeHeading(product({ sizes: [' one size '] }))).toBe('Size');
  });

  it("is 'Clothing Size' otherwise", () => {
    expect(sizeHeading(product())).toBe('Clothing Size');
    expect(sizeHeading(product({ sizes: ['Free Size'] }))).toBe('Clothing Size');
    expect(sizeHeading(product({ sizes: ['One Size', 'XL'] }))).toBe('Clothing Size');
    expect(sizeHeading(product({ sizes: [] }))).toBe('Clothing Size');
  });
});

describe('preselectedOption (docs/product.md §2, §5)', () => {
  it('preselects a single option', () => {
    expect(preselectedOption(['One Size'])).toBe('One Size');
    expect(preselectedOption(['M'])).toBe('M');
    expect(preselectedOption(['Maroon'])).toBe('Maroon');
  });

  it('preselects nothing with several options or none', () => {
    expect(preselectedOption(['S', 'M'])).toBeNull();
    expect(preselectedOption([])).toBeNull();
  });
});
