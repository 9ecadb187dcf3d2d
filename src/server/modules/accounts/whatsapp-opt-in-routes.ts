/**
 * `PUT /api/v1/account/whatsapp-opt-in` (docs/messages.md "Consent"): the account page's 'Send me order updates
 * on WhatsApp' switch. Thin: validate → ./whatsapp-opt-in.ts → the account info.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountInfoSchema, whatsappOptInBodySchema } from '@shared/accounts/account-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { UnauthorizedError } from '../../errors';
import { AUTHENTICATION_REQUIRED_MESSAGE, authenticate, requireAccount } from '../auth/authenticate';
import { toAccountInfo } from './service';
import { setAccountWhatsappOptIn } from './whatsapp-opt-in';

export const whatsappOptInRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Turns the account's WhatsApp updates on or off (its phone and its orders' phones with it). 200 the account
   * info with `whatsappOptIn`; 400 `{ error, fields.optIn }` for a body without a true or false `optIn`; 401
   * without a valid bearer token.
   */
  app.put(
    '/account/whatsapp-opt-in',
    {
      onRequest: authenticate,
      schema: {
        body: whatsappOptInBodySchema,
        response: { 200: accountInfoSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const updated = await setAccountWhatsappOptIn(
        app.db,
        request.storeId,
        account.accountId,
        request.body.optIn,
        new Date(),
      );
      if (!updated) throw new UnauthorizedError(AUTHENTICATION_REQUIRED_MESSAGE);
      reply.header('cache-control', 'no-store');
      return reply.send(toAccountInfo(updated));
    },
  );
};
