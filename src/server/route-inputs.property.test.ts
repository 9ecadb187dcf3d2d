/**
 * Property: no string a client can send makes any `/api/v1` route answer 5xx. For every route of the real
 * route table, every string input of its request schemas (query and path parameters, body strings and record
 * names) gets NUL, lone surrogates, right-to-left marks and 10,000-character strings inside an otherwise
 * well-formed, signed-in request; the answer is below 500, and an error answer is the one `{ error, fields? }`
 * body. Each route gets every input × every hostile kind once, plus a few random combinations.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProductListResponse } from '@shared/catalog/product-schema';
import { errorBodySchema } from '@shared/errors/error-body';
import { buildApp } from './app';
import { catalogImportFileSchema } from './modules/catalog-file/import-schema';
import { importCatalog } from './modules/catalog-file/import-service';
import { fixtureCatalog } from './test/catalog-fixture';
import { encodeText, place, routeInputs, type RouteInputs, type StringInput } from './test/request-inputs';
import { apiRoutes, buildWithRouteTable, routeName, type ApiRoute } from './test/route-table';
import { testConfig } from './test/test-app';
import { signUpCustomer } from './test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './test/test-database';

/** Random combinations tried per route beyond the examples. */
const RANDOM_RUNS_PER_ROUTE = 4;

/** The one error body, with nothing else in it. */
const strictErrorBody = z.strictObject(errorBodySchema.shape);

/** One of each hostile kind, sent to every input. */
const EXAMPLES = ['\u0000', 'ab\u0000cd', '\uD800', 'x\uDC00y', '\u202Eabc', 'x'.repeat(10_000)];

/** Random hostile text: a NUL, a lone surrogate or a bidirectional mark inside random text, or 10,000 characters. */
const hostileText = fc.oneof(
  fc
    .tuple(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u202E', '\u202B', '\u200F'),
      fc.string({ maxLength: 12 }),
    )
    .map(([before, mark, after]) => `${before}${mark}${after}`),
  fc.constantFrom('x', 'é', '\u202E', '\u0000', '\uD800').map((unit) => unit.repeat(10_000)),
);

describe.each(testDatabaseKinds)('every /api/v1 string input on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let routes: ApiRoute[];
  let authorization: string;
  let productIds: string[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    // Order e-mails are rendered in memory: nothing is written or sent.
    const mailer = nodemailer.createTransport({ jsonTransport: true });
    ({ app, routes } = await buildWithRouteTable(() =>
      buildApp({ ...testConfig }, { database, logger: false, mailer }),
    ));
    routes = apiRoutes(routes);
    ({
      headers: { authorization },
    } = await signUpCustomer(app, { remoteAddress: '203.0.113.200' }));
    const list = await app.inject({ method: 'GET', url: '/api/v1/products?limit=3' });
    productIds = list.json<ProductListResponse>().data.map((product) => product.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Sends the route's base request with `text` at `input`. */
  const send = (route: ApiRoute, { base }: RouteInputs, input: StringInput, text: string) => {
    const query = { ...base.querystring };
    const params = { ...base.params };
    const body = structuredClone(base.body);
    if (input.part === 'querystring') query[input.path[0] as string] = text;
    else if (input.part === 'params') params[input.path[0] as string] = text;
    else place(body, input, text);
    const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_match, name: string | undefined) =>
      encodeText(String(params[name ?? '*'])),
    );
    const search = Object.entries(query)
      .map(([name, value]) => `${encodeText(name)}=${encodeText(String(value))}`)
      .join('&');
    return app.inject({
      method: route.method as 'GET',
      url: search ? `${path}?${search}` : path,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  };

  it('answers below 500, with the one error body, whatever text a string input holds', async () => {
    const covered: string[] = [];
    for (const route of routes) {
      const inputs = routeInputs(route, productIds);
      if (inputs.inputs.length === 0) continue;
      covered.push(routeName(route));
      const examples = inputs.inputs.flatMap((input) =>
        EXAMPLES.map((text): [StringInput, string] => [input, text]),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...inputs.inputs), hostileText, async (input, text) => {
          const response = await send(route, inputs, input, text);
          const where = `${routeName(route)} ${input.part} ${input.path.join('.')}${input.key ? ' (name)' : ''}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(strictErrorBody.safeParse(response.json()).success, `${where}: ${response.body}`).toBe(
              true,
            );
          }
        }),
        // The examples count towards numRuns: all of them, then a few random ones.
        { numRuns: examples.length + RANDOM_RUNS_PER_ROUTE, examples },
      );
    }
    expect(covered).toEqual(
      expect.arrayContaining([
        'GET /api/v1/products',
        'GET /api/v1/products/:id',
        'POST /api/v1/users/register',
        'POST /api/v1/users/authorize',
      ]),
    );
  }, 60_000);
});
