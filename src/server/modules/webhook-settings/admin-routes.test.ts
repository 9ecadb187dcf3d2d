/**
 * The admin's webhooks API through `app.inject()` on a real database (docs/webhooks.md): owner only, the
 * secret answered once and never listed, bad input refused with its fields, the address rule (http(s) only;
 * in production public addresses only), pausing, deleting, a test ping and its deliveries with each answer,
 * and every change in the audit log without the secret.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  WebhookDeliveryList,
  WebhookEndpointCreated,
  WebhookEndpointList,
} from '@shared/webhooks/webhook-schemas';
import { auditLog } from '../../db/schema/admin-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { webhookSignature } from '../webhooks/webhook-signature';

const NOT_PUBLIC = 'must be a public internet address (not loopback, private or link-local)';
const NOT_HTTP = 'must be an http:// or https:// URL';

describe.each(testDatabaseKinds)('the admin webhooks API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let production: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
  let receiver: WebhookReceiver;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    member: SessionMember = owner,
    target: FastifyInstance = app,
  ) =>
    target.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: member.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
    app = await buildTestApp(database, {}, { webhooks: { autoStart: false } });
    production = await buildTestApp(
      database,
      { NODE_ENV: 'production' },
      {
        webhooks: {
          autoStart: false,
          resolveAll: async (host) =>
            host === 'hooks.erp.example'
              ? [{ address: '203.0.114.10', family: 4 }]
              : [{ address: '10.20.0.5', family: 4 }],
        },
      },
    );
  });
  beforeEach(async () => {
    await database.reset();
    await database.db.insert(stores).values({ isDefault: true, storeName: 'Silk House' });
    owner = await insertSignedInMember(database.db, 1, 'owner');
    staff = await insertSignedInMember(database.db, 1, 'staff');
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await production?.close();
    await receiver?.close();
    await database?.close();
  });

  it('creates an endpoint: 201 with the secret this once; lists never carry it', async () => {
    const created = await call('POST', '/webhooks', {
      url: `  ${receiver.url}  `,
      events: ['order.paid', 'order.created', 'order.paid'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json<WebhookEndpointCreated>();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(body.endpoint).toEqual({
      id: expect.any(Number),
      url: receiver.url,
      events: ['order.created', 'order.paid'],
      active: true,
      createdAt: expect.any(String),
      retrying: 0,
      failed: 0,
    });
    const list = await call('GET', '/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json<WebhookEndpointList>()).toEqual({ endpoints: [body.endpoint] });
    expect(list.body).not.toContain(body.secret);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'webhook'));
    expect(audit).toMatchObject([
      {
        action: 'create',
        actor: owner.email,
        entityId: String(body.endpoint.id),
        after: { url: receiver.url, events: ['order.created', 'order.paid'], active: true },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(body.secret);
  });

  it('is for the owner only: 403 for staff on every route', async () => {
    const created = (
      await call('POST', '/webhooks', { url: receiver.url, events: ['stock.low'] })
    ).json<WebhookEndpointCreated>();
    const id = created.endpoint.id;
    for (const [method, url, payload] of [
      ['GET', '/webhooks', undefined],
      ['POST', '/webhooks', { url: receiver.url, events: ['stock.low'] }],
      ['PATCH', `/webhooks/${id}`, { active: false }],
      ['DELETE', `/webhooks/${id}`, undefined],
      ['POST', `/webhooks/${id}/ping`, undefined],
      ['GET', `/webhooks/${id}/deliveries`, undefined],
    ] as const) {
      const response = await call(method, url, payload, staff);
      expect([method, url, response.statusCode, response.json()]).toEqual([
        method,
        url,
        403,
        { error: 'Only the shop owner can do this' },
      ]);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/admin/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and the fields', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { url: 'Please enter the URL', events: 'Please choose at least one event' }],
      [{ url: 'ftp://files.example/hook', events: ['order.paid'] }, { url: NOT_HTTP }],
      [{ url: 'file:///etc/passwd', events: ['order.paid'] }, { url: NOT_HTTP }],
      [{ url: 'not a url', events: ['order.paid'] }, { url: NOT_HTTP }],
      [
        { url: 'https://user:pw@hooks.example/', events: ['order.paid'] },
        { url: 'must not contain a user name or password' },
      ],
      [{ url: receiver.url, events: [] }, { events: 'Please choose at least one event' }],
      [{ url: receiver.url, events: ['order.refunded'] }, { 'events.0': 'is not a known event' }],
    ];
    for (const [payload, fields] of cases) {
      const response = await call('POST', '/webhooks', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toEqual(fields);
    }
    const badId = await call('PATCH', '/webhooks/abc', { active: false });
    expect(badId.json()).toEqual({
      error: 'Invalid path parameter: endpointId',
      fields: { endpointId: 'must be a whole number' },
    });
    const huge = await call('GET', '/webhooks/99999999999/deliveries');
    expect([huge.statusCode, huge.json()]).toEqual([
      400,
      { error: 'Invalid path parameter: endpointId', fields: { endpointId: 'must be a whole number' } },
    ]);
    const nothing = await call('PATCH', '/webhooks/1', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      error: 'Invalid field: events',
      fields: { events: 'Please give events or active' },
    });
    expect((await call('PATCH', '/webhooks/999', { active: false })).json()).toEqual({
      error: 'Webhook endpoint not found',
    });
    expect((await call('GET', '/webhooks')).json()).toEqual({ endpoints: [] });
  });

  it('in production refuses loopback, private, link-local and names resolving to them', async () => {
    const refused = [
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.8/hook',
      'http://192.168.1.20/hook',
      'http://172.16.4.4/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'https://erp.internal.example/hook',
    ];
    for (const url of refused) {
      const response = await call('POST', '/webhooks', { url, events: ['order.paid'] }, owner, production);
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        400,
        { error: 'Invalid field: url', fields: { url: NOT_PUBLIC } },
      ]);
    }
    const allowed = await call(
      'POST',
      '/webhooks',
      { url: 'https://hooks.erp.example/resham', events: ['order.paid'] },
      owner,
      production,
    );
    expect([allowed.statusCode, allowed.body]).toEqual([201, expect.any(String)]);
    // Outside production a local receiver is fine (tests, a shop's own machine).
    expect(
      (await call('POST', '/webhooks', { url: 'http://127.0.0.1:8080/hook', events: ['order.paid'] }))
        .statusCode,
    ).toBe(201);
  });

  it('pauses, resumes, changes events and deletes, each audited', async () => {
    const { endpoint } = (
      await call('POST', '/webhooks', { url: receiver.url, events: ['order.paid'] })
    ).json<WebhookEndpointCreated>();
    const paused = await call('PATCH', `/webhooks/${endpoint.id}`, { active: false });
    expect(paused.json()).toMatchObject({ id: endpoint.id, active: false, events: ['order.paid'] });
    const changed = await call('PATCH', `/webhooks/${endpoint.id}`, {
      active: true,
      events: ['stock.low', 'order.shipped'],
    });
    expect(changed.json()).toMatchObject({ active: true, events: ['order.shipped', 'stock.low'] });
    const deleted = await call('DELETE', `/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ endpoints: [] });
    expect((await call('DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    const audit = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook'), eq(auditLog.entityId, String(endpoint.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'pause', 'resume', 'delete']);
  });

  it('sends a test ping and lists the delivery with every answer', async () => {
    const { endpoint, secret } = (
      await call('POST', '/webhooks', { url: receiver.url, events: ['order.paid'] })
    ).json<WebhookEndpointCreated>();
    receiver.answers.push({ status: 502, body: 'Bad Gateway from the ERP' });
    const ping = await call('POST', `/webhooks/${endpoint.id}/ping`);
    expect(ping.statusCode).toBe(202);
    const { deliveryId } = ping.json<{ deliveryId: string }>();
    const now = new Date(Date.now() + 5000);
    expect(await app.webhookSender.tick(now)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(await app.webhookSender.tick(new Date(now.getTime() + 2 * 60_000))).toEqual({
      delivered: 1,
      retrying: 0,
      failed: 0,
    });
    const request = receiver.received[0]!;
    expect(request.headers['x-resham-event']).toBe('ping');
    expect(request.headers['x-resham-delivery']).toBe(deliveryId);
    expect(request.headers['x-resham-signature']).toBe(webhookSignature(secret, request.body));
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'ping',
      store: { id: 1, name: 'Silk House' },
      data: { message: 'A test ping from the shop admin' },
    });

    const listed = await call('GET', `/webhooks/${endpoint.id}/deliveries`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<WebhookDeliveryList>()).toEqual({
      deliveries: [
        {
          id: deliveryId,
          eventId: JSON.parse(request.body).id,
          eventType: 'ping',
          status: 'delivered',
          attempts: 2,
          nextAttemptAt: null,
          createdAt: expect.any(String),
          deliveredAt: new Date(now.getTime() + 2 * 60_000).toISOString(),
          lastStatusCode: 200,
          answers: [
            {
              attempt: 1,
              at: now.toISOString(),
              statusCode: 502,
              response: 'Bad Gateway from the ERP',
              error: null,
              durationMs: expect.any(Number),
            },
            {
              attempt: 2,
              at: new Date(now.getTime() + 2 * 60_000).toISOString(),
              statusCode: 200,
              response: 'ok',
              error: null,
              durationMs: expect.any(Number),
            },
          ],
        },
      ],
    });
    expect(listed.body).not.toContain(secret);
    expect((await call('GET', '/webhooks/999/deliveries')).statusCode).toBe(404);
  });
});
