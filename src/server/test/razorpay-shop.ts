/**
 * A shop paying through Razorpay for the tests (docs/payments.md "Razorpay"): a local stand-in of Razorpay's API
 * that speaks its documented shapes (Orders API, Payments of an order, Refunds API, the error body
 * `{ "error": { "code": "BAD_REQUEST_ERROR", "description": … } }`, HTTP Basic with key id and secret), the app
 * pointed at it through `RAZORPAY_API_URL`, a second store, an owner, and the steps of a payment (start, the
 * signed return, a webhook call signed as Razorpay signs it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentResponse } from '@shared/payments/payment-response';
import { loadConfig } from '../config';
import { orderEvents, orders } from '../db/schema/order-tables';
import { payments } from '../db/schema/payment-tables';
import {
  razorpayReturnSignature,
  razorpayWebhookSignature,
} from '../modules/payments/providers/razorpay-signature';
import { paymentSettings, type PaymentSettings } from '../modules/payments/settings';
import { insertSignedInMember, type SessionMember } from './admin-member';
import { PUNE_ADDRESS } from './gst-test-catalog';
import { insertTestShop } from './order-fixture';
import { placeTestOrderThroughApi, seedGstTestCatalog } from './refund-fixture';
import { insertSignedInCustomers } from './session-customer';
import { buildApp } from '../app';
import { testConfig } from './test-app';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export const KEY_ID = 'rzp_test_StandIn42';
export const KEY_SECRET = 'stand-in-key-secret';
export const WEBHOOK_SECRET = 'stand-in-webhook-secret-0123';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Asked = { method: string; path: string; authorization: string; body: Record<string, unknown> | null };

/**
 * Razorpay's API as documented: Basic auth with the stand-in's key, `POST /v1/orders` (an order entity),
 * `GET /v1/orders/{id}/payments` (a collection of what `payments` holds), `POST /v1/payments/{id}/refund`
 * and `GET /v1/payments/{id}/refunds`; `script` overrides the next answers.
 */
export function razorpayStandIn() {
  const asked: Asked[] = [];
  const script: { status: number; body: unknown }[] = [];
  const orderPayments = new Map<string, object[]>();
  const refunds = new Map<string, Record<string, unknown>[]>();
  let counter = 0;
  const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      const path = request.url ?? '';
      asked.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization ?? '',
        body,
      });
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (request.headers.authorization !== expected) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      const next = script.shift();
      if (next) return send(next.status, next.body);
      if (request.method === 'POST' && path === '/v1/orders') {
        const id = `order_StandIn${String(++counter).padStart(6, '0')}`;
        return send(200, {
          id,
          entity: 'order',
          amount: body!.amount,
          amount_paid: 0,
          amount_due: body!.amount,
          currency: body!.currency,
          receipt: body!.receipt,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: body!.notes,
          created_at: 1_764_000_000,
        });
      }
      const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (request.method === 'GET' && ofOrder) {
        const items = orderPayments.get(ofOrder[1]!) ?? [];
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const refundsOf = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (request.method === 'GET' && refundsOf) {
        const items = refunds.get(refundsOf[1]!) ?? [];
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && refund) {
        const entity = {
          id: `rfnd_StandIn${String(++counter).padStart(6, '0')}`,
          entity: 'refund',
          amount: body!.amount,
          currency: 'INR',
          payment_id: refund[1],
          notes: [],
          receipt: body!.receipt,
          acquirer_data: { arn: null },
          created_at: 1_764_000_000,
          batch_id: null,
          status: 'processed',
          speed_processed: 'normal',
          speed_requested: body!.speed,
        };
        refunds.set(refund[1]!, [...(refunds.get(refund[1]!) ?? []), entity]);
        return send(200, entity);
      }
      return send(404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
    });
  });
  return { server, asked, script, orderPayments, refunds };
}

/** A payment entity as Razorpay's webhooks and API show it. */
export const paymentEntity = (overrides: Record<string, unknown>) => ({
  id: 'pay_StandIn000001',
  entity: 'payment',
  amount: 370000,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_StandIn000001',
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: 'Order',
  vpa: 'asha@okaxis',
  email: 'asha@example.com',
  contact: '+919839041736',
  fee: 8732,
  tax: 1332,
  error_code: null,
  error_description: null,
  created_at: 1_764_000_100,
  ...overrides,
});

/** A webhook event as Razorpay sends it. */
export const eventBody = (event: string, payload: Record<string, object>) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
    created_at: 1_764_000_200,
  });

/**
 * The Razorpay shop of a test file on database `kind`, opened before its tests and closed after them (hooks
 * registered where this is called): the app, the stand-in, the owner, and the payment steps.
 */
export function useRazorpayShop(kind: DatabaseKind) {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let settings: PaymentSettings;
  const razorpay = razorpayStandIn();
  /** The app's log lines (info and above), to check what it keeps of refused calls. */
  const logLines: string[] = [];
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => razorpay.server.listen(0, '127.0.0.1', resolve));
    const { port } = razorpay.server.address() as AddressInfo;
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    await insertTestShop(database.db, { host: 'second.example', isDefault: false, storeName: 'Second Shop' });
    const env = {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
    } as const;
    settings = paymentSettings(loadConfig(env));
    app = await buildApp(
      { ...testConfig, ...env, LOG_LEVEL: 'info' },
      { database, logDestination: { write: (line) => void logLines.push(line) } },
    );
    owner = await insertSignedInMember(database.db, 1, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await new Promise((resolve) => razorpay.server.close(resolve));
  });

  /** A ₹3,700 Pending order of a new shopper. */
  const placeOrder = async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    return { ...placed, buyer: buyer! };
  };
  const start = (placed: Awaited<ReturnType<typeof placeOrder>>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: placed.buyer.headers,
      payload: {
        orderId: placed.orderNumber,
        fields: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736', method: 'gateway' },
      },
    });
  /** A started payment: the order and Razorpay's order id. */
  const started = async () => {
    const placed = await placeOrder();
    const answer = await start(placed);
    expect(answer.statusCode).toBe(200);
    const orderId = answer.json<PaymentResponse>().action!.formParams!.data.order_id!;
    return { ...placed, razorpayOrderId: orderId };
  };
  const orderOf = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const attemptsOf = (id: string) =>
    database.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt));
  const eventsOf = (id: string) =>
    database.db
      .select({ to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
  const signedReturn = (orderId: string, paymentId: string, secret = KEY_SECRET) =>
    new URLSearchParams({
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: razorpayReturnSignature(orderId, paymentId, secret),
    }).toString();
  const returnFrom = (payload: string) =>
    app.inject({ method: 'POST', url: '/api/v1/payments/razorpay/callback', headers: FORM, payload });
  const webhook = (body: string, options: { secret?: string; host?: string; signature?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': 'evt_StandIn0001',
        'x-razorpay-signature':
          options.signature ?? razorpayWebhookSignature(body, options.secret ?? WEBHOOK_SECRET),
        ...(options.host ? { 'x-store-host': options.host } : {}),
      },
      payload: body,
    });

  return {
    get app() {
      return app;
    },
    get database() {
      return database;
    },
    get owner() {
      return owner;
    },
    get settings() {
      return settings;
    },
    razorpay,
    logLines,
    placeOrder,
    start,
    started,
    orderOf,
    attemptsOf,
    eventsOf,
    signedReturn,
    returnFrom,
    webhook,
  };
}
