/**
 * Health routes (src/shared/health/health-schemas.ts): `GET /health/live` (the process serves), `GET
 * /health/ready` (the store can take orders; 503 naming the failed checks) and `GET /health` (the database
 * alone, as before). Never cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  databaseHealthSchema,
  livenessSchema,
  notReadySchema,
  readySchema,
} from '@shared/health/health-schemas';
import { sendCachedJson } from '../catalog/send-cached-json';
import { checkReadiness } from './readiness';

export type HealthRoutesOptions = {
  /** The folder order e-mails are written to; null when they go out through SMTP (or a test's transport). */
  outboxDir: string | null;
};

/**
 * The answer of `GET /health/live`, `{ status: 'ok' }` (livenessSchema) as ready JSON bytes: the same for every
 * call, so it is not validated and serialised again each time a load balancer asks.
 */
const LIVE_ANSWER = Buffer.from(JSON.stringify({ status: 'ok' } satisfies z.infer<typeof livenessSchema>));

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get('/health/live', { schema: { response: { 200: livenessSchema } } }, async (_request, reply) =>
    sendCachedJson(reply.header('cache-control', 'no-store'), LIVE_ANSWER),
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
