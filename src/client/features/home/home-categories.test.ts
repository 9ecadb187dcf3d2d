import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORY_IMAGE,
  HOME_FALLBACK_CATEGORY,
  HOME_FALLBACK_IMAGES,
  homeCategories,
  homeCategoryGridClass,
  homeCategoryImage,
  homeCategoryNames,
} from './home-categories';

describe('homeCategoryNames (docs/product.md §2 "Home", §9)', () => {
  it('keeps every category in order, so each one is reachable from the home page', () => {
    expect(homeCategoryNames(['Men', 'Women', 'Accessories', ' Unstitched Fabrics ', ''])).toEqual([
      'Men',
      'Women',
      'Accessories',
      'Unstitched Fabrics',
    ]);
    expect(homeCategoryNames(['Men', 'Women'])).toEqual(['Men', 'Women']);
  });

  it('uses "TV & Video Accessories" when store info has no categories', () => {
    expect(HOME_FALLBACK_CATEGORY).toBe('TV & Video Accessories');
    expect(homeCategoryNames([])).toEqual(['TV & Video Accessories']);
    expect(homeCategoryNames(undefined)).toEqual(['TV & Video Accessories']);
    expect(homeCategoryNames(['  ', ''])).toEqual(['TV & Video Accessories']);
  });
});

describe('homeCategoryImage (docs/product.md §2 "Home")', () => {
  it('keeps the storefront fallback list exactly', () => {
    expect(Object.keys(HOME_FALLBACK_IMAGES)).toEqual([
      'TV Mounts',
      'HDMI Cables',
      'TV Remote Controls',
      'Streaming Devices',
      'Entertainment Units',
      'default',
    ]);
    for (const url of Object.values(HOME_FALLBACK_IMAGES))
      expect(url).toMatch(/^\/media\/fallback\/[a-z-]+\.svg$/);
  });

  it('prefers the store categoryImages map', () => {
    expect(homeCategoryImage('Men', { Men: '/media/demo/category-men.svg' })).toBe(
      '/media/demo/category-men.svg',
    );
    expect(homeCategoryImage('TV Mounts', { 'TV Mounts': '/media/shop/mounts.jpg' })).toBe(
      '/media/shop/mounts.jpg',
    );
    expect(homeCategoryImage('men', { Men: '/media/demo/category-men.svg' })).toBe(
      '/media/demo/category-men.svg',
    );
  });

  it('falls back to the built-in image by name', () => {
    expect(homeCategoryImage('TV Mounts', {})).toBe('/media/fallback/tv-mounts.svg');
    expect(homeCategoryImage('HDMI Cables', undefined)).toBe('/media/fallback/hdmi-cables.svg');
    expect(homeCategoryImage('TV Remote Controls', {})).toBe('/media/fallback/tv-remote-controls.svg');
    expect(homeCategoryImage('Streaming Devices', {})).toBe('/media/fallback/streaming-devices.svg');
    expect(homeCategoryImage('entertainment units', {})).toBe('/media/fallback/entertainment-units.svg');
    expect(homeCategoryImage('TV Mounts', { 'TV Mounts': '  ' })).toBe('/media/fallback/tv-mounts.svg');
  });

  it('else uses the default image', () => {
    expect(homeCategoryImage('TV & Video Accessories', {})).toBe(DEFAULT_CATEGORY_IMAGE);
    expect(homeCategoryImage('Sarees', { Men: '/media/demo/category-men.svg' })).toBe(
      '/media/fallback/default-category.svg',
    );
    expect(homeCategoryImage('default', {})).toBe('/media/fallback/default-category.svg');
  });
});

describe('homeCategories', () => {
  it('builds the fallback card', () => {
    expect(homeCategories([], {})).toEqual([
      {
        name: 'TV & Video Accessories',
        image: '/media/fallback/default-category.svg',
        href: '/products?category=tv%20%26%20video%20accessories',
      },
    ]);
  });

  it('builds store cards', () => {
    expect(homeCategories(['Men', 'Women'], { Men: '/media/demo/category-men.svg' })).toEqual([
      { name: 'Men', image: '/media/demo/category-men.svg', href: '/products?category=men' },
      { name: 'Women', image: '/media/fallback/default-category.svg', href: '/products?category=women' },
    ]);
  });
});

describe('homeCategoryGridClass (docs/product.md §2 "Home": 1, 2 or 3 columns by count)', () => {
  it('matches the count, keeping rows full', () => {
    expect(homeCategoryGridClass(1)).toBe('grid-cols-1');
    expect(homeCategoryGridClass(2)).toBe('grid-cols-1 sm:grid-cols-2');
    expect(homeCategoryGridClass(3)).toBe('grid-cols-1 sm:grid-cols-3');
    expect(homeCategoryGridClass(4)).toBe('grid-cols-1 sm:grid-cols-2');
    expect(homeCategoryGridClass(5)).toBe('grid-cols-1 sm:grid-cols-2');
    expect(homeCategoryGridClass(6)).toBe('grid-cols-1 sm:grid-cols-3');
  });
});
