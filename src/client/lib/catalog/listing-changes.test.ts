import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  listingChips,
  priceRangeLabel,
  toggleCategory,
  toggleFilterValue,
  withPage,
  withParentCategory,
  withPriceRange,
  withSort,
} from './listing-changes';
import { EMPTY_LISTING, type ListingState } from './listing-state';

const state = (changes: Partial<ListingState> = {}): ListingState => ({ ...EMPTY_LISTING, ...changes });

describe('changing the state', () => {
  const start = state({ q: 'silk', category: 'women', size: ['M'], page: 3, sort: 'price_asc' });

  it('toggles a filter value (case-insensitively) and goes back to page 1', () => {
    const added = toggleFilterValue(start, 'color', 'Maroon');
    expect(added).toEqual({ ...start, color: ['Maroon'], page: 1 });
    expect(toggleFilterValue(added, 'color', 'maroon')).toEqual({ ...start, page: 1 });
    expect(toggleFilterValue(start, 'size', 'L').size).toEqual(['M', 'L']);
  });

  it('chooses a category lower-cased, dropping the sub-category; the same category again removes it', () => {
    const withSub = { ...start, parentCategory: 'Sarees' };
    const men = toggleCategory(withSub, 'Unstitched Fabrics');
    expect(men.category).toBe('unstitched fabrics');
    expect(men).not.toHaveProperty('parentCategory');
    expect(men.page).toBe(1);
    expect(toggleCategory(withSub, 'Women')).not.toHaveProperty('category');
  });

  it('sets or removes the sub-category on page 1', () => {
    expect(withParentCategory(start, 'Sarees')).toEqual({ ...start, parentCategory: 'Sarees', page: 1 });
    expect(withParentCategory({ ...start, parentCategory: 'Sarees' }, '')).toEqual({ ...start, page: 1 });
  });

  it('sets a price range (swapping a reversed one) and clears it', () => {
    expect(withPriceRange(start, undefined, 3000)).toEqual({ ...start, maxPrice: 3000, page: 1 });
    expect(withPriceRange(start, 5000, 1000)).toMatchObject({ minPrice: 1000, maxPrice: 5000 });
    const cleared = withPriceRange({ ...start, minPrice: 1, maxPrice: 2 }, undefined, undefined);
    expect(cleared).not.toHaveProperty('minPrice');
    expect(cleared).not.toHaveProperty('maxPrice');
  });

  it('sets the order on page 1 and goes to a page keeping the rest', () => {
    expect(withSort(start, 'discount')).toEqual({ ...start, sort: 'discount', page: 1 });
    expect(withSort(start, undefined)).not.toHaveProperty('sort');
    expect(withPage(start, 5)).toEqual({ ...start, page: 5 });
  });

  it("'Clear all' keeps the search text, the order and featured, and drops every filter", () => {
    const busy = state({
      q: 'silk',
      featured: true,
      category: 'women',
      parentCategory: 'Sarees',
      size: ['M'],
      color: ['Red'],
      fabric: ['Silk'],
      gender: ['Women'],
      minPrice: 1,
      maxPrice: 2,
      sort: 'newest',
      page: 4,
    });
    expect(clearFilters(busy)).toEqual(state({ q: 'silk', featured: true, sort: 'newest' }));
  });
});

describe('listingChips', () => {
  it('lists the chosen filters in order, each with the state without it', () => {
    const chosen = state({
      q: 'silk',
      category: 'unstitched fabrics',
      parentCategory: 'Brocade Fabrics',
      size: ['M'],
      color: ['Maroon', 'Teal'],
      maxPrice: 3000,
      page: 2,
    });
    const chips = listingChips(chosen);
    expect(chips.map((chip) => `${chip.group}: ${chip.label}`)).toEqual([
      'Category: Unstitched Fabrics',
      'Sub-category: Brocade Fabrics',
      'Size: M',
      'Colour: Maroon',
      'Colour: Teal',
      'Price: Up to ₹3,000',
    ]);
    expect(chips[3]!.without).toEqual({ ...chosen, color: ['Teal'], page: 1 });
    expect(chips[0]!.without).not.toHaveProperty('category');
    expect(chips[0]!.without).not.toHaveProperty('parentCategory');
    expect(chips[5]!.without).not.toHaveProperty('maxPrice');
    expect(new Set(chips.map((chip) => chip.key)).size).toBe(chips.length);
  });

  it('shows no chip for the search text, the order or the page', () => {
    expect(listingChips(state({ q: 'silk', sort: 'newest', page: 2, featured: true }))).toEqual([]);
  });

  it('price chip texts in rupees with en-IN grouping', () => {
    expect(priceRangeLabel(1000, 3000)).toBe('₹1,000 – ₹3,000');
    expect(priceRangeLabel(125000, undefined)).toBe('From ₹1,25,000');
    expect(priceRangeLabel(undefined, 2999.5)).toBe('Up to ₹2,999.50');
  });
});
