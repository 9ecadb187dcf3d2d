import { describe, expect, it } from 'vitest';
import type { SuggestResponse } from '@shared/search/search-schemas';
import { EMPTY_LISTING, parseListingState } from '@client/lib/catalog/listing-state';
import { nextActiveIndex, optionLabel, suggestionOptions } from './suggestion-options';

const answer: SuggestResponse = {
  products: [
    {
      id: 'c94d2db1',
      title: 'Red Banarasi Katan Silk Saree',
      imgUrl: '/media/demo/saree.svg',
      category: 'Women',
      price: 21999,
      unit: 'piece',
    },
    {
      id: 'f/1',
      title: 'Red and Gold Brocade Fabric',
      imgUrl: null,
      category: 'Fabrics',
      price: 1099.5,
      unit: 'm',
    },
  ],
  categories: [
    { category: 'Unstitched Fabrics', parentCategory: 'Brocade Fabrics', count: 2 },
    { category: 'Men', parentCategory: null, count: 1 },
  ],
};

describe('suggestionOptions', () => {
  it('lists products, then categories, then the search for the text, each with its link', () => {
    const options = suggestionOptions('  banarsi ', answer);
    expect(options.map((option) => [option.kind, option.href])).toEqual([
      ['product', '/product/c94d2db1'],
      ['product', '/product/f%2F1'],
      ['category', '/products?category=unstitched+fabrics&parentCategory=Brocade+Fabrics'],
      ['category', '/products?category=men'],
      ['search', '/products?q=banarsi'],
    ]);
    expect(options.map(optionLabel)).toEqual([
      'Red Banarasi Katan Silk Saree, ₹21,999',
      'Red and Gold Brocade Fabric, ₹1,099.50 / metre',
      'Brocade Fabrics in Unstitched Fabrics, 2 products',
      'Men, 1 product',
      'Search for "banarsi"',
    ]);
  });

  it('links are listing addresses the products page reads back', () => {
    const [, , brocade, , search] = suggestionOptions('red & gold', answer);
    expect(parseListingState(brocade!.href.split('?')[1]!)).toEqual({
      ...EMPTY_LISTING,
      category: 'unstitched fabrics',
      parentCategory: 'Brocade Fabrics',
    });
    expect(parseListingState(search!.href.split('?')[1]!)).toEqual({ ...EMPTY_LISTING, q: 'red & gold' });
  });

  it('offers only the search while no answer has arrived, and nothing for blank text', () => {
    expect(suggestionOptions('silk', null).map(optionLabel)).toEqual(['Search for "silk"']);
    expect(suggestionOptions('   ', answer)).toEqual([]);
  });
});

describe('nextActiveIndex (arrow keys)', () => {
  it('ArrowDown goes from none to the first, then on, wrapping after the last', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0);
  });

  it('ArrowUp goes from none to the last, then back, wrapping before the first', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(2, 3, 'ArrowUp')).toBe(1);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2);
  });

  it('no options, no active one', () => {
    expect(nextActiveIndex(-1, 0, 'ArrowDown')).toBe(-1);
    expect(nextActiveIndex(0, 0, 'ArrowUp')).toBe(-1);
  });
});
