import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { orderRoutes } from './routes';

/** Every route of the plugin, as registered, HEAD routes Fastify adds for GET left out. */
async function routesOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void (route.method !== 'HEAD' && routes.push(route)));
  await register(app);
  await app.ready();
  await app.close();
  return routes;
}

describe('the orders routes contract', () => {
  it('declares a zod response schema for every status, errorBodySchema for every error', async () => {
    const routes = await routesOf(async (app) => void (await app.register(orderRoutes)));
    expect(routes.map((route) => `${String(route.method)} ${route.url}`).sort()).toEqual([
      'GET /orders',
      'GET /orders/:orderId',
      'POST /orders',
    ]);
    for (const route of routes) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response);
      expect(
        statuses.some((status) => Number(status) < 300),
        route.url,
      ).toBe(true);
      for (const status of statuses) {
        expect(response[status], `${route.url} ${status}`).toBeInstanceOf(z.ZodType);
        if (Number(status) >= 400) expect(response[status], `${route.url} ${status}`).toBe(errorBodySchema);
      }
    }
  });
});
