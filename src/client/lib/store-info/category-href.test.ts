import { describe, expect, it } from 'vitest';
import { categoryHref } from './category-href';

describe('categoryHref (docs/product.md §2 "Main layout", "Home")', () => {
  it('links to /products with the lower-cased, URL-encoded name', () => {
    expect(categoryHref('Men')).toBe('/products?category=men');
    expect(categoryHref('Unstitched Fabrics')).toBe('/products?category=unstitched%20fabrics');
    expect(categoryHref('TV & Video Accessories')).toBe('/products?category=tv%20%26%20video%20accessories');
  });
});
