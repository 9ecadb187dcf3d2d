/**
 * The signed-in shopper's cart kept on the server (docs/messages.md "Forgotten carts"): `GET` / `PUT /cart`
 * and `POST /cart/merge` (the browser's cart at sign-in) need a session of the request's store;
 * `GET /cart/restore/{token}` (a reminder's link) needs only the token. Thin handlers: the shared schemas
 * validate and serialise, the service does the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartBodySchema, cartRestoreParamsSchema, cartSchema } from '@shared/carts/cart-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { resetLinkOrigin } from '../accounts/reset-link-origin';
import { authenticate, requireAccount } from '../auth/authenticate';
import { mergeCart, readCart, restoreCart, saveCart } from './cart-store';

const answers = { 200: cartSchema, '4xx': errorBodySchema, 503: errorBodySchema };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = async (request: Parameters<typeof requireAccount>[0]) => ({
    storeId: request.storeId,
    userId: (await requireAccount(request)).accountId,
  });
  const contextOf = async (request: Parameters<typeof requireAccount>[0]) => ({
    now: app.clock(),
    origin: await resetLinkOrigin(
      app.db,
      request.storeId,
      { protocol: request.protocol, host: request.host },
      app.config.PUBLIC_URL ?? null,
    ),
  });

  /** 200 the kept cart (lines no longer on sale left out); 401 without a session. */
  app.get('/cart', { onRequest: authenticate, schema: { response: answers } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.send(await readCart(app.db, await ownerOf(request), app.clock()));
  });

  /**
   * Replaces the kept cart (at most 50 lines). 200 the cart; 400 `{ error, fields }` naming each line not on
   * sale, without its size or with a quantity it is not sold in; 401 without a session.
   */
  app.put(
    '/cart',
    { onRequest: authenticate, schema: { body: cartBodySchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const cart = await saveCart(
        app.db,
        await ownerOf(request),
        request.body.lines,
        await contextOf(request),
      );
      return reply.send(cart);
    },
  );

  /** Adds the browser's cart to the kept one (lines that cannot be kept are dropped). 200 the joined cart. */
  app.post(
    '/cart/merge',
    { onRequest: authenticate, schema: { body: cartBodySchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const cart = await mergeCart(
        app.db,
        await ownerOf(request),
        request.body.lines,
        await contextOf(request),
      );
      return reply.send(cart);
    },
  );

  /** 200 the cart of a reminder's link, for any device; 400 for a malformed token, 404 for an unknown one. */
  app.get(
    '/cart/restore/:token',
    { schema: { params: cartRestoreParamsSchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await restoreCart(app.db, request.storeId, request.params.token, app.clock()));
    },
  );
};
