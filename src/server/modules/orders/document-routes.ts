/**
 * An order's tax documents as PDFs (docs/gst.md): `GET /orders/{orderId}/invoice`, `…/credit-note` (its
 * first) and `…/credit-notes/{number}` (any of its credit notes, one per refund) for whoever may track the
 * order (its signed-in owner, or anyone giving its e-mail or phone), and the admin's
 * `GET /admin/orders/{orderId}/documents/{document}` and `…/credit-notes/{number}` for any member of the shop
 * (behind the admin role hook). The documents are issued by the order's ship and cancel moves (../gst/tax-documents.ts). Thin
 * handlers: the shared schemas validate every request and serialise every answer.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminTaxDocumentParamsSchema,
  CREDIT_NOTE_NOT_FOUND,
  creditNoteParamsSchema,
  NO_TAX_DOCUMENT,
  pdfFileSchema,
  taxDocumentParamsSchema,
} from '@shared/gst/gst-schemas';
import { trackOrderQuerySchema } from '@shared/orders/order-tracking-schemas';
import { NotFoundError } from '../../errors';
import { optionalAccount } from '../auth/optional-account';
import { creditNoteFile, orderDocumentFile, type DocumentFile } from '../gst/document-download';
import { normalizeOrderNumber } from './order-number';
import { trackedCreditNote, trackedOrderDocument } from './order-tracking';
import { MemoryTrackingRateLimiter, type TrackingRateLimiter } from './tracking-rate-limit';

/** Sends `file` as a PDF download, never cached. */
function sendPdf(reply: FastifyReply, file: DocumentFile) {
  reply.header('cache-control', 'no-store');
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  return reply.send(file.pdf);
}

export type OrderDocumentRoutesOptions = {
  /** Counts failed document look-ups; defaults to a fresh in-memory limiter per app. */
  trackingRateLimiter?: TrackingRateLimiter;
};

/** The shopper's downloads, under `/api/v1`. */
export const orderDocumentRoutes: FastifyPluginAsyncZod<OrderDocumentRoutesOptions> = async (
  app,
  options,
) => {
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
      const file = await trackedOrderDocument(app.db, {
        storeId: request.storeId,
        orderId: request.params.orderId,
        document: request.params.document,
        contactInfo: request.query.contactInfo,
        viewer: () => optionalAccount(request),
        clientAddress: request.ip,
        limiter,
      });
      return sendPdf(reply, file);
    },
  );

  /**
   * 200 credit note `number` of the order as a PDF (`Credit-Note-CN-26-27-000004.pdf`; the number URL-encoded,
   * `CN%2F26-27%2F000004`, or dashed, `CN-26-27-000004`), for whoever may download its invoice; 404 as the
   * invoice, or `This order has no credit note with that number`; 429 as track order.
   */
  app.get(
    '/orders/:orderId/credit-notes/:number',
    {
      schema: {
        params: creditNoteParamsSchema,
        querystring: trackOrderQuerySchema,
        response: { 200: pdfFileSchema, '4xx': errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await trackedCreditNote(app.db, {
          storeId: request.storeId,
          orderId: request.params.orderId,
          number: request.params.number,
          contactInfo: request.query.contactInfo,
          viewer: () => optionalAccount(request),
          clientAddress: request.ip,
          limiter,
        }),
      ),
  );
};

/** The admin's download, mounted under `/api/v1/admin` behind the role hook (owner and staff). */
export const orderDocumentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the PDF as an attachment; 404 for another store's order or a document not issued yet. */
  app.get(
    '/orders/:orderId/documents/:document',
    {
      schema: {
        params: adminTaxDocumentParamsSchema,
        response: { 200: pdfFileSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { document } = request.params;
      const orderNumber = normalizeOrderNumber(request.params.orderId);
      if (!orderNumber) throw new NotFoundError(NO_TAX_DOCUMENT[document]);
      const file = await orderDocumentFile(app.db, request.storeId, orderNumber, document);
      return sendPdf(reply, file);
    },
  );

  /** 200 credit note `number` of the order as a PDF; 404 for another store's order or another number. */
  app.get(
    '/orders/:orderId/credit-notes/:number',
    {
      schema: {
        params: creditNoteParamsSchema,
        response: { 200: pdfFileSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const orderNumber = normalizeOrderNumber(request.params.orderId);
      if (!orderNumber) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
      return sendPdf(
        reply,
        await creditNoteFile(app.db, request.storeId, orderNumber, request.params.number),
      );
    },
  );
};
