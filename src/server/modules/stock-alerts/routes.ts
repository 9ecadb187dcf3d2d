/**
 * The shopper's side of back-in-stock alerts (docs/messages.md "Back-in-stock alerts"), no sign-in needed:
 * `POST /products/{id}/stock-alerts` asks to hear when a sold-out product or size is back (rate-limited per
 * client address: ./stock-alert-rate-limit.ts, 429 with `Retry-After`), `POST /stock-alerts/unsubscribe` ends an
 * alert by its link's token. Thin handlers: the shared schemas validate, the services do the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  stockAlertBodySchema,
  stockAlertCreatedSchema,
  stockAlertParamsSchema,
  stockAlertTexts,
  stockAlertUnsubscribeBodySchema,
  stockAlertUnsubscribedSchema,
} from '@shared/stock-alerts/stock-alert-schemas';
import { RateLimitedError } from '../../errors';
import { resetLinkOrigin } from '../accounts/reset-link-origin';
import { StockAlertRateLimiter } from './stock-alert-rate-limit';
import { createStockAlert, unsubscribeStockAlert } from './stock-alert-service';

export type StockAlertRoutesOptions = { rateLimiter?: StockAlertRateLimiter };

export const stockAlertRoutes: FastifyPluginAsyncZod<StockAlertRoutesOptions> = async (app, options) => {
  const limiter = options.rateLimiter ?? new StockAlertRateLimiter();

  /**
   * 201 `{ message }` once the alert waits (also when the same one already waits); 400 `{ error, fields }` for
   * no or both contacts, a bad address or number, a missing or unknown size; 404 for a product not on sale;
   * 409 when it is in stock; 429 past 10 requests per client address an hour.
   */
  app.post(
    '/products/:id/stock-alerts',
    {
      schema: {
        params: stockAlertParamsSchema,
        body: stockAlertBodySchema,
        response: { 201: stockAlertCreatedSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const verdict = await limiter.begin(request.ip);
      if (!verdict.allowed) throw new RateLimitedError(stockAlertTexts.tooMany, verdict.retryAfterSeconds);
      const origin = await resetLinkOrigin(
        app.db,
        request.storeId,
        { protocol: request.protocol, host: request.host },
        app.config.PUBLIC_URL ?? null,
      );
      await createStockAlert(app.db, {
        storeId: request.storeId,
        productId: request.params.id,
        body: request.body,
        origin,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ message: stockAlertTexts.created });
    },
  );

  /** 200 `{ message, productTitle }` (also when already unsubscribed); 400 malformed token; 404 unknown one. */
  app.post(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        body: stockAlertUnsubscribeBodySchema,
        response: { 200: stockAlertUnsubscribedSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { productTitle } = await unsubscribeStockAlert(app.db, request.storeId, request.body.token);
      reply.header('cache-control', 'no-store');
      return reply.send({ message: stockAlertTexts.unsubscribed, productTitle });
    },
  );
};
