/**
 * GST routes (docs/gst.md): `POST /gst/quote`, the GST inside the checkout's prices before the order is placed.
 * An order's tax documents are downloaded through ../orders/document-routes.ts. Thin handler: the shared schemas
 * validate every request and serialise every answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { taxQuoteBodySchema, taxQuoteSchema } from '@shared/gst/gst-schemas';
import { quoteTax } from './tax-quote';

export const gstRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return reply.send(await quoteTax(app.db, request.storeId, request.body, app.clock()));
    },
  );
};
