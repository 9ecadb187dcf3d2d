/**
 * Health routes (src/shared/health/health-schemas.ts): `GET /health/live` (the process serves), `GET
 * /health/ready` (the store can take orders; 503 naming the failed checks) and `GET /health` (the database
 * alone, as before). Never cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  databaseHealthSchema,
  livenessSchema,
  notReadySchema,
  readySchema,
} from '@shared/health/health-schemas';
import { checkReadiness } from './readiness';

export type HealthRoutesOptions = {
  /** The folder order e-mails are written to; null when they go out through SMTP (or a test's transport). */
  outboxDir: string | null;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get('/health/live', { schema: { response: { 200: livenessSchema } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    { schema: { response: { 200: readySchema, 503: notReadySchema } } },
    async (_request, reply) => {
      const readiness = await checkReadiness({
        database: app.database,
        dataDir: app.database.dataDir ?? null,
        outboxDir: options.outboxDir,
      });
      return reply
        .code(readiness.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness);
    },
  );

  app.get(
    '/health',
    { schema: { response: { 200: databaseHealthSchema, 503: databaseHealthSchema } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply
        .code(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
};
