/**
 * The shopper's return routes (docs/returns.md "The shopper asks for a return or an exchange"), for the
 * signed-in owner of the order: `POST /orders/{orderId}/returns` asks for a return or an exchange of lines of
 * a Delivered order; `POST /orders/{orderId}/returns/{returnId}/photos` adds one photo (multipart, read by
 * ../media/upload-parts.ts — the body has no schema by design). Thin handlers: the shared schemas
 * (src/shared/returns/return-schemas.ts) validate every request and serialise every answer; errors are thrown
 * and written by the one error handler. The 'return requested' mails are written with the return; the outbox
 * sender is woken to send them at once.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { trackOrderParamsSchema } from '@shared/orders/order-tracking-schemas';
import { createReturnBodySchema, returnParamsSchema, returnSchema } from '@shared/returns/return-schemas';
import { NotFoundError } from '../../errors';
import { authenticate, requireAccount } from '../auth/authenticate';
import { readUploadedFiles } from '../media/upload-parts';
import { returnsById } from '../orders/order-returns-view';
import { createReturn } from './create-return';
import { addReturnPhoto, RETURN_NOT_FOUND } from './return-photos';

export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const answers = { 201: returnSchema, '4xx': errorBodySchema, 503: errorBodySchema };

  /**
   * 201 the return (`status: "requested"`, number `RT-…`); 401 without a session; 404 `Order not found or
   * access denied` for an unknown number or someone else's order; 409 for an order not Delivered, a store
   * taking no returns, or after the window; 400 naming each refused line in `fields`.
   */
  app.post(
    '/orders/:orderId/returns',
    {
      onRequest: authenticate,
      schema: { params: trackOrderParamsSchema, body: createReturnBodySchema, response: answers },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const created = await createReturn(app.db, {
        storeId: request.storeId,
        userId: account.accountId,
        orderId: request.params.orderId,
        body: request.body,
        mailFrom: app.config.MAIL_FROM,
      });
      app.mailSender.wake();
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  /**
   * 201 the return with the photo added (one JPEG, PNG or WebP file of at most 10 MB a request, at most 3 a
   * return); 400 for a refused file (the admin upload's texts) or past the limit; 404 for someone else's order
   * or another order's return; 409 once the return is no longer requested.
   */
  app.post(
    '/orders/:orderId/returns/:returnId/photos',
    { onRequest: authenticate, schema: { params: returnParamsSchema, response: answers } },
    async (request, reply) => {
      const account = await requireAccount(request);
      const target = {
        storeId: request.storeId,
        userId: account.accountId,
        orderId: request.params.orderId,
        returnId: request.params.returnId,
      };
      await addReturnPhoto(app.db, app.mediaStorage, target, () => readUploadedFiles(request));
      const [updated] = await returnsById(app.db, request.storeId, [target.returnId]);
      if (!updated) throw new NotFoundError(RETURN_NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(updated);
    },
  );
};
