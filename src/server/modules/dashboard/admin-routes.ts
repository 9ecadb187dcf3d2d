/** `GET /api/v1/admin/dashboard` (owner and staff), behind the admin role hook. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@shared/admin/dashboard-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { loadDashboard } from './dashboard';

export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the dashboard's figures (paise; days in India time) and the last backup in BACKUP_DIR. */
  app.get(
    '/dashboard',
    { schema: { response: { 200: dashboardSchema, '4xx': errorBodySchema } } },
    async (request, reply) =>
      reply.send(await loadDashboard(app.db, request.storeId, new Date(), app.config.BACKUP_DIR)),
  );
};
