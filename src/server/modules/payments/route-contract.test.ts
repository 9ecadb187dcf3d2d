import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { htmlPageSchema } from '@shared/payments/gateway-schemas';
import { loadConfig } from '../../config';
import { sandboxPayuRoutes } from './providers/sandbox-payu';
import { paymentRoutes } from './routes';
import { paymentSettings } from './settings';

describe('the payments routes contract', () => {
  it('declares a zod response schema for every status: errorBodySchema for JSON errors', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void (route.method !== 'HEAD' && routes.push(route)));
    await app.register(paymentRoutes, { settings: paymentSettings(loadConfig({ LOG_LEVEL: 'silent' })) });
    await app.register(sandboxPayuRoutes);
    await app.ready();
    await app.close();

    expect(routes.map((route) => `${String(route.method)} ${route.url}`).sort()).toEqual([
      'GET /payments/auto-submit.js',
      'GET /payments/fields',
      'GET /sandbox/payu',
      'POST /payments',
      'POST /payments/payu/callback',
      'POST /payments/redirect',
      'POST /payments/webhook/upi',
      'POST /sandbox/payu',
    ]);
    for (const route of routes) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response);
      expect(
        statuses.some((status) => Number(status) < 400),
        route.url,
      ).toBe(true);
      for (const status of statuses) {
        const schema = response[status];
        expect(schema, `${route.url} ${status}`).toBeInstanceOf(z.ZodType);
        // Error answers are the one error body, except on the HTML pages a browser shows.
        if (Number(status) >= 400 && schema !== htmlPageSchema) {
          expect(schema, `${route.url} ${status}`).toBe(errorBodySchema);
        }
      }
    }
  });
});
