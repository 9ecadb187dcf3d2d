import { describe, expect, it } from 'vitest';
import { compareSizes } from '@shared/catalog/size-order';
import { facetValuesWithChosen } from './listing-filters';
import { readPriceRange } from './price-range-filter';
import { listingHeadline, productCountText } from './products-page';
import { noMatchText } from './listing-results';
import { showProductsLabel } from './filter-sheet';
import { EMPTY_LISTING } from '@client/lib/catalog/listing-state';

describe('facetValuesWithChosen', () => {
  it("keeps the server's values and order and adds a chosen value it lacks with count 0", () => {
    const values = [
      { value: 'Teal', count: 2 },
      { value: 'Black', count: 1 },
    ];
    expect(facetValuesWithChosen(values, ['black', 'Maroon'])).toEqual([
      { value: 'Teal', count: 2 },
      { value: 'Black', count: 1 },
      { value: 'Maroon', count: 0 },
    ]);
    expect(facetValuesWithChosen([], [])).toEqual([]);
  });

  it('puts a chosen size the facet lacks in its place among the sizes, smallest first', () => {
    const sizes = [
      { value: 'S', count: 4 },
      { value: 'L', count: 2 },
      { value: 'XXL', count: 1 },
    ];
    expect(facetValuesWithChosen(sizes, ['xl', 'S'], compareSizes)).toEqual([
      { value: 'S', count: 4 },
      { value: 'L', count: 2 },
      { value: 'xl', count: 0 },
      { value: 'XXL', count: 1 },
    ]);
  });
});

describe('readPriceRange (the list query schema of the shared contract)', () => {
  it('reads rupees with up to 2 decimals; blank is an open end', async () => {
    expect(await readPriceRange('', '3000')).toEqual({ ok: true, minPrice: undefined, maxPrice: 3000 });
    expect(await readPriceRange(' 499.50 ', '')).toEqual({ ok: true, minPrice: 499.5, maxPrice: undefined });
    expect(await readPriceRange('', '')).toEqual({ ok: true, minPrice: undefined, maxPrice: undefined });
  });

  it("refuses what the server would, with the contract's messages", async () => {
    expect(await readPriceRange('-5', 'abc')).toEqual({
      ok: false,
      errors: {
        minPrice: 'must be a price in rupees of 0 or more',
        maxPrice: 'must be a price in rupees of 0 or more',
      },
    });
    expect(await readPriceRange('5000', '1000')).toEqual({
      ok: false,
      errors: { minPrice: 'must not be above maxPrice' },
    });
    expect(await readPriceRange('', '10000001')).toEqual({
      ok: false,
      errors: { maxPrice: 'must be at most 10000000' },
    });
  });
});

describe('listing texts', () => {
  it("headline: the search text, else the storefront's headline", () => {
    expect(listingHeadline({ ...EMPTY_LISTING, q: 'silk', category: 'women' })).toBe('Results for "silk"');
    expect(listingHeadline({ ...EMPTY_LISTING, category: 'women' })).toBe("Women's Ethnic Wear");
    expect(listingHeadline({ ...EMPTY_LISTING, category: 'men', parentCategory: 'kurtas' })).toBe('Kurtas');
    expect(listingHeadline(EMPTY_LISTING)).toBe('All Products');
  });

  it('counts, the empty search and the sheet button', () => {
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(0)).toBe('0 products');
    expect(productCountText(20)).toBe('20 products');
    expect(noMatchText('zari jeans')).toBe('No products match "zari jeans"');
    expect(showProductsLabel(null)).toBe('Show products');
    expect(showProductsLabel(1)).toBe('Show 1 product');
    expect(showProductsLabel(11)).toBe('Show 11 products');
  });
});
