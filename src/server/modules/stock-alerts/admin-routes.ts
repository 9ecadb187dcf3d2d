/**
 * The owner's list of back-in-stock alerts (docs/messages.md "Back-in-stock alerts"), behind the admin role
 * hook: `GET /admin/stock-alerts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { adminStockAlertListSchema } from '@shared/stock-alerts/stock-alert-schemas';
import { listStockAlerts } from './stock-alert-list';

export const stockAlertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the newest 200 alerts, newest first, each waiting, sent or unsubscribed. */
  app.get(
    '/stock-alerts',
    { schema: { response: { 200: adminStockAlertListSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({ alerts: await listStockAlerts(app.db, request.storeId) });
    },
  );
};
