/**
 * The admin API's one role hook, on the real route table: every `/api/v1/admin` route but sign-in and set-up
 * answers 401 without a token, 401 for a member of another store (sessions are per store), 403 for a
 * customer's token; owner-only routes answer 403 to staff; and staff reach every other route.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop } from '../../test/order-fixture';
import { encodeText } from '../../test/request-inputs';
import { apiRoutes, buildWithRouteTable, routeName, type ApiRoute } from '../../test/route-table';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { NOT_A_MEMBER_MESSAGE, OWNER_ONLY_MESSAGE } from '../auth/role-hook';

const OPEN_ROUTES = ['POST /api/v1/admin/sign-in', 'POST /api/v1/admin/set-up'];
const OWNER_ONLY = [
  'GET /api/v1/admin/members',
  'POST /api/v1/admin/members',
  'POST /api/v1/admin/members/:memberId/revoke',
  'POST /api/v1/admin/orders/:orderId/refunds',
  'POST /api/v1/admin/orders/:orderId/refunds/:refundId/retry',
  'POST /api/v1/admin/settings/logo',
  'GET /api/v1/admin/gst/gstr1/:month/:sheet',
  'GET /api/v1/admin/settings',
  'PUT /api/v1/admin/settings/store-info',
  'PUT /api/v1/admin/settings/categories',
  'PUT /api/v1/admin/settings/gst',
  'PUT /api/v1/admin/settings/synonyms',
  'PUT /api/v1/admin/settings/size-chart',
  'PUT /api/v1/admin/settings/category-size-charts',
  'PUT /api/v1/admin/settings/returns',
  'PUT /api/v1/admin/settings/policies/:slug',
  'GET /api/v1/admin/catalog/export',
  'GET /api/v1/admin/catalog/export.csv',
  'GET /api/v1/admin/newsletter/export.csv',
  'GET /api/v1/admin/webhooks',
  'POST /api/v1/admin/webhooks',
  'PATCH /api/v1/admin/webhooks/:endpointId',
  'DELETE /api/v1/admin/webhooks/:endpointId',
  'POST /api/v1/admin/webhooks/:endpointId/ping',
  'GET /api/v1/admin/webhooks/:endpointId/deliveries',
  'POST /api/v1/admin/catalog/preview',
  'POST /api/v1/admin/catalog/import',
  'GET /api/v1/admin/settings/delivery',
  'PUT /api/v1/admin/settings/delivery',
  'GET /api/v1/admin/settings/shiprocket',
  'PUT /api/v1/admin/settings/shiprocket',
  'GET /api/v1/admin/settings/cart-reminder',
  'PUT /api/v1/admin/settings/cart-reminder',
  'PUT /api/v1/admin/reviews/settings',
  'GET /api/v1/admin/settings/order-messages',
  'PUT /api/v1/admin/settings/order-messages',
];

/** The route's URL with its parameters filled in. */
const urlOf = (route: ApiRoute) =>
  route.url
    .replace(':orderId', 'RS-7KQ29XD3')
    .replace(':memberId', '1')
    .replace(':customerId', '1')
    .replace(':productId', '00000000-0000-4000-8000-000000000000')
    .replace(':imageId', '1')
    .replace(':document', 'invoice')
    .replace(':month', '2026-11')
    .replace(':sheet', 'b2b')
    .replace(':slug', 'terms')
    .replace(':refundId', '00000000-0000-4000-8000-000000000000')
    .replace(':number', 'CN-26-27-000001');

describe.each(testDatabaseKinds)('admin role hook on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let guarded: ApiRoute[];
  let customer: SessionCustomer;
  let staff: SessionMember;
  let otherOwner: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const shop = await insertTestShop(database.db, { host: 'silk.test' });
    const other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    [customer] = (await insertSignedInCustomers(database.db, 1, shop.storeId)) as [SessionCustomer];
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    otherOwner = await insertSignedInMember(database.db, other.storeId, 'owner');
    const built = await buildWithRouteTable(() => buildTestApp(database));
    app = built.app;
    guarded = apiRoutes(built.routes).filter(
      (route) => route.url.startsWith('/api/v1/admin') && !OPEN_ROUTES.includes(routeName(route)),
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (route: ApiRoute, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method as 'GET',
      url: urlOf(route),
      headers: { 'x-store-host': 'silk.test', ...headers },
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });

  it('guards every admin route (and finds them all)', () => {
    expect(guarded.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/me',
        'GET /api/v1/admin/orders',
        'GET /api/v1/admin/orders.csv',
        'GET /api/v1/admin/orders/:orderId',
        'POST /api/v1/admin/orders/:orderId/ship',
        'GET /api/v1/admin/dashboard',
        'GET /api/v1/admin/customers',
        ...OWNER_ONLY,
      ]),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(14);
  });

  it('answers 401 without a token and for a member of another store', async () => {
    for (const route of guarded) {
      const none = await call(route);
      expect([routeName(route), none.statusCode, none.json()]).toEqual([
        routeName(route),
        401,
        { error: 'Authentication required' },
      ]);
      const foreign = await call(route, otherOwner.headers);
      expect([routeName(route), foreign.statusCode, foreign.json()]).toEqual([
        routeName(route),
        401,
        { error: 'Invalid or expired session' },
      ]);
    }
  });

  it("answers 403 to a customer's token", async () => {
    for (const route of guarded) {
      const response = await call(route, customer.headers);
      expect([routeName(route), response.statusCode, response.json()]).toEqual([
        routeName(route),
        403,
        { error: NOT_A_MEMBER_MESSAGE },
      ]);
    }
  });

  it('answers an owner below 500 with the one error body whatever text the inputs hold', async () => {
    const owner = await insertSignedInMember(database.db, 1, 'owner');
    const hostile = [
      '\u0000',
      '\uD800',
      'x\uDC00y',
      '\u202Eabc',
      'x'.repeat(10_000),
      "'; DROP TABLE orders; --",
    ];
    for (const route of guarded) {
      for (const text of hostile) {
        const url = route.url
          .replace(':orderId', encodeText(text))
          .replace(':memberId', encodeText(text))
          .replace(':customerId', encodeText(text))
          .replace(':productId', encodeText(text))
          .replace(':imageId', encodeText(text));
        const body = { utr: text, courier: text, trackingNumber: text, reason: text, email: text };
        const response = await app.inject({
          method: route.method as 'GET',
          url: `${url}?q=${encodeText(text)}&from=${encodeText(text)}`,
          headers: { 'x-store-host': 'silk.test', ...owner.headers },
          ...(route.method === 'POST' ? { payload: body } : {}),
        });
        expect([routeName(route), response.statusCode < 500]).toEqual([routeName(route), true]);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('error');
      }
    }
  });

  it('answers 403 to staff on owner-only routes and lets staff through elsewhere', async () => {
    for (const route of guarded) {
      const response = await call(route, staff.headers);
      if (OWNER_ONLY.includes(routeName(route))) {
        expect([routeName(route), response.statusCode, response.json()]).toEqual([
          routeName(route),
          403,
          { error: OWNER_ONLY_MESSAGE },
        ]);
      } else {
        expect([routeName(route), response.statusCode]).not.toEqual([routeName(route), 401]);
        expect([routeName(route), response.statusCode]).not.toEqual([routeName(route), 403]);
        expect(response.statusCode, routeName(route)).toBeLessThan(500);
      }
    }
  });
});
