import { describe, expect, it } from 'vitest';
import {
  EMPTY_LISTING,
  filterValues,
  listingApiQuery,
  listingHref,
  listingSearch,
  parseListingState,
  parsePageParam,
  searchHref,
  type ListingState,
} from './listing-state';

const state = (changes: Partial<ListingState> = {}): ListingState => ({ ...EMPTY_LISTING, ...changes });

describe('parsePageParam (docs/product.md §5 "Other": integer, default 1)', () => {
  it('reads whole numbers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('12')).toBe(12);
  });

  it('defaults to 1 when missing or invalid', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam(undefined)).toBe(1);
    expect(parsePageParam('')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('99999999999999999999')).toBe(1);
  });

  it('reads the leading integer like parseInt', () => {
    expect(parsePageParam('2.5')).toBe(2);
    expect(parsePageParam('4abc')).toBe(4);
  });
});

describe('parseListingState', () => {
  it('reads an empty address as the plain listing', () => {
    expect(parseListingState('')).toEqual(EMPTY_LISTING);
    expect(parseListingState('?')).toEqual(EMPTY_LISTING);
  });

  it("reads the storefront's parameters, the search text, repeated filters, prices in rupees and the order", () => {
    expect(
      parseListingState(
        '?q=banarsi%20saree&category=women&parentCategory=Sarees&featured=true&size=M&size=L&color=Maroon' +
          '&fabric=Silk&gender=Women&minPrice=500&maxPrice=2999.50&sort=price_asc&page=3',
      ),
    ).toEqual({
      q: 'banarsi saree',
      category: 'women',
      parentCategory: 'Sarees',
      featured: true,
      size: ['M', 'L'],
      color: ['Maroon'],
      fabric: ['Silk'],
      gender: ['Women'],
      minPrice: 500,
      maxPrice: 2999.5,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('accepts URLSearchParams as well as text', () => {
    expect(parseListingState(new URLSearchParams('size=M&page=2'))).toEqual(state({ size: ['M'], page: 2 }));
  });

  it('trims, drops blanks and keeps a value once whatever its case (the first spelling)', () => {
    expect(
      parseListingState('q=%20%20&category=%20&size=%20M%20&size=m&size=&color=Teal&color=TEAL'),
    ).toEqual(state({ size: ['M'], color: ['Teal'] }));
  });

  it('ignores malformed prices and orders, and prices above 1 crore', () => {
    expect(parseListingState('minPrice=abc&maxPrice=-5&sort=cheapest').minPrice).toBeUndefined();
    expect(parseListingState('minPrice=abc&maxPrice=-5&sort=cheapest')).toEqual(EMPTY_LISTING);
    expect(parseListingState('maxPrice=1.234').maxPrice).toBeUndefined();
    expect(parseListingState('maxPrice=10000001').maxPrice).toBeUndefined();
    expect(parseListingState('maxPrice=10000000').maxPrice).toBe(10_000_000);
    expect(parseListingState('minPrice=0').minPrice).toBe(0);
  });

  it('swaps a minimum above the maximum', () => {
    expect(parseListingState('minPrice=5000&maxPrice=1000')).toEqual(
      state({ minPrice: 1000, maxPrice: 5000 }),
    );
  });

  it('keeps sort=relevance only with a search text (the server refuses it without)', () => {
    expect(parseListingState('sort=relevance').sort).toBeUndefined();
    expect(parseListingState('q=kurta&sort=relevance').sort).toBe('relevance');
  });

  it('reads featured only as "true" and cuts an overlong search text to 200 characters', () => {
    expect(parseListingState('featured=1').featured).toBe(false);
    expect(parseListingState(`q=${'a'.repeat(250)}`).q).toHaveLength(200);
  });

  it('keeps at most 30 values of a filter', () => {
    const many = Array.from({ length: 35 }, (_, index) => `size=S${index}`).join('&');
    expect(parseListingState(many).size).toHaveLength(30);
  });
});

describe('listingSearch / listingHref', () => {
  it('writes the canonical order and leaves out defaults (page 1, empty lists, no sort)', () => {
    const parsed = parseListingState(
      'page=2&sort=price_asc&maxPrice=3000&color=Maroon&size=M&category=women&q=silk&size=L',
    );
    expect(listingSearch(parsed)).toBe(
      'q=silk&category=women&size=M&size=L&color=Maroon&maxPrice=3000&sort=price_asc&page=2',
    );
    expect(listingHref(EMPTY_LISTING)).toBe('/products');
    expect(listingHref(state({ category: 'unstitched fabrics' }))).toBe(
      '/products?category=unstitched+fabrics',
    );
  });

  it('round-trips: parsing the written address gives the same state', () => {
    const samples = [
      'q=red%20%26%20gold&category=men&parentCategory=Kurtas&size=XL&fabric=Raw%20Silk&minPrice=999.5&sort=newest',
      'featured=true&gender=Men&gender=Women&page=4',
      'color=Off-White&color=Maroon&maxPrice=0',
    ];
    for (const sample of samples) {
      const parsed = parseListingState(sample);
      expect(parseListingState(listingSearch(parsed))).toEqual(parsed);
    }
  });

  it('searchHref is a fresh search for the trimmed text', () => {
    expect(searchHref('  banarasi  ')).toBe('/products?q=banarasi');
    expect(searchHref('red & gold')).toBe('/products?q=red+%26+gold');
    expect(searchHref('   ')).toBe('/products');
  });
});

describe('filterValues', () => {
  it('trims, cuts at 60 characters, drops blanks and repeats whatever their case', () => {
    expect(filterValues([' M ', 'm', '', '  ', 'L', 'x'.repeat(70)])).toEqual(['M', 'L', 'x'.repeat(60)]);
  });
});

describe('listingApiQuery', () => {
  it("sends page, 12 a page and the men/women category's own gender (docs/product.md §7)", () => {
    expect(listingApiQuery(state({ category: 'women' }))).toBe('page=1&limit=12&category=women&gender=Women');
    expect(listingApiQuery(state({ category: 'Men', gender: ['Women'], page: 2 }))).toBe(
      'page=2&limit=12&category=Men&gender=Men',
    );
  });

  it('sends the accessories filter list for the accessories category', () => {
    expect(listingApiQuery(state({ category: 'accessories' }))).toBe(
      'page=1&limit=12&category=accessories&filter=Accessories%2CPersonal+Care%2CHome%2Cnull%2CUnisex',
    );
  });

  it('sends the search, repeated filters, prices, order and facets=1', () => {
    const query = listingApiQuery(
      state({
        q: 'banarasi',
        featured: true,
        parentCategory: 'Sarees',
        gender: ['Women', 'Men'],
        size: ['M'],
        color: ['Maroon', 'Red'],
        fabric: ['Silk'],
        minPrice: 100,
        maxPrice: 3000,
        sort: 'price_asc',
      }),
      { facets: true },
    );
    expect(query).toBe(
      'page=1&limit=12&q=banarasi&parentCategory=Sarees&featured=true&gender=Women&gender=Men&size=M' +
        '&color=Maroon&color=Red&fabric=Silk&minPrice=100&maxPrice=3000&sort=price_asc&facets=1',
    );
  });
});
