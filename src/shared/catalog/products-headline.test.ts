import { describe, expect, it } from 'vitest';
import { collectionHeading, productsHeadline } from './products-headline';

describe('productsHeadline (docs/product.md §2 "Products page")', () => {
  it('names men and women ethnic wear', () => {
    expect(productsHeadline({ category: 'men' })).toBe("Men's Ethnic Wear");
    expect(productsHeadline({ category: 'women' })).toBe("Women's Ethnic Wear");
    expect(productsHeadline({ category: 'Men' })).toBe("Men's Ethnic Wear");
    expect(productsHeadline({ category: 'WOMEN' })).toBe("Women's Ethnic Wear");
  });

  it('capitalises any other category', () => {
    expect(productsHeadline({ category: 'accessories' })).toBe('Accessories');
    expect(productsHeadline({ category: 'unstitched fabrics' })).toBe('Unstitched Fabrics');
    expect(productsHeadline({ category: 'sarees' })).toBe('Sarees');
  });

  it("reads 'All Products' without a category", () => {
    expect(productsHeadline({})).toBe('All Products');
    expect(productsHeadline({ category: '' })).toBe('All Products');
    expect(productsHeadline({ category: null, parentCategory: null })).toBe('All Products');
    expect(productsHeadline({ category: '   ' })).toBe('All Products');
  });

  it("reads 'Featured Products' for featured items without a category", () => {
    expect(productsHeadline({ featured: true })).toBe('Featured Products');
    expect(productsHeadline({ featured: true, category: 'men' })).toBe("Men's Ethnic Wear");
  });

  it('lets a parent category replace the headline', () => {
    expect(productsHeadline({ category: 'men', parentCategory: 'Kurtas' })).toBe('Kurtas');
    expect(productsHeadline({ category: 'women', parentCategory: 'silk sarees' })).toBe('Silk Sarees');
    expect(productsHeadline({ parentCategory: 'Dupattas' })).toBe('Dupattas');
    expect(productsHeadline({ featured: true, parentCategory: 'Dupattas' })).toBe('Dupattas');
    expect(productsHeadline({ category: 'men', parentCategory: '' })).toBe("Men's Ethnic Wear");
  });
});

describe('collectionHeading (docs/product.md §2 "Products page")', () => {
  it('has special headings for men, women and accessories', () => {
    expect(collectionHeading({ category: 'men' })).toBe("Men's Collection");
    expect(collectionHeading({ category: 'women' })).toBe("Women's Collection");
    expect(collectionHeading({ category: 'accessories' })).toBe('Accessories Collection');
    expect(collectionHeading({ category: 'Accessories' })).toBe('Accessories Collection');
  });

  it('reads "{Category}\'s Collection" for other categories', () => {
    expect(collectionHeading({ category: 'saree' })).toBe("Saree's Collection");
    expect(collectionHeading({ category: 'unstitched fabrics' })).toBe('Unstitched Fabrics Collection');
  });

  it('has a heading without a category', () => {
    expect(collectionHeading({})).toBe('Our Collection');
    expect(collectionHeading({ featured: true })).toBe('Featured Collection');
  });
});
