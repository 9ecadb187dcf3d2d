import { describe, expect, it } from 'vitest';
import { pageCount, paginationItems, showingItemsText } from './pagination';

describe('pageCount', () => {
  it('rounds up by the page size of 12', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageCount(64)).toBe(6);
  });
});

describe('paginationItems (docs/product.md §2 "Products page", §9 window of 2)', () => {
  it('has nothing without pages and a single slot for 1 page', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([1]);
  });

  it('shows both pages of 2', () => {
    expect(paginationItems(1, 2)).toEqual([1, 2]);
    expect(paginationItems(2, 2)).toEqual([1, 2]);
  });

  it('handles 7 pages at the start, middle and end', () => {
    expect(paginationItems(1, 7)).toEqual([1, 2, 3, 'ellipsis', 7]);
    expect(paginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 7]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(5, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7]);
    expect(paginationItems(7, 7)).toEqual([1, 'ellipsis', 5, 6, 7]);
  });

  it('handles 20 pages at the start, middle and end', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 'ellipsis', 20]);
    expect(paginationItems(2, 20)).toEqual([1, 2, 3, 4, 'ellipsis', 20]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 20]);
    expect(paginationItems(5, 20)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 20]);
    expect(paginationItems(6, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(paginationItems(17, 20)).toEqual([1, 'ellipsis', 15, 16, 17, 18, 19, 20]);
    expect(paginationItems(19, 20)).toEqual([1, 'ellipsis', 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis', 18, 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationItems(0, 5)).toEqual([1, 2, 3, 'ellipsis', 5]);
    expect(paginationItems(99, 5)).toEqual([1, 'ellipsis', 3, 4, 5]);
  });
});

describe('showingItemsText (docs/product.md §2 "Showing X to Y of N items")', () => {
  it('gives the range of the page', () => {
    expect(showingItemsText(1, 64)).toBe('Showing 1 to 12 of 64 items');
    expect(showingItemsText(2, 64)).toBe('Showing 13 to 24 of 64 items');
    expect(showingItemsText(6, 64)).toBe('Showing 61 to 64 of 64 items');
    expect(showingItemsText(1, 13)).toBe('Showing 1 to 12 of 13 items');
    expect(showingItemsText(2, 13)).toBe('Showing 13 to 13 of 13 items');
  });
});
