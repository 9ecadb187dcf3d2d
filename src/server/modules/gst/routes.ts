/**
 * GST routes (docs/gst.md): `POST /gst/quote`, the GST inside the checkout's prices before the order is placed,
 * and `GET /orders/{orderId}/invoice` and `…/credit-note`, the PDFs of an order's tax documents for whoever may
 * track the order. Thin handlers: the shared schemas validate every request and serialise every answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  pdfFileSchema,
  taxDocumentParamsSchema,
  taxQuoteBodySchema,
  taxQuoteSchema,
} from '@shared/gst/gst-schemas';
import { trackOrderQuerySchema } from '@shared/orders/order-schemas';
import { optionalAccount } from '../auth/optional-account';
import { MemoryTrackingRateLimiter, type TrackingRateLimiter } from '../orders/tracking-rate-limit';
import { taxDocumentFile } from './document-download';
import { quoteTax } from './tax-quote';

export type GstRoutesOptions = {
  /** Counts failed document look-ups; defaults to a fresh in-memory limiter per app. */
  trackingRateLimiter?: TrackingRateLimiter;
};

export const gstRoutes: FastifyPluginAsyncZod<GstRoutesOptions> = async (app, options) => {
  const limiter = options.trackingRateLimiter ?? new MemoryTrackingRateLimiter();

  /**
   * 200 the PDF (`application/pdf`, downloaded as `Tax-Invoice-RS-25-26-000123.pdf`) for the order's signed-in
   * owner, or for anyone giving its e-mail or phone as `contactInfo`; 404 for an unknown order, a wrong contact
   * or a document not issued yet; 429 past the failed look-ups allowed (as track order).
   */
  app.get(
    '/orders/:orderId/:document',
    {
      schema: {
        params: taxDocumentParamsSchema,
        querystring: trackOrderQuerySchema,
        response: { 200: pdfFileSchema, '4xx': errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await taxDocumentFile(app.db, {
        storeId: request.storeId,
        orderId: request.params.orderId,
        document: request.params.document,
        contactInfo: request.query.contactInfo,
        viewer: () => optionalAccount(request),
        clientAddress: request.ip,
        limiter,
      });
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.pdf);
    },
  );

  /** 200 the quote (amounts in rupees); 400 for a malformed body. Reads the catalogue only. */
  app.post(
    '/gst/quote',
    {
      schema: {
        body: taxQuoteBodySchema,
        response: { 200: taxQuoteSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await quoteTax(app.db, request.storeId, request.body));
    },
  );
};
