/**
 * The API contract, checked on the real route table: every `/api/v1` route declares, from `src/shared`, a
 * response schema for its success (2xx) or redirect (3xx) status, a schema for each part of the request it reads, and the one error
 * body for any error status it declares. A failure lists the routes that break the rule.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  apiRoutes,
  buildWithRouteTable,
  pathParameterNames,
  routeName,
  type ApiRoute,
} from './test/route-table';
import { buildTestApp } from './test/test-app';
import { openTestDatabase, type TestDatabase } from './test/test-database';

/** `src/shared`, beside this file's `src/server`. */
const sharedDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared');

/** Every zod schema exported by a module of `src/shared`, by identity. */
async function sharedSchemas(): Promise<Set<unknown>> {
  const files = readdirSync(sharedDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const schemas = new Set<unknown>();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(sharedDir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (value instanceof z.ZodType) schemas.add(value);
  }
  return schemas;
}

/**
 * Bodies read raw by design, so the route cannot declare a schema for them, with the reason. Each is checked
 * in its handler (docs/payments.md).
 */
const RAW_BODIES: Record<string, string> = {
  'POST /api/v1/payments/redirect': "the Payment page's form post, read with URLSearchParams",
  'POST /api/v1/payments/payu/callback': "the gateway's form post, trusted only after its reverse hash",
  'POST /api/v1/payments/webhook/upi':
    'raw bytes under an HMAC; parsed with upiWebhookBodySchema after the signature',
  'POST /api/v1/payments/razorpay/checkout': "the Payment page's form post; only data[order_id] is read",
  'POST /api/v1/payments/razorpay/callback': "Checkout's form post, trusted only after razorpay_signature",
  'POST /api/v1/payments/razorpay/webhook':
    'raw bytes under an HMAC; parsed with razorpayWebhookEventSchema after the signature',
  'POST /api/v1/messages/whatsapp/webhook':
    'raw bytes under an HMAC; parsed with whatsappEventSchema after the signature (docs/messages.md)',
};

/** Error answers that are not the JSON error body by design, with the reason. */
const OWN_ERROR_BODIES: Record<string, string> = {
  'GET /api/v1/health 503': 'the health report a load balancer reads, failing or not',
  'GET /api/v1/health/ready 503': 'the readiness report naming the failed checks',
  'POST /api/v1/payments/redirect 400': "a page for the shopper's browser, which posted a form",
  'POST /api/v1/payments/razorpay/checkout 400': "a page for the shopper's browser, which posted a form",
};

/** The parts of the request a handler reads, from its source text. */
function partsRead(route: ApiRoute): ('querystring' | 'params' | 'body')[] {
  const parts: ('querystring' | 'params' | 'body')[] = [];
  if (/\.query\b/.test(route.handlerSource)) parts.push('querystring');
  if (pathParameterNames(route.url).length > 0 || /\.params\b/.test(route.handlerSource))
    parts.push('params');
  if (/\.body\b/.test(route.handlerSource)) parts.push('body');
  return parts;
}

describe('the /api/v1 route table', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let routes: ApiRoute[];
  let shared: Set<unknown>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ app, routes } = await buildWithRouteTable(() => buildTestApp(database)));
    routes = apiRoutes(routes);
    shared = await sharedSchemas();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds the catalogue, store info and account routes', () => {
    expect(routes.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/products',
        'GET /api/v1/products/:id',
        'GET /api/v1/storeInfo',
        'POST /api/v1/users/register',
        'POST /api/v1/users/authorize',
        'POST /api/v1/users/logout',
        'GET /api/v1/accountInfo',
      ]),
    );
  });

  it('names the parameter after each collection one way within the storefront and within the admin', () => {
    // `/orders/:orderId/cancel` names the parameter after `orders` `orderId`; a parameter after another
    // parameter (`:document` in `/orders/:orderId/:document`) belongs to no collection.
    const namesByCollection = new Map<string, Set<string>>();
    for (const route of routes) {
      const family = route.url.startsWith('/api/v1/admin/') ? 'admin' : 'storefront';
      const segments = route.url.split('/');
      segments.forEach((segment, index) => {
        const collection = segments[index - 1] ?? '';
        if (!segment.startsWith(':') || collection === '' || collection.startsWith(':')) return;
        const key = `${family} /${collection}`;
        namesByCollection.set(key, (namesByCollection.get(key) ?? new Set()).add(segment));
      });
    }
    const named = [...namesByCollection].map(
      ([collection, names]) => `${collection}: ${[...names].join(' ')}`,
    );
    expect(named.filter((entry) => entry.split(' ').length > 3)).toEqual([]);
    // The order number is `:orderId` in every route (docs/glossary.md).
    expect(named.filter((entry) => entry.includes(' /orders:'))).toEqual([
      'storefront /orders: :orderId',
      'admin /orders: :orderId',
    ]);
  });

  it('declares a response schema from src/shared for the success status of every route', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const success = Object.entries(route.schema.response ?? {}).filter(([status]) =>
        /^[23](\d\d|xx)$/.test(status),
      );
      if (success.length === 0)
        problems.push(`${routeName(route)}: no response schema for its success status`);
      for (const [status, schema] of success) {
        if (!shared.has(schema))
          problems.push(`${routeName(route)}: the ${status} schema is not one of src/shared`);
      }
    }
    expect(problems, 'routes without a shared success response schema').toEqual([]);
  });

  it('declares a request schema from src/shared for every part of the request a route reads', () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const part of partsRead(route)) {
        const schema = route.schema[part];
        if (!schema) {
          if (part !== 'body' || !RAW_BODIES[routeName(route)])
            problems.push(`${routeName(route)}: reads ${part} without a schema`);
        } else if (!shared.has(schema))
          problems.push(`${routeName(route)}: the ${part} schema is not one of src/shared`);
      }
    }
    expect(problems, 'routes reading request parts without a shared schema').toEqual([]);
  });

  it('declares only the one error body for error statuses', () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const [status, schema] of Object.entries(route.schema.response ?? {})) {
        if (
          /^[45]/.test(status) &&
          schema !== errorBodySchema &&
          !OWN_ERROR_BODIES[`${routeName(route)} ${status}`]
        ) {
          problems.push(`${routeName(route)}: ${status} is not errorBodySchema`);
        }
      }
    }
    expect(problems, 'routes with their own error body').toEqual([]);
  });
});
