/**
 * The app's route table as Fastify builds it, for tests that check every route at once. Routes are recorded
 * with an `onRoute` hook added through Fastify's `fastify.initialization` diagnostics channel, so the real
 * app from `buildApp` is inspected without a test-only option in the factory.
 */
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** One method of one route, with the schemas it declares (zod, as fastify-type-provider-zod takes them). */
export type ApiRoute = {
  method: string;
  url: string;
  schema: {
    querystring?: ZodType;
    params?: ZodType;
    body?: ZodType;
    response?: Record<string, ZodType>;
  };
  /** The handler's source text, to see which parts of the request it reads. */
  handlerSource: string;
};

/**
 * Runs `build` while recording every route the app it creates registers.
 * @returns the app and its routes (HEAD routes that Fastify adds for GET ones left out).
 */
export async function buildWithRouteTable(
  build: () => Promise<FastifyInstance>,
): Promise<{ app: FastifyInstance; routes: ApiRoute[] }> {
  const routes: ApiRoute[] = [];
  const initialization = channel('fastify.initialization');
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as FastifySchema as ApiRoute['schema'],
          handlerSource: String(route.handler),
        });
      }
    });
  };
  initialization.subscribe(onInitialization);
  try {
    return { app: await build(), routes };
  } finally {
    initialization.unsubscribe(onInitialization);
  }
}

/** The routes of the JSON API (`/api/v1/…`). */
export function apiRoutes(routes: ApiRoute[]): ApiRoute[] {
  return routes.filter((route) => route.url === '/api/v1' || route.url.startsWith('/api/v1/'));
}

/** The names of a route's path parameters (`/orders/:orderId` → `orderId`; a wildcard is `*`). */
export function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*');
}

/** `GET /api/v1/products` */
export function routeName(route: ApiRoute): string {
  return `${route.method} ${route.url}`;
}
