/**
 * `POST /payments/razorpay/webhook` (docs/payments.md "Razorpay webhook"; Razorpay docs "Webhooks", "Validate
 * webhooks"): Razorpay's signed events. The route has its own scope whose JSON parser keeps the body as raw
 * bytes, because `X-Razorpay-Signature` covers the exact bytes. A payment counts only when the signature holds,
 * the Razorpay order is an attempt of this store, and the amount and currency equal the order's; an event
 * already counted changes nothing. Forged or mismatched events answer 4xx, change nothing and are logged
 * (event id, event and reason — never the body's secrets or the signature).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  razorpayWebhookResponseSchema,
  type RazorpayWebhookResponse,
} from '@shared/payments/razorpay-schemas';
import type { Db } from '../../db/database';
import { AppError, BadRequestError, NotFoundError } from '../../errors';
import { settleGatewayPayment } from './gateway-settlement';
import { razorpayProvider } from './providers/razorpay-provider';
import { RAZORPAY_EVENT_ID_HEADER } from './providers/razorpay-signature';
import type { GatewayRefundEvent } from './providers/types';
import { isRazorpayGateway, type PaymentSettings } from './settings';

/** Largest webhook body accepted (bytes; Razorpay's events are a few KB). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Applies a gateway's refund event to the refunds of the store (the refunds module, a layer above payments,
 * hands it in when the app is built): `updated` when a pending refund moved.
 */
export type GatewayRefundEventHandler = (
  db: Db,
  input: { storeId: number; event: GatewayRefundEvent; mailFrom?: string | undefined },
) => Promise<'updated' | 'unchanged'>;

export type RazorpayWebhookOptions = {
  settings: PaymentSettings;
  refundEvents?: GatewayRefundEventHandler;
};

/** The webhook route, in its own scope (its JSON body stays raw bytes for the HMAC). */
export const razorpayWebhookRoute: FastifyPluginAsync<RazorpayWebhookOptions> = async (
  app: FastifyInstance,
  { settings, refundEvents },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  /**
   * 200 `{ success, event, result, orderId? }`; 400 for a body that is not Razorpay's event, an unknown
   * order (another store's, none) or a wrong amount or currency; 401 for a missing or wrong signature; 404
   * when Razorpay is not this shop's gateway; 503 without `RAZORPAY_WEBHOOK_SECRET`.
   */
  app.post(
    '/payments/razorpay/webhook',
    {
      schema: {
        response: {
          200: razorpayWebhookResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const gateway = settings.gateway;
      if (!isRazorpayGateway(gateway)) throw new NotFoundError('Razorpay is not this shop’s payment gateway');
      const eventId = String(request.headers[RAZORPAY_EVENT_ID_HEADER] ?? '').slice(0, 64) || null;
      let event: string | null = null;
      try {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new BadRequestError('Expected a JSON body');
        const verified = razorpayProvider.verifyWebhook!(raw, request.headers, gateway);
        event = verified.event;
        if (verified.kind === 'ignored') {
          return reply.send({ success: true, event, result: 'ignored' } satisfies RazorpayWebhookResponse);
        }
        if (verified.kind === 'refund') {
          const moved = refundEvents
            ? await refundEvents(app.db, {
                storeId: request.storeId,
                event: verified.refund,
                mailFrom: app.config.MAIL_FROM,
              })
            : 'unchanged';
          if (moved === 'updated') app.mailSender.wake();
          request.log.info(
            { eventId, event, gatewayRefundId: verified.refund.gatewayRefundId, moved },
            'Razorpay webhook',
          );
          return reply.send({
            success: true,
            event,
            result: moved === 'updated' ? 'refund-updated' : 'ignored',
          } satisfies RazorpayWebhookResponse);
        }
        const outcome = await settleGatewayPayment(app.db, {
          storeId: request.storeId,
          provider: gateway.provider,
          payment: verified.payment,
          mailFrom: app.config.MAIL_FROM,
          log: request.log,
          keepOpenOnFailure: true,
        });
        request.log.info(
          { eventId, event, orderNumber: outcome.orderNumber, result: outcome.result },
          'Razorpay webhook',
        );
        if (['paid', 'reinstated', 'refund-due'].includes(outcome.result)) app.mailSender.wake();
        return reply.send({
          success: true,
          event,
          result: outcome.result,
          orderId: outcome.orderNumber,
        } satisfies RazorpayWebhookResponse);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          request.log.warn(
            { eventId, event, status: error.status, reason: error.message },
            'Razorpay webhook refused',
          );
        }
        throw error;
      }
    },
  );
};
