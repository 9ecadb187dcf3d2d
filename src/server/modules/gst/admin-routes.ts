/**
 * The admin's GST routes (docs/gst.md), behind the admin role hook: the month's GSTR-1 sheets as CSV for the
 * owner (what the accountant files), the same sheets as the `orders` CLI writes. An order's tax documents are
 * downloaded through ../orders/document-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { gstr1DownloadParamsSchema, gstr1SheetCsvSchema } from '@shared/gst/gst-schemas';
import { gstr1Export } from './gstr1-export';

export const gstAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
