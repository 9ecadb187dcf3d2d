/**
 * `GET /search/suggest?q=`: search-box suggestions, called as a shopper types (debounced). Thin handler:
 * validate → service (through the response cache until the next catalogue write) → reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { suggestQuerySchema, suggestResponseSchema } from '@shared/catalog/search-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { sendCachedJson } from './send-cached-json';
import { searchWordsOf } from './search-terms';
import { suggest } from './search-suggest';
import { responseCacheMemo } from './search-memo';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
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
