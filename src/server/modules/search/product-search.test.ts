import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResponseSchema, type ProductListResponse } from '@shared/catalog/product-schema';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { searchFixtureCatalog } from '../../test/search-fixture';

describe.each(testDatabaseKinds)('product search on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, searchFixtureCatalog());
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductListResponse>();
    expect(productListResponseSchema.parse(body)).toEqual(body);
    return body;
  };
  const titles = (body: ProductListResponse) => body.data.map((product) => product.title);
  const bad = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
    expect(response.statusCode).toBe(400);
    return response.json<{ error: string; fields: Record<string, string> }>();
  };

  it('narrows Women → size M → maroon → under ₹3,000 by price with the right counts at every step', async () => {
    const women = await list('category=Women&facets=1');
    expect(women.count).toBe(8);
    expect(women.facets).toEqual({
      size: [
        { value: 'S', count: 1 },
        { value: 'M', count: 5 },
        { value: 'L', count: 1 },
        { value: 'One Size', count: 1 },
      ],
      color: [
        { value: 'Maroon', count: 6 },
        { value: 'Blue', count: 1 },
        { value: 'Green', count: 1 },
      ],
      fabric: [
        { value: 'Cotton', count: 2 },
        { value: 'Art Silk', count: 1 },
        { value: 'Banarasi Silk', count: 1 },
        { value: 'Chanderi Silk Cotton', count: 1 },
        { value: 'Georgette', count: 1 },
        { value: 'Pure Linen', count: 1 },
      ],
      category: [
        { value: 'Women', count: 8 },
        { value: 'Men', count: 1 },
      ],
      price: { min: 999, max: 3499 },
    });

    const sizeM = await list('category=Women&size=M&facets=1');
    expect(titles(sizeM)).toEqual([
      'Maroon Cotton Kurti',
      'Maroon Silk Kurti',
      'Maroon Chanderi Suit Set',
      'Blue Linen Kurti',
      'Maroon Georgette Kurti',
    ]);
    expect(sizeM.facets?.size).toEqual(women.facets?.size);
    expect(sizeM.facets?.color).toEqual([
      { value: 'Maroon', count: 3 },
      { value: 'Blue', count: 1 },
      { value: 'Green', count: 1 },
    ]);
    expect(sizeM.facets?.category).toEqual([
      { value: 'Women', count: 5 },
      { value: 'Men', count: 1 },
    ]);
    expect(sizeM.facets?.price).toEqual({ min: 1499, max: 3499 });

    const maroon = await list('category=Women&size=M&color=maroon&facets=1');
    expect(titles(maroon)).toEqual([
      'Maroon Silk Kurti',
      'Maroon Chanderi Suit Set',
      'Maroon Georgette Kurti',
    ]);
    expect(maroon.count).toBe(3);
    expect(maroon.facets?.size).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 3 },
      { value: 'L', count: 1 },
      { value: 'One Size', count: 1 },
    ]);
    expect(maroon.facets?.color).toEqual(sizeM.facets?.color);
    expect(maroon.facets?.price).toEqual({ min: 2199, max: 3499 });

    const under3000 = await list('category=Women&size=M&color=maroon&maxPrice=3000&sort=price_asc&facets=1');
    expect(titles(under3000)).toEqual(['Maroon Georgette Kurti', 'Maroon Silk Kurti']);
    expect(under3000.count).toBe(2);
    expect(under3000.pagination).toEqual({ page: 1, limit: 12, total: 2 });
    expect(under3000.facets).toEqual({
      size: [
        { value: 'S', count: 1 },
        { value: 'M', count: 2 },
        { value: 'L', count: 1 },
        { value: 'One Size', count: 1 },
      ],
      color: [
        { value: 'Maroon', count: 2 },
        { value: 'Blue', count: 1 },
        { value: 'Green', count: 1 },
      ],
      fabric: [
        { value: 'Art Silk', count: 1 },
        { value: 'Georgette', count: 1 },
      ],
      category: [
        { value: 'Women', count: 2 },
        { value: 'Men', count: 1 },
      ],
      price: { min: 2199, max: 3499 },
    });
    const descending = await list('category=Women&size=M&color=maroon&maxPrice=3000&sort=price_desc');
    expect(titles(descending)).toEqual(['Maroon Silk Kurti', 'Maroon Georgette Kurti']);
  });

  it('matches sizes and colours on variants that can be bought, case-insensitively', async () => {
    // The maroon M of the cotton kurti is sold out; its green M is not.
    expect(titles(await list('q=cotton kurti&size=m&color=MAROON'))).toEqual(['Maroon Cotton Kurta']);
    expect(titles(await list('q=cotton kurti&category=Women&size=m&color=MAROON'))).toEqual([]);
    expect(titles(await list('q=cotton kurti&size=m&color=green'))).toEqual(['Maroon Cotton Kurti']);
    // A product without variants matches on its attributes while it is in stock.
    expect(titles(await list('category=women&size=one size'))).toEqual(['Maroon Banarasi Saree']);
    expect(titles(await list('color=blue&color=Green'))).toEqual(['Maroon Cotton Kurti', 'Blue Linen Kurti']);
  });

  it('filters by fabric and gender (repeated values mean any of them) and by price on what the shopper pays', async () => {
    expect(titles(await list('fabric=cotton'))).toEqual([
      'Maroon Cotton Kurti',
      'Maroon Bandhani Dupatta',
      'Maroon Cotton Kurta',
    ]);
    expect(titles(await list('fabric=cotton&gender=Men'))).toEqual(['Maroon Cotton Kurta']);
    expect(titles(await list('fabric=cotton&gender=Men&gender=Women'))).toHaveLength(3);
    // The silk kurti's M costs ₹2,599 (its own discount) though the product lists at ₹2,799.
    expect(titles(await list('minPrice=2500&maxPrice=2600'))).toEqual(['Maroon Silk Kurti']);
    expect(titles(await list('maxPrice=999.00'))).toEqual(['Maroon Bandhani Dupatta']);
  });

  it('sorts by newest, price and discount, and by relevance by default with q', async () => {
    expect(titles(await list('category=Women&sort=discount')).slice(0, 2)).toEqual([
      'Maroon Georgette Kurti',
      'Maroon Cotton Kurti',
    ]);
    expect(titles(await list('category=Men&sort=newest'))).toEqual(['Maroon Cotton Kurta']);
    expect(titles(await list('sort=price_asc')).slice(0, 2)).toEqual([
      'Maroon Bandhani Dupatta',
      'Blue Linen Kurti',
    ]);
    expect(titles(await list('q=banarasi saree'))).toEqual(['Maroon Banarasi Saree']);
    // Kurti finds the kurta too (synonyms), after the kurtis.
    const kurtis = titles(await list('q=maroon kurti'));
    expect(kurtis.slice(0, 3).sort()).toEqual([
      'Maroon Cotton Kurti',
      'Maroon Georgette Kurti',
      'Maroon Silk Kurti',
    ]);
    expect(kurtis.slice(3)).toEqual(['Maroon Cotton Kurta']);
  });

  it('finds through synonyms, misspellings and Hindi words, and suggests a correction when nothing matches', async () => {
    expect(titles(await list('q=sari'))).toContain('Maroon Banarasi Saree');
    expect(titles(await list('q=साड़ी'))).toContain('Maroon Banarasi Saree');
    expect(titles(await list('q=banarsi'))).toEqual(['Maroon Banarasi Saree']);
    expect(titles(await list('q=chunni'))).toEqual(['Maroon Bandhani Dupatta']);
    expect(titles(await list('q=W-KRT-B'))).toEqual(['Maroon Silk Kurti']);
    const none = await list('q=georgete sareee');
    expect(none).toEqual({
      data: [],
      count: 0,
      pagination: { page: 1, limit: 12, total: 0 },
      suggestion: 'georgette saree',
    });
    expect(await list('q=zzzzqq')).toEqual({
      data: [],
      count: 0,
      pagination: { page: 1, limit: 12, total: 0 },
    });
  });

  it('keeps the plain list free of search fields and pages search results by 12', async () => {
    const plain = await list('category=women');
    expect(Object.keys(plain)).toEqual(['data', 'count', 'pagination']);
    const second = await list('q=maroon&page=2&limit=5');
    expect(second.pagination).toEqual({ page: 2, limit: 5, total: 8 });
    expect(second.data).toHaveLength(3);
    expect(await list('q=maroon&page=9')).toMatchObject({ data: [], count: 8 });
  });

  it('answers search only from the store of the request', async () => {
    const other = searchFixtureCatalog();
    other.store = { storeName: 'Second Shop', categories: ['Women'] };
    other.products = [{ ...other.products[0]!, sku: 'OTHER-1', title: 'Other Shop Maroon Kurti' }];
    other.products[0]!.variants = [{ sku: 'OTHER-1-M', size: 'M', color: 'Maroon', stock: 1 }];
    await seedCatalog(database.db, other, { host: 'second.example' });
    await app.catalogChanged();
    const second = await list('q=maroon kurti&size=M&facets=1', { 'x-store-host': 'second.example' });
    expect(titles(second)).toEqual(['Other Shop Maroon Kurti']);
    expect(second.facets?.category).toEqual([{ value: 'Women', count: 1 }]);
    expect(titles(await list('q=other shop'))).toEqual([]);
    const suggestions = await app.inject({
      method: 'GET',
      url: '/api/v1/search/suggest?q=sho',
      headers: { 'x-store-host': 'second.example' },
    });
    expect(suggestions.json().products.map((p: { title: string }) => p.title)).toEqual([
      'Other Shop Maroon Kurti',
    ]);
  });

  it('suggests products and categories for the text typed so far', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/search/suggest?q=maroon%20kur' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.products.map((p: { title: string }) => p.title).sort()).toEqual([
      'Maroon Cotton Kurta',
      'Maroon Cotton Kurti',
      'Maroon Georgette Kurti',
      'Maroon Silk Kurti',
    ]);
    expect(body.products.find((p: { title: string }) => p.title === 'Maroon Cotton Kurti')).toMatchObject({
      category: 'Women',
      price: 1999,
      unit: 'piece',
      imgUrl: null,
    });
    expect(body.categories).toEqual([
      { category: 'Women', parentCategory: 'Kurtis', count: 3 },
      { category: 'Men', parentCategory: 'Kurtas', count: 1 },
    ]);
    const empty = await app.inject({ method: 'GET', url: '/api/v1/search/suggest?q=%20' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Invalid query parameter: q', fields: { q: 'must not be empty' } });
  });

  it('answers 400 with fields for bad search parameters', async () => {
    expect(await bad('sort=cheapest')).toEqual({
      error: 'Invalid query parameter: sort',
      fields: { sort: 'must be one of relevance, newest, price_asc, price_desc, discount' },
    });
    expect((await bad('minPrice=3000&maxPrice=1000')).fields).toEqual({
      minPrice: 'must not be above maxPrice',
    });
    expect((await bad('minPrice=-5')).fields).toEqual({ minPrice: 'must be a price in rupees of 0 or more' });
    expect((await bad('maxPrice=abc')).fields).toEqual({
      maxPrice: 'must be a price in rupees of 0 or more',
    });
    const many = Array.from({ length: 200 }, (_, index) => `size=S${index}`).join('&');
    expect((await bad(many)).fields).toEqual({ size: 'must list at most 30 values' });
    expect((await bad('sort=relevance')).fields).toEqual({ sort: 'relevance needs a search text (q)' });
    expect((await bad('facets=yes')).fields).toEqual({ facets: 'must be 1 or 0' });
    expect((await bad(`q=${'a'.repeat(201)}`)).fields).toEqual({ q: 'must be at most 200 characters' });
  });
});
