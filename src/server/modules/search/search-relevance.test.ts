/**
 * Relevance of search on the demo shop (seed/demo-catalog.json): for every query of
 * search-relevance-cases.json — misspellings, Hindi words, fabric + category, colour + category, synonyms —
 * the listed products (by SKU) must be among the first 4 results. A change that drops one fails here.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/catalog/product-schema';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { demoCatalog, seedCatalog } from '../../test/seed-catalog';
import cases from './search-relevance-cases.json';

type RelevanceCase = { q: string; kind: string; mustBeInTop4: string[] };

const demo = demoCatalog();
const titleBySku = new Map(demo.products.map((product) => [product.sku, product.title]));

describe.each(testDatabaseKinds)('search relevance on the demo shop on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, demo);
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds at least 40 queries naming products of the demo shop', () => {
    expect((cases as RelevanceCase[]).length).toBeGreaterThanOrEqual(40);
    for (const entry of cases as RelevanceCase[]) {
      for (const sku of entry.mustBeInTop4) expect(titleBySku.has(sku), sku).toBe(true);
    }
  });

  it.each(cases as RelevanceCase[])(
    '"$q" ($kind) has $mustBeInTop4 in its first 4 results',
    async (entry) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/products?q=${encodeURIComponent(entry.q)}&limit=4`,
      });
      expect(response.statusCode).toBe(200);
      const top = response.json<ProductListResponse>().data.map((product) => product.title);
      for (const sku of entry.mustBeInTop4) expect(top).toContain(titleBySku.get(sku));
    },
  );
});
