/**
 * Shiprocket's tracking webhook (docs/shipping.md "Tracking webhook"): `POST /api/v1/couriers/shiprocket/webhook`
 * (also answered at `/api/v1/couriers/tracking-updates`, for a panel that will not take a URL naming it) with
 * the header `x-api-key` = the webhook token the owner set in the Shiprocket settings, compared in constant
 * time before the body is validated (src/shared/couriers/shiprocket-schemas.ts). The store is the one of the
 * request's host, as everywhere. Thin handler: authenticate → validate → service (./shiprocket-tracking.ts) →
 * reply.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  SHIPROCKET_WEBHOOK_PATH,
  shiprocketWebhookAnswerSchema,
  shiprocketWebhookBodySchema,
} from '@shared/couriers/shiprocket-schemas';
import { UnauthorizedError } from '../../errors';
import { readShiprocketAccount } from './shiprocket-settings';
import { applyShiprocketUpdate } from './shiprocket-tracking';

/** The header Shiprocket sends the token in. */
export const SHIPROCKET_TOKEN_HEADER = 'x-api-key';
/** 401 for a missing or wrong token, or a store that set none. */
export const WRONG_WEBHOOK_TOKEN = 'Wrong or missing x-api-key';
/** The alias path of the webhook (same handler). */
export const TRACKING_UPDATES_PATH = '/api/v1/couriers/tracking-updates';

/** True when `received` equals `expected` (compared as SHA-256 digests, in constant time). */
export function tokensMatch(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || !received) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(received));
}

const PREFIX = '/api/v1';

export const courierRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of [SHIPROCKET_WEBHOOK_PATH, TRACKING_UPDATES_PATH]) {
    /**
     * 200 `{ orderNumber, changed }`; 401 for a wrong token; 400 for a body without an AWB or a status; 404
     * for an AWB of no order of this shop. Nothing changes unless it answers 200.
     */
    app.post(
      path.slice(PREFIX.length),
      {
        bodyLimit: 64 * 1024,
        // The token is checked before the body is: a caller without it learns nothing of the body's rules.
        preValidation: async (request) => {
          const account = await readShiprocketAccount(app.db, request.storeId);
          if (
            !account.webhookToken ||
            !tokensMatch(account.webhookToken, request.headers[SHIPROCKET_TOKEN_HEADER])
          ) {
            request.log.warn({ storeId: request.storeId }, 'Shiprocket webhook refused: wrong x-api-key');
            throw new UnauthorizedError(WRONG_WEBHOOK_TOKEN);
          }
        },
        schema: {
          body: shiprocketWebhookBodySchema,
          response: { 200: shiprocketWebhookAnswerSchema, '4xx': errorBodySchema },
        },
      },
      async (request, reply) => {
        const { awb, current_status, shipment_status } = request.body;
        const outcome = await applyShiprocketUpdate(app.db, request.storeId, {
          awb,
          status: current_status || shipment_status || '',
          mailFrom: app.config.MAIL_FROM,
        });
        if (outcome.changed) app.mailSender.wake();
        return reply.send(outcome);
      },
    );
  }
};
