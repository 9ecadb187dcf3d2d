/**
 * Catalogue routes (docs/product.md §7): `GET /products/{id}`, declared with the shared contract
 * (src/shared/catalog/product-schema.ts); the product list `GET /products` is a search route
 * (../search/routes.ts). Thin handler: validate → service (through the response cache) → reply; a cached answer
 * is ready JSON bytes, so the response serializer does not run on it. A product answer carries availability,
 * which sales change without a catalogue write, so it is vouched for at most {@link PRODUCT_DETAIL_MAX_AGE_MS} at
 * a time by an availability check.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productDetailParamsSchema, productDetailSchema } from '@shared/catalog/product-schema';
import { errorBodySchema } from '@shared/errors/error-body';
import { NotFoundError } from '../../errors';
import { sendCachedJson } from './send-cached-json';
import { availabilityTag } from './product-availability';
import { currentAvailabilityTag, getProduct, PRODUCT_DETAIL_MAX_AGE_MS } from './product-detail';
import { isProductId } from './product-id';

/** The 404 answer for an unknown product, a product of another store and an id that is not a UUID. */
export const PRODUCT_NOT_FOUND = 'Product not found';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * 200 the product with its variants, selling rule and availability (at most 1 s old); 404
   * `{ error: 'Product not found' }`.
   */
  app.get(
    '/products/:id',
    {
      schema: {
        params: productDetailParamsSchema,
        response: { 200: productDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const storeId = request.storeId;
      const id = request.params.id.toLowerCase();
      if (!isProductId(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const json = await app.responseCache.getOrLoad(
        `${storeId}:product:${id}`,
        () => getProduct(app.db, storeId, id, app.clock()),
        {
          maxAgeMs: PRODUCT_DETAIL_MAX_AGE_MS,
          revalidate: {
            tagOf: availabilityTag,
            currentTag: () => currentAvailabilityTag(app.db, storeId, id),
          },
        },
      );
      if (json.length === 4 && json.toString() === 'null') throw new NotFoundError(PRODUCT_NOT_FOUND);
      return sendCachedJson(reply, json);
    },
  );
};
