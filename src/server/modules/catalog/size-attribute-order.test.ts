/**
 * Sizes come in their natural order (S, M, L, XL, XXL, then numbers, then free sizes) in every catalogue answer,
 * whatever order the catalogue file gave them in: the listing's size facet, and a product's size values in the
 * list and in its own answer. The variants themselves keep the file's order.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productDetailSchema,
  productListResponseSchema,
  type ProductDetail,
  type ProductListResponse,
} from '@shared/catalog/product-schema';
import type { FixtureCatalog, FixtureProduct } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';

const garment = (sku: string, title: string, fields: Partial<FixtureProduct>): FixtureProduct => ({
  sku,
  title,
  description: `${title}, hand finished.`,
  imgUrl: null,
  category: 'Women',
  parentCategory: null,
  regularPrice: 1500,
  discountedPrice: null,
  images: [],
  attributes: [],
  ...fields,
});

/** A kurti in variants listed XL, S, XXL, M, L; trousers by waist 34, 28, 30; a dupatta in 'Free Size'. */
const sizesCatalog = (): FixtureCatalog => ({
  store: { storeName: 'Size Order House', categories: ['Women'] },
  products: [
    garment('KRT-ROSE', 'Rose Cotton Kurti', {
      variants: ['XL', 'S', 'XXL', 'M', 'L'].map((size) => ({
        sku: `KRT-ROSE-${size}`,
        size,
        color: 'Rose',
        stock: 5,
      })),
    }),
    garment('TRS-INDIGO', 'Indigo Linen Trousers', {
      stock: 9,
      attributes: [
        { key: 'Size', value: ['34', '28', '30'], metricUnit: null },
        { key: 'color', value: ['Indigo'], metricUnit: null },
      ],
    }),
    garment('DUP-SAFFRON', 'Saffron Chiffon Dupatta', {
      stock: 3,
      attributes: [{ key: 'size', value: ['Free Size'], metricUnit: null }],
    }),
  ],
});

describe.each(testDatabaseKinds)('sizes in their natural order on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, sizesCatalog());
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return productListResponseSchema.parse(response.json<ProductListResponse>());
  };
  const sizesOf = (product: { attributes: { key: string; value: string[] }[] }) =>
    product.attributes.find((attribute) => attribute.key.toLowerCase() === 'size')?.value;

  it('lists the size facet smallest first: letters, then numbers, then free sizes', async () => {
    const { facets } = await list('facets=1');
    expect(facets?.size).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 1 },
      { value: 'L', count: 1 },
      { value: 'XL', count: 1 },
      { value: 'XXL', count: 1 },
      { value: '28', count: 1 },
      { value: '30', count: 1 },
      { value: '34', count: 1 },
      { value: 'Free Size', count: 1 },
    ]);
    // The colour facet still lists the most products first.
    expect(facets?.color.map((value) => value.value)).toEqual(['Indigo', 'Rose']);
  });

  it("gives a product's size values in the list and in its own answer smallest first, its variants as filed", async () => {
    const { data } = await list('sort=newest');
    const kurti = data.find((product) => product.title === 'Rose Cotton Kurti')!;
    const trousers = data.find((product) => product.title === 'Indigo Linen Trousers')!;
    expect(sizesOf(kurti)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(sizesOf(trousers)).toEqual(['28', '30', '34']);

    const detail = async (id: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return productDetailSchema.parse(response.json<ProductDetail>());
    };
    const kurtiDetail = await detail(kurti.id);
    expect(sizesOf(kurtiDetail)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(kurtiDetail.variants.map((variant) => variant.size)).toEqual(['XL', 'S', 'XXL', 'M', 'L']);
    const trousersDetail = await detail(trousers.id);
    expect(sizesOf(trousersDetail)).toEqual(['28', '30', '34']);
    // Other attributes keep their order.
    expect(trousersDetail.attributes.map((attribute) => attribute.key)).toEqual(['Size', 'color']);
  });
});
