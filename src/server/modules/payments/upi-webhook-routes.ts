/**
 * `POST /payments/webhook/upi` (docs/payments.md "UPI webhook"): a UPI provider's signed confirmation. The
 * route has its own scope whose JSON parser keeps the body as raw bytes, because the `X-Signature` HMAC covers
 * the exact bytes; the shared body schema (src/shared/payments/gateway-schemas.ts) is applied once the
 * signature is verified.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  upiWebhookBodySchema,
  upiWebhookResponseSchema,
  type UpiWebhookResponse,
} from '@shared/payments/gateway-schemas';
import { BadRequestError, UnauthorizedError, UnavailableError, ValidationError } from '../../errors';
import { parseAmountToPaise } from './providers/amount';
import { UPI_SIGNATURE_HEADER, verifyUpiWebhookSignature } from './providers/upi-provider';
import type { PaymentSettings } from './settings';
import { confirmUpiPayment } from './upi-confirmation';

/** Largest webhook body accepted (bytes). */
const WEBHOOK_BODY_LIMIT = 16 * 1024;
/** `Retry-After` while the webhook is not configured: the owner has to set the secret first (seconds). */
const NOT_CONFIGURED_RETRY_AFTER = 3600;

/** Rupees as a JSON number or a string → paise; null unless a non-negative amount with ≤ 2 decimals. */
export function amountToPaise(amount: number | string): number | null {
  if (typeof amount === 'string') return parseAmountToPaise(amount.trim());
  const paise = Math.round(amount * 100);
  return Number.isSafeInteger(paise) && Math.abs(paise - amount * 100) < 1e-6 ? paise : null;
}

/** The UPI webhook route, in its own scope (its JSON body stays raw bytes for the HMAC). */
export function upiWebhookRoute(settings: PaymentSettings): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    /**
     * 200 `{ success, orderId, orderStatus, replayed, paid }` (or `{ …, ignored: true }` for a status other
     * than success); 401 for a bad signature; 400 for a bad body or amount; 404 for an unknown order; 409 for
     * a UTR that paid another order; 503 without a secret.
     */
    app.post(
      '/payments/webhook/upi',
      {
        schema: {
          response: {
            200: upiWebhookResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const secret = settings.upiWebhookSecret;
        if (!secret) {
          throw new UnavailableError(
            'The UPI webhook is not configured (UPI_WEBHOOK_SECRET)',
            NOT_CONFIGURED_RETRY_AFTER,
          );
        }
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new BadRequestError('Expected a JSON body');
        if (!verifyUpiWebhookSignature(secret, raw, request.headers[UPI_SIGNATURE_HEADER])) {
          throw new UnauthorizedError('Invalid signature');
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new BadRequestError('The body is not valid JSON');
        }
        const parsed = upiWebhookBodySchema.safeParse(json);
        if (!parsed.success) throw ValidationError.fromZod(parsed.error);
        const body = parsed.data;
        const amountPaise = amountToPaise(body.amount);
        if (amountPaise === null) {
          throw new ValidationError({ amount: 'must be rupees with at most 2 decimals' });
        }
        reply.header('cache-control', 'no-store');
        if (body.status.trim().toLowerCase() !== 'success') {
          // Only a successful payment changes anything; acknowledge the rest so the provider stops retrying.
          const ignored: UpiWebhookResponse = {
            success: true,
            orderId: body.orderId,
            paid: false,
            ignored: true,
          };
          return reply.send(ignored);
        }
        const result = await confirmUpiPayment(
          app.db,
          {
            storeId: request.storeId,
            orderId: body.orderId,
            utr: body.utr.trim(),
            amountPaise,
            source: 'webhook',
            testMode: settings.upi?.testMode ?? false,
            raw: { utr: body.utr, amount: body.amount, status: body.status },
            mailFrom: app.config.MAIL_FROM,
          },
          request.log,
        );
        if (result.paid || result.settlement === 'refund-due') app.mailSender.wake();
        return reply.send({
          success: true,
          orderId: result.orderNumber,
          orderStatus: result.orderStatus,
          replayed: result.replayed,
          paid: result.paid,
        } satisfies UpiWebhookResponse);
      },
    );
  };
}
