/**
 * The COD confirmation link's routes (docs/messages.md "COD confirmation"), open to whoever holds the link's
 * token, no session needed: `GET /cod-confirmations/{token}` shows the order without its address, `POST
 * /cod-confirmations/{token}` with `{ answer: 'confirm' | 'cancel' }` answers it once. Thin: the shared schemas
 * (src/shared/orders/cod-confirmation-schemas.ts) validate and serialise; ./cod-confirmation.ts decides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  codAnswerBodySchema,
  codAnswerResultSchema,
  codConfirmationParamsSchema,
  codConfirmationViewSchema,
} from '@shared/orders/cod-confirmation-schemas';
import { answerCodConfirmation, codConfirmationView } from './cod-confirmation';

export const codConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the order behind a live link; 404 'This link has expired or was already used'. */
  app.get(
    '/cod-confirmations/:token',
    {
      schema: {
        params: codConfirmationParamsSchema,
        response: { 200: codConfirmationViewSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return codConfirmationView(app.db, {
        storeId: request.storeId,
        token: request.params.token,
        now: app.clock(),
      });
    },
  );

  /**
   * 200 `{ orderNumber, status }` (1 Processing after Confirm, 4 Cancelled after Cancel); 404 'This link has
   * expired or was already used' for a second answer, a link past its window or an unknown token.
   */
  app.post(
    '/cod-confirmations/:token',
    {
      schema: {
        params: codConfirmationParamsSchema,
        body: codAnswerBodySchema,
        response: {
          200: codAnswerResultSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await answerCodConfirmation(app.db, {
        storeId: request.storeId,
        token: request.params.token,
        answer: request.body.answer,
        now: app.clock(),
        mailFrom: app.config.MAIL_FROM,
      });
      app.mailSender.wake();
      return reply.send(result);
    },
  );
};
