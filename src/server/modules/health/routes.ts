import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /health`: 200 `{ status: 'ok', database: 'up' }`, or 503 with `database: 'down'` when the DB does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', async (_request, reply) => {
    const up = await app.database.ping();
    return reply
      .code(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
  });
};
