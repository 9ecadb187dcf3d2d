/**
 * Wishlist routes for the signed-in customer (docs/architecture.md "Wishlist"): `GET /wishlist`,
 * `PUT` / `DELETE /wishlist/{productId}` and `POST /wishlist/merge` (the browser's list at sign-in). Every
 * route needs a session of the request's store and answers the list as it is now (`{ productIds }`, most
 * recently saved first). Thin handlers: the shared schemas validate and serialise, the service does the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  wishlistMergeBodySchema,
  wishlistParamsSchema,
  wishlistSchema,
} from '@shared/wishlist/wishlist-schemas';
import { authenticate, requireAccount } from '../auth/authenticate';
import { addToWishlist, listWishlist, mergeWishlist, removeFromWishlist } from './wishlist-service';

const answers = { 200: wishlistSchema, '4xx': errorBodySchema, 503: errorBodySchema };

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = async (request: Parameters<typeof requireAccount>[0]) => ({
    storeId: request.storeId,
    userId: (await requireAccount(request)).accountId,
  });

  /** 200 the list; 401 without a session. */
  app.get('/wishlist', { onRequest: authenticate, schema: { response: answers } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.send(await listWishlist(app.db, await ownerOf(request)));
  });

  /**
   * Saves a product. 200 the list; 400 for an id that is not a UUID or a full list (200 products); 404
   * `Product not found` for a product unknown in this store or archived.
   */
  app.put(
    '/wishlist/:productId',
    { onRequest: authenticate, schema: { params: wishlistParamsSchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await addToWishlist(app.db, await ownerOf(request), request.params.productId));
    },
  );

  /** Removes a product (one not saved changes nothing). 200 the list; 400 for an id that is not a UUID. */
  app.delete(
    '/wishlist/:productId',
    { onRequest: authenticate, schema: { params: wishlistParamsSchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await removeFromWishlist(app.db, await ownerOf(request), request.params.productId));
    },
  );

  /**
   * Adds the browser's list (`{ productIds }`, at most 200) to the account's; unknown or archived products are
   * skipped. 200 the list; 400 for bad ids or when the union would pass 200 products.
   */
  app.post(
    '/wishlist/merge',
    { onRequest: authenticate, schema: { body: wishlistMergeBodySchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await mergeWishlist(app.db, await ownerOf(request), request.body.productIds));
    },
  );
};
