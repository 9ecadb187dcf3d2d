/**
 * `GET/POST /messages/whatsapp/webhook` (docs/messages.md "Going live"; Meta's docs "Webhooks"): the verify
 * handshake — `hub.mode=subscribe` with `hub.verify_token` equal to WHATSAPP_VERIFY_TOKEN answers
 * `hub.challenge` as text, anything else 403 — and the signed events. The POST route has its own scope whose
 * JSON parser keeps the body as raw bytes, because `X-Hub-Signature-256` covers the exact bytes: a missing or
 * wrong signature answers 401 and changes nothing. The events apply to the request's store.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  whatsappChallengeSchema,
  whatsappEventSchema,
  whatsappVerifyQuerySchema,
  whatsappWebhookResponseSchema,
  type WhatsappWebhookResponse,
} from '@shared/whatsapp/whatsapp-webhook-schemas';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import { applyWhatsappEvent } from './webhook-events';
import { isValidWhatsappSignature, WHATSAPP_SIGNATURE_HEADER } from './webhook-signature';

/** Largest event body accepted (bytes; Meta batches at most a few KB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The path of both routes. */
export const WHATSAPP_WEBHOOK_PATH = '/messages/whatsapp/webhook';

/** True when `given` equals `expected`, compared in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const whatsappWebhookRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  /** 200 `hub.challenge` as text when the mode is `subscribe` and the verify token matches; else 403. */
  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      schema: {
        querystring: whatsappVerifyQuerySchema,
        response: { 200: whatsappChallengeSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const expected = app.config.WHATSAPP_VERIFY_TOKEN;
      const token = query['hub.verify_token'] ?? '';
      if (!expected || query['hub.mode'] !== 'subscribe' || !sameSecret(token, expected)) {
        throw new ForbiddenError('The verify token does not match');
      }
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(query['hub.challenge'] ?? '');
    },
  );

  /**
   * 200 `{ received, statuses, optOuts, codAnswers }`; 400 for a body that is not an event; 401 for a
   * missing or wrong signature; 404 while WHATSAPP_APP_SECRET is unset.
   */
  app.post(
    WHATSAPP_WEBHOOK_PATH,
    { schema: { response: { 200: whatsappWebhookResponseSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const secret = app.config.WHATSAPP_APP_SECRET;
      if (!secret) throw new NotFoundError('The WhatsApp webhook is not set up');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new BadRequestError('Expected a JSON body');
      if (!isValidWhatsappSignature(raw, request.headers[WHATSAPP_SIGNATURE_HEADER], secret)) {
        request.log.warn({ reason: 'signature' }, 'WhatsApp webhook refused');
        throw new UnauthorizedError('The signature does not match');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequestError('Expected a JSON body');
      }
      const event = whatsappEventSchema.safeParse(parsed);
      if (!event.success) throw new BadRequestError('Expected a WhatsApp webhook event');
      const changed = await applyWhatsappEvent(app.db, request.storeId, event.data, app.clock());
      if (changed.codAnswers > 0) app.mailSender.wake();
      return reply.send({ received: true, ...changed } satisfies WhatsappWebhookResponse);
    },
  );
};
