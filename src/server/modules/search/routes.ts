/**
 * Search routes (docs/decisions/012-search-in-postgresql.md): `GET /products`, one page of the catalogue with
 * the list filters, free text, facets, price filters and sorting (the shared contract
 * src/shared/catalog/product-schema.ts), and `GET /search/suggest?q=`, the search box's suggestions called as a
 * shopper types (debounced). Thin handlers: validate → service (through the response cache) → reply; cached
 * answers are ready JSON bytes, so the response serializer does not run on them. List answers hold no stock and
 * live until the next catalogue write, except those that filter or sort by stock (at most
 * {@link STOCK_LIST_MAX_AGE_MS}).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListQuerySchema, productListResponseSchema } from '@shared/catalog/product-schema';
import { errorBodySchema } from '@shared/errors/error-body';
import { suggestQuerySchema, suggestResponseSchema } from '@shared/search/search-schemas';
import { sendCachedJson } from '../catalog/send-cached-json';
import { findProducts } from './product-search';
import { listCacheKey, listReadsStock, STOCK_LIST_MAX_AGE_MS } from './search-cache-key';
import { responseCacheMemo } from './search-memo';
import { suggest } from './search-suggest';
import { searchWordsOf } from './search-terms';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 one page of products (`{ data, count, pagination }`); 400 naming an invalid query parameter. */
  app.get(
    '/products',
    {
      schema: {
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const storeId = request.storeId;
      const query = request.query;
      const key = `${storeId}:products:${listCacheKey(query)}`;
      const json = await app.responseCache.getOrLoad(
        key,
        () =>
          findProducts(app.db, storeId, query, responseCacheMemo(app.responseCache, storeId), app.clock()),
        listReadsStock(query) ? { maxAgeMs: STOCK_LIST_MAX_AGE_MS } : {},
      );
      return sendCachedJson(reply, json);
    },
  );

  /** 200 `{ products, categories }`; 400 `{ error, fields: { q } }` for an empty or too long text. */
  app.get(
    '/search/suggest',
    {
      schema: {
        querystring: suggestQuerySchema,
        response: { 200: suggestResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const storeId = request.storeId;
      const { q } = request.query;
      const json = await app.responseCache.getOrLoad(`${storeId}:suggest:${searchWordsOf(q).join(' ')}`, () =>
        suggest(app.db, storeId, q, responseCacheMemo(app.responseCache, storeId)),
      );
      return sendCachedJson(reply, json);
    },
  );
};
