/**
 * Shiprocket's tracking webhook (docs/shipping.md "Tracking webhook"): `POST /api/v1/couriers/shiprocket/webhook`
 * (also answered at `/api/v1/couriers/tracking-updates`, for a panel that will not take a URL naming it) with
 * the header `x-api-key` = the webhook token the owner set in the Shiprocket settings, compared in constant
 * time. The store is the one of the request's host, as everywhere. Thin handler: authenticate → validate →
 * service (./shiprocket-tracking.ts) → reply.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { SHIPROCKET_WEBHOOK_PATH, shiprocketWebhookAnswerSchema } from '@shared/couriers/shiprocket-schemas';
import { UnauthorizedError, ValidationError } from '../../errors';
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

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** The fields of Shiprocket's update the shop reads (it sends many more: scans, etd, order ids, …). */
const updateSchema = z.looseObject({
  awb: text.pipe(z.string().min(1, 'is required').max(100, 'must be at most 100 characters')),
  current_status: text.optional(),
  shipment_status: text.optional(),
});

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
        schema: { response: { 200: shiprocketWebhookAnswerSchema, '4xx': errorBodySchema } },
      },
      async (request, reply) => {
        const account = await readShiprocketAccount(app.db, request.storeId);
        if (
          !account.webhookToken ||
          !tokensMatch(account.webhookToken, request.headers[SHIPROCKET_TOKEN_HEADER])
        ) {
          request.log.warn({ storeId: request.storeId }, 'Shiprocket webhook refused: wrong x-api-key');
          throw new UnauthorizedError(WRONG_WEBHOOK_TOKEN);
        }
        const parsed = updateSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw ValidationError.fromZod(parsed.error);
        const status = parsed.data.current_status || parsed.data.shipment_status;
        if (!status) throw new ValidationError({ current_status: 'is required' });
        const outcome = await applyShiprocketUpdate(app.db, request.storeId, {
          awb: parsed.data.awb,
          status,
          mailFrom: app.config.MAIL_FROM,
        });
        if (outcome.changed) app.mailSender.wake();
        return reply.send(outcome);
      },
    );
  }
};
