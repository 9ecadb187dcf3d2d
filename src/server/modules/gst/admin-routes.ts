/**
 * The admin's GST routes (docs/gst.md), behind the admin role hook: an order's tax invoice or credit note as a
 * PDF for any member of the shop, and the month's GSTR-1 sheets as CSV for the owner (what the accountant
 * files). The same documents and sheets as the shopper's downloads and the `orders` CLI.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminTaxDocumentParamsSchema,
  gstr1DownloadParamsSchema,
  gstr1SheetCsvSchema,
  NO_TAX_DOCUMENT,
  pdfFileSchema,
} from '@shared/gst/gst-schemas';
import { NotFoundError } from '../../errors';
import { normalizeOrderNumber } from '../orders/order-number';
import { orderDocumentFile } from './document-download';
import { gstr1Export } from './gstr1-export';

export const gstAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the PDF as an attachment; 404 for another store's order or a document not issued yet. */
  app.get(
    '/orders/:orderNumber/documents/:document',
    {
      schema: {
        params: adminTaxDocumentParamsSchema,
        response: { 200: pdfFileSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { document } = request.params;
      const orderNumber = normalizeOrderNumber(request.params.orderNumber);
      if (!orderNumber) throw new NotFoundError(NO_TAX_DOCUMENT[document]);
      const file = await orderDocumentFile(app.db, request.storeId, orderNumber, document);
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.pdf);
    },
  );

  /** 200 `text/csv` of one GSTR-1 sheet of the month (header row only when nothing was issued); owner only. */
  app.get(
    '/gst/gstr1/:month/:sheet',
    {
      config: { ownerOnly: true },
      schema: {
        params: gstr1DownloadParamsSchema,
        response: { 200: gstr1SheetCsvSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { month, sheet } = request.params;
      const sheets = await gstr1Export(app.db, request.storeId, month);
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="gstr1-${month}-${sheet}.csv"`);
      return reply.send(sheets[sheet]);
    },
  );
};
