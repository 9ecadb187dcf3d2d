/**
 * The catalogue file in the admin (owner only, behind the admin role hook; docs/admin.md "Catalogue file"):
 * `GET /catalog/export` downloads the store's file, `GET /catalog/export.csv` the catalogue as a spreadsheet
 * with live stock, `POST /catalog/preview` tells what importing a file would
 * change, `POST /catalog/import` imports it. The body of both posts is the file itself, up to
 * {@link CATALOG_FILE_MAX_BYTES}: a larger one is a 413 with a message naming the CLI.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOG_FILE_MAX_BYTES,
  CATALOG_FILE_TOO_LARGE_MESSAGE,
  catalogCsvExportSchema,
  catalogExportSchema,
  catalogFileBodySchema,
  catalogImportSummarySchema,
  catalogPreviewSchema,
} from '@shared/admin/catalog-file-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { AppError } from '../../errors';
import { actorOf, requireMember } from '../auth/role-hook';
import { exportCatalogCsv } from './catalog-csv';
import { exportCatalog } from './catalog-export';
import { applyCatalogImport, previewCatalogImport, validateCatalogUpload } from './catalog-transfer';

/** The date of `now` in India (YYYY-MM-DD), for the export's file name. */
function indianDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

export const catalogFileAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const upload = {
    config: { ownerOnly: true },
    bodyLimit: CATALOG_FILE_MAX_BYTES,
    /** A body over the limit is a 413 naming the CLI; everything else goes to the app's one error handler. */
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return app.errorHandler(
          new AppError('payload_too_large', CATALOG_FILE_TOO_LARGE_MESSAGE),
          request,
          reply,
        );
      }
      return app.errorHandler(error, request, reply);
    },
  };

  /** 200 the store's catalogue file as a download (`catalog-YYYY-MM-DD.json`). */
  app.get(
    '/catalog/export',
    {
      config: { ownerOnly: true },
      schema: { response: { 200: catalogExportSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const file = await exportCatalog(app.db, request.storeId);
      return reply
        .header('content-disposition', `attachment; filename="catalog-${indianDate(new Date())}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(`${JSON.stringify(file, null, 2)}\n`);
    },
  );

  /** 200 the catalogue as a CSV with live stock per variant (`catalog-YYYY-MM-DD.csv`, ./catalog-csv.ts). */
  app.get(
    '/catalog/export.csv',
    {
      config: { ownerOnly: true },
      schema: { response: { 200: catalogCsvExportSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const csv = await exportCatalogCsv(app.db, request.storeId);
      return reply
        .header('content-disposition', `attachment; filename="catalog-${indianDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  /** 200 what importing the body would change, nothing written; 400 `{ error, fields }` for a bad file. */
  app.post(
    '/catalog/preview',
    {
      ...upload,
      schema: {
        body: catalogFileBodySchema,
        response: { 200: catalogPreviewSchema, '4xx': errorBodySchema },
      },
    },
    async (request) => previewCatalogImport(app.db, request.storeId, validateCatalogUpload(request.body)),
  );

  /** 200 the import's counts; 400 `{ error, fields }` for a bad file (nothing imported). Audited. */
  app.post(
    '/catalog/import',
    {
      ...upload,
      schema: {
        body: catalogFileBodySchema,
        response: { 200: catalogImportSummarySchema, '4xx': errorBodySchema },
      },
    },
    async (request) => {
      const file = validateCatalogUpload(request.body);
      const admin = await requireMember(request);
      const summary = await applyCatalogImport(app.db, request.storeId, file, actorOf(admin));
      await app.catalogChanged();
      return summary;
    },
  );
};
