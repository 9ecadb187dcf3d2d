import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productDetailSchema,
  productListResponseSchema,
  type ProductListResponse,
  type ServerProduct,
} from '@shared/catalog/product-schema';
import { BAD_URL_MESSAGE } from '../../app';
import { NUL_MESSAGE } from '../../refuse-nul';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';

describe.each(testDatabaseKinds)('catalogue API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<ProductListResponse>();
  };

  it('serves list and detail as cached bytes that parse exactly with the shared schemas', async () => {
    const url = '/api/v1/products?category=men&limit=3';
    const first = await app.inject({ method: 'GET', url });
    const cached = await app.inject({ method: 'GET', url });
    expect(cached.rawPayload.equals(first.rawPayload)).toBe(true);
    const list = cached.json();
    // Parsing strips unknown keys: equality means the bytes hold the schema's fields and nothing else.
    expect(productListResponseSchema.parse(list)).toEqual(list);
    expect(list.data).toHaveLength(3);

    const detailUrl = `/api/v1/products/${(list as ProductListResponse).data[0]?.id}`;
    await app.inject({ method: 'GET', url: detailUrl });
    const detail = await app.inject({ method: 'GET', url: detailUrl });
    expect(detail.statusCode).toBe(200);
    expect(productDetailSchema.parse(detail.json())).toEqual(detail.json());
    expect(app.responseCache.size).toBeGreaterThanOrEqual(2);
  });

  it('lists the first page of 12 with count, pagination and the server product shape', async () => {
    const body = await list('');
    expect(body.count).toBe(24);
    expect(body.pagination).toEqual({ page: 1, limit: 12, total: 24 });
    expect(body.data).toHaveLength(12);
    const first = body.data[0] as ServerProduct;
    expect(Object.keys(first).sort()).toEqual(
      [
        'attributes',
        'category',
        'createdAt',
        'description',
        'discountedPrice',
        'id',
        'images',
        'imgUrl',
        'parentCategory',
        'regularPrice',
        'title',
        'unit',
      ].sort(),
    );
    expect(first).toMatchObject({
      title: 'Cotton Kurta 1',
      category: 'Men',
      parentCategory: 'Kurtas',
      regularPrice: 1299,
      discountedPrice: 999.5,
      imgUrl: '/media/demo/men-kur-001.svg',
      images: [{ url: '/media/demo/men-kur-001.svg' }],
    });
    expect(first.attributes.map((a) => [a.key, a.value, a.metricUnit])).toEqual([
      ['size', ['S', 'M', 'L'], null],
      ['color', ['White'], null],
      ['featured', ['true'], null],
    ]);
    expect(first.attributes[0]?.id).toMatch(/^\d+$/);
    expect(new Date(first.createdAt).toString()).not.toBe('Invalid Date');
    expect(body.data[1]?.discountedPrice).toBeNull();
  });

  it('pages through the list and answers an empty page past the end', async () => {
    const second = await list('?page=2');
    expect(second.data.map((p) => p.title)).toEqual([
      'Brocade Sherwani 3',
      'Brocade Sherwani 4',
      'Brocade Sherwani 5',
      'Banarasi Saree',
      'Chanderi Suit Set',
      'Mulmul Dupatta',
      'Leather Jutti',
      'Kundan Jhumka',
      'Pashmina Stole',
      'Zari Potli Bag',
      'Katan Silk Fabric',
      'Mulmul Cotton Fabric',
    ]);
    const beyond = await list('?page=3');
    expect(beyond).toEqual({ data: [], count: 24, pagination: { page: 3, limit: 12, total: 24 } });
    const small = await list('?limit=5&page=2');
    expect(small.data.map((p) => p.title)).toEqual([
      'Cotton Kurta 6',
      'Cotton Kurta 7',
      'Cotton Kurta 8',
      'Cotton Kurta 9',
      'Cotton Kurta 10',
    ]);
  });

  it('filters by category and parentCategory case-insensitively', async () => {
    const men = await list('?category=men');
    expect(men.count).toBe(15);
    expect(await list('?category=MEN')).toEqual(men);
    const sherwanis = await list('?category=men&parentCategory=SHERWANIS');
    expect(sherwanis.count).toBe(5);
    expect(sherwanis.data.every((p) => p.parentCategory === 'Sherwanis')).toBe(true);
    const fabrics = await list('?category=unstitched%20fabrics');
    expect(fabrics.data.map((p) => p.title)).toEqual(['Katan Silk Fabric', 'Mulmul Cotton Fabric']);
    expect((await list('?category=shoes')).count).toBe(0);
  });

  it('narrows by gender: attribute when present, else category (docs/product.md §7)', async () => {
    // Men's products carry no gender attribute: the storefront's client sends gender with category and gets the same list.
    expect(await list('?category=men&gender=Men')).toEqual(await list('?category=men'));
    const menAnywhere = await list('?gender=men&limit=100');
    expect(menAnywhere.count).toBe(16);
    expect(menAnywhere.data.map((p) => p.title)).toContain('Leather Jutti');
    expect(menAnywhere.data.map((p) => p.title)).not.toContain('Kundan Jhumka');
  });

  it('narrows by the comma filter list, where null matches products without gender', async () => {
    const accessories = await list(
      '?category=accessories&filter=Accessories,Personal%20Care,Home,null,Unisex',
    );
    expect(accessories.data.map((p) => p.title)).toEqual(['Pashmina Stole', 'Zari Potli Bag']);
    const withoutNull = await list('?category=accessories&filter=Unisex');
    expect(withoutNull.data.map((p) => p.title)).toEqual(['Pashmina Stole']);
    const byCategoryName = await list('?filter=Accessories');
    expect(byCategoryName.data.map((p) => p.title)).toEqual(['Zari Potli Bag']);
    const women = await list('?filter=women,null&category=accessories');
    expect(women.data.map((p) => p.title)).toEqual(['Kundan Jhumka', 'Zari Potli Bag']);
  });

  it('filters featured products and ignores empty parameters', async () => {
    const featured = await list('?featured=true&limit=4');
    expect(featured.data.map((p) => p.title)).toEqual(['Cotton Kurta 1', 'Cotton Kurta 2', 'Banarasi Saree']);
    const featuredMen = await list('?featured=true&category=men&limit=4');
    expect(featuredMen.count).toBe(2);
    expect((await list('?featured=false')).count).toBe(21);
    expect(await list('?category=&parentCategory=&page=&gender=')).toEqual(await list(''));
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['featured=maybe', 'featured'],
    [`category=${'x'.repeat(101)}`, 'category'],
  ])('answers 400 naming the parameter for %s', async (query, name) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe(`Invalid query parameter: ${name}`);
    expect(Object.keys(body.fields)).toEqual([name]);
  });

  it.each(['category', 'parentCategory', 'gender', 'filter', 'page', 'limit', 'featured'])(
    'answers 400 naming %s when it holds NUL, before any query',
    async (name) => {
      for (const value of ['%00', 'men%00', 'a%00b,null']) {
        const response = await app.inject({ method: 'GET', url: `/api/v1/products?${name}=${value}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: `Invalid query parameter: ${name}`,
          fields: { [name]: NUL_MESSAGE },
        });
      }
    },
  );

  it('answers 400 with the API error body for a path that is not valid UTF-8 (a lone surrogate)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/products/%ED%A0%80' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BAD_URL_MESSAGE });
  });

  it('answers 400 naming the id when a product id holds NUL', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/products/abc%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid path parameter: id', fields: { id: NUL_MESSAGE } });
  });

  it('answers one product by id, and 404 JSON for unknown or malformed ids', async () => {
    const { data } = await list('?category=women');
    const saree = data[0] as ServerProduct;
    const response = await app.inject({ method: 'GET', url: `/api/v1/products/${saree.id}` });
    expect(response.statusCode).toBe(200);
    // The list's fields, and how the product is sold: by the piece, untracked stock, no variants.
    const detail = {
      ...saree,
      minQuantity: 1,
      quantityStep: 1,
      available: true,
      lowStock: false,
      variants: [],
      // Sold by the piece with no setting of its own: returnable (docs/returns.md "Settings").
      returnable: true,
    };
    expect(response.json()).toEqual(detail);
    const upper = await app.inject({ method: 'GET', url: `/api/v1/products/${saree.id.toUpperCase()}` });
    expect(upper.json()).toEqual(detail);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "1'%20or%201=1"]) {
      const missing = await app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Product not found' });
    }
  });

  it('answers 404 JSON for unknown API paths and methods, never the SPA', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['GET', '/api/v2/products'],
      ['GET', '/api/'],
      ['POST', '/api/v1/products'],
      ['DELETE', '/api/v1/products/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<{ error: string }>().error).toMatch(/^Not found: /);
    }
  });

  it('reports database reachability on /health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('scopes the catalogue to the store of X-Store-Host, else Host', async () => {
    const other = fixtureCatalog();
    other.store = { storeName: 'Second Shop', categories: ['Fabrics'] };
    other.products = [
      { ...other.products[22]!, sku: 'OTHER-1', title: 'Other Shop Fabric', category: 'Fabrics' },
    ];
    await seedCatalog(database.db, other, { host: 'Second.Example:8080' });
    await app.catalogChanged();

    const viaHeader = await app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { 'x-store-host': 'second.example' },
    });
    expect(viaHeader.json<ProductListResponse>().data.map((p) => p.title)).toEqual(['Other Shop Fabric']);
    const viaHost = await app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { host: 'SECOND.example:3000' },
    });
    expect(viaHost.json()).toMatchObject({ storeName: 'Second Shop', categories: ['Fabrics'] });
    const defaultStore = await app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { host: 'anything.else' },
    });
    expect(defaultStore.json()).toMatchObject({ storeName: 'Test Silk House' });

    // A product of the default store is not visible through the second store's host.
    const defaultProduct = (await list('?limit=1')).data[0] as ServerProduct;
    const crossStore = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${defaultProduct.id}`,
      headers: { 'x-store-host': 'second.example' },
    });
    expect(crossStore.statusCode).toBe(404);
  });

  it('serves fresh data after a catalogue write', async () => {
    const before = await list('?category=unstitched%20fabrics');
    expect(before.data[1]?.regularPrice).toBe(399);
    const changed = fixtureCatalog();
    changed.products[23]!.regularPrice = 449;
    await seedCatalog(database.db, changed);
    if (kind === 'postgres') {
      // Other processes learn of the change by LISTEN/NOTIFY; this app listens too.
      await expect
        .poll(async () => (await list('?category=unstitched%20fabrics')).data[1]?.regularPrice)
        .toBe(449);
    } else {
      expect((await list('?category=unstitched%20fabrics')).data[1]?.regularPrice).toBe(399);
      await app.catalogChanged();
      expect((await list('?category=unstitched%20fabrics')).data[1]?.regularPrice).toBe(449);
    }
  });
});
