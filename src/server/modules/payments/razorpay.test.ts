/**
 * Razorpay through the app (docs/payments.md "Razorpay"), against a local stand-in of Razorpay's API that
 * speaks its documented shapes (Orders API, Payments of an order, Refunds API, the error body
 * `{ "error": { "code": "BAD_REQUEST_ERROR", "description": … } }`, HTTP Basic with key id and secret), whose
 * URL reaches the app through `RAZORPAY_API_URL`: starting a payment, Razorpay's refusal, the signed return,
 * the forged-webhook suite (wrong signatures, amounts, currency, other stores' orders, unknown orders,
 * replays: no payment counts), the attempt's status, and refunds with their webhook.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { PaymentResponse } from '@shared/payments/payment-response';
import type { Refund } from '@shared/returns/return-schemas';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { insertTestShop } from '../../test/order-fixture';
import { placeTestOrderThroughApi, seedGstTestCatalog } from '../../test/refund-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { RAZORPAY_CHECKOUT_CSP } from './html';
import { razorpayProvider, RAZORPAY_SILENT } from './providers/razorpay-provider';
import { razorpayReturnSignature, razorpayWebhookSignature } from './providers/razorpay-signature';
import { paymentSettings, type PaymentSettings } from './settings';
import { loadConfig } from '../../config';

const KEY_ID = 'rzp_test_StandIn42';
const KEY_SECRET = 'stand-in-key-secret';
const WEBHOOK_SECRET = 'stand-in-webhook-secret-0123';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Asked = { method: string; path: string; authorization: string; body: Record<string, unknown> | null };

/**
 * Razorpay's API as documented: Basic auth with the stand-in's key, `POST /v1/orders` (an order entity),
 * `GET /v1/orders/{id}/payments` (a collection of what `payments` holds), `POST /v1/payments/{id}/refund`
 * and `GET /v1/payments/{id}/refunds`; `script` overrides the next answers.
 */
function razorpayStandIn() {
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
const paymentEntity = (overrides: Record<string, unknown>) => ({
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
const eventBody = (event: string, payload: Record<string, object>) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
    created_at: 1_764_000_200,
  });

describe.each(testDatabaseKinds)('Razorpay on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let settings: PaymentSettings;
  const razorpay = razorpayStandIn();
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
    app = await buildTestApp(database, env);
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

  it('opens a Razorpay order for the order’s total (Basic auth, paise, INR, our number) and answers the Checkout step', async () => {
    const placed = await placeOrder();
    const answer = await start(placed);
    expect(answer.statusCode).toBe(200);
    const asked = razorpay.asked.at(-1)!;
    expect(asked).toEqual({
      method: 'POST',
      path: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: {
        amount: 370000,
        currency: 'INR',
        receipt: placed.orderNumber,
        notes: { orderNumber: placed.orderNumber },
      },
    });
    const orderId = /^order_StandIn\d{6}$/.exec(
      answer.json<PaymentResponse>().action!.formParams!.data.order_id!,
    )![0];
    expect(answer.json()).toEqual({
      success: true,
      amount: 3700,
      orderId: placed.orderNumber,
      action: {
        type: 'redirect_post',
        redirectUrl: '/api/v1/payments/razorpay/checkout',
        formParams: {
          type: 'POST',
          url: 'http://localhost:80/api/v1/payments/razorpay/checkout',
          data: {
            key: KEY_ID,
            order_id: orderId,
            amount: '370000',
            currency: 'INR',
            description: `Order ${placed.orderNumber}`,
            callback_url: 'http://localhost:80/api/v1/payments/razorpay/callback',
            'prefill[name]': 'Asha Verma',
            'prefill[email]': 'asha@example.com',
            'prefill[contact]': '+919839041736',
          },
        },
      },
    });
    expect(await attemptsOf(placed.id)).toMatchObject([
      { provider: 'razorpay', gatewayId: orderId, amountPaise: 370000, status: 'initiated', testMode: false },
    ]);

    // Our Checkout page: Razorpay's script and CSP here only.
    const page = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/razorpay/checkout',
      headers: FORM,
      payload: new URLSearchParams({ type: 'POST', 'data[order_id]': orderId }).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(RAZORPAY_CHECKOUT_CSP);
    expect(page.body).toContain('<script src="https://checkout.razorpay.com/v1/checkout.js" defer></script>');
    expect(page.body).toContain(`"order_id":"${orderId}","amount":370000,"currency":"INR"`);
    const home = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(home.headers['content-security-policy'])).not.toContain('razorpay');
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/razorpay/checkout',
      headers: { ...FORM, 'x-store-host': 'second.example' },
      payload: new URLSearchParams({ 'data[order_id]': orderId }).toString(),
    });
    expect(other.statusCode).toBe(400);
    expect(other.headers['content-security-policy']).not.toContain('razorpay');
  });

  it('answers Razorpay’s refusal with its own description, and its silence with 503; the order stays as it was', async () => {
    const placed = await placeOrder();
    razorpay.script.push({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Order amount less than minimum amount allowed',
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: 'amount',
        },
      },
    });
    const refused = await start(placed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Razorpay refused the payment: Order amount less than minimum amount allowed',
    });
    razorpay.script.push({
      status: 500,
      body: {
        error: {
          code: 'SERVER_ERROR',
          description:
            'We are facing some trouble completing your request at the moment. Please try again shortly.',
        },
      },
    });
    const down = await start(placed);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: RAZORPAY_SILENT });
    expect(await attemptsOf(placed.id)).toEqual([]);
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
  });

  it('pays the order once from the signed return; the webhooks and a repeated return change nothing more', async () => {
    const placed = await started();
    const paid = await returnFrom(signedReturn(placed.razorpayOrderId, 'pay_StandInPaid01'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/order-success?orderId=${placed.orderNumber}`);
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.processing);
    expect(await attemptsOf(placed.id)).toMatchObject([
      {
        status: 'succeeded',
        raw: {
          response: { razorpay_order_id: placed.razorpayOrderId, razorpay_payment_id: 'pay_StandInPaid01' },
        },
      },
    ]);
    const payment = paymentEntity({ id: 'pay_StandInPaid01', order_id: placed.razorpayOrderId });
    const captured = await webhook(eventBody('payment.captured', { payment }));
    expect(captured.json()).toEqual({
      success: true,
      event: 'payment.captured',
      result: 'replayed',
      orderId: placed.orderNumber,
    });
    const order = {
      id: placed.razorpayOrderId,
      entity: 'order',
      amount: 370000,
      amount_paid: 370000,
      amount_due: 0,
      currency: 'INR',
      receipt: placed.orderNumber,
      status: 'paid',
      attempts: 1,
    };
    const orderPaid = await webhook(eventBody('order.paid', { payment, order }));
    expect(orderPaid.json()).toMatchObject({ result: 'replayed' });
    expect(
      (await returnFrom(signedReturn(placed.razorpayOrderId, 'pay_StandInPaid01'))).headers.location,
    ).toBe(`/order-success?orderId=${placed.orderNumber}`);
    const events = await eventsOf(placed.id);
    expect(events.filter((event) => event.to === ORDER_STATUS.processing)).toEqual([
      {
        to: ORDER_STATUS.processing,
        cause: `payment: Razorpay order ${placed.razorpayOrderId} (payment pay_StandInPaid01)`,
      },
    ]);
  });

  it('refuses a forged return (wrong signature, missing fields) and only chooses the page for Checkout’s failure', async () => {
    const placed = await started();
    const forged = await returnFrom(
      signedReturn(placed.razorpayOrderId, 'pay_StandInForged', 'not-the-secret'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid signature' });
    const missing = await returnFrom(
      new URLSearchParams({ razorpay_order_id: placed.razorpayOrderId }).toString(),
    );
    expect(missing.json()).toEqual({ error: 'Missing signature' });
    const failed = await returnFrom(
      new URLSearchParams({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[metadata]': JSON.stringify({
          payment_id: 'pay_StandInFail1',
          order_id: placed.razorpayOrderId,
        }),
      }).toString(),
    );
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/payment?orderId=${placed.orderNumber}&status=failed`);
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    expect(await attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);
  });

  it('forged-webhook suite: no payment counts from wrong signatures, amounts, currency, other stores’ or unknown orders', async () => {
    const placed = await started();
    const good = paymentEntity({ id: 'pay_StandInHook01', order_id: placed.razorpayOrderId });
    const body = eventBody('payment.captured', { payment: good });
    const refusals: [Awaited<ReturnType<typeof webhook>>, number, string][] = [
      [await webhook(body, { signature: '' }), 401, 'Missing signature'],
      [await webhook(body, { secret: 'another-webhook-secret' }), 401, 'Invalid signature'],
      [await webhook(body, { secret: KEY_SECRET }), 401, 'Invalid signature'],
      [
        await webhook(body, { signature: razorpayWebhookSignature(`${body} `, WEBHOOK_SECRET) }),
        401,
        'Invalid signature',
      ],
      [
        await webhook(eventBody('payment.captured', { payment: { ...good, amount: 100 } })),
        400,
        'Amount does not match the order',
      ],
      [
        await webhook(eventBody('payment.captured', { payment: { ...good, currency: 'USD' } })),
        400,
        'Currency does not match the order',
      ],
      [await webhook(body, { host: 'second.example' }), 400, 'Unknown transaction'],
      [
        await webhook(eventBody('payment.captured', { payment: { ...good, order_id: 'order_NotOurs0001' } })),
        400,
        'Unknown transaction',
      ],
      [
        await webhook(
          eventBody('order.paid', {
            payment: good,
            order: {
              id: placed.razorpayOrderId,
              amount: 370000,
              amount_paid: 1000,
              currency: 'INR',
              status: 'paid',
            },
          }),
        ),
        400,
        'Amount does not match the order',
      ],
      [
        await webhook('{"entity":"event"', {
          signature: razorpayWebhookSignature('{"entity":"event"', WEBHOOK_SECRET),
        }),
        400,
        'The body is not valid JSON',
      ],
    ];
    for (const [answer, status, error] of refusals) {
      expect(answer.statusCode).toBe(status);
      expect(answer.json().error).toBe(error);
    }
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    expect(await attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);

    // A failed try keeps the attempt open; then the real capture pays, once; its replay changes nothing.
    const failed = await webhook(
      eventBody('payment.failed', {
        payment: {
          ...good,
          id: 'pay_StandInFail02',
          status: 'failed',
          captured: false,
          error_code: 'BAD_REQUEST_ERROR',
        },
      }),
    );
    expect(failed.json()).toMatchObject({ result: 'failed' });
    expect(await attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);
    const paid = await webhook(body);
    expect(paid.json()).toEqual({
      success: true,
      event: 'payment.captured',
      result: 'paid',
      orderId: placed.orderNumber,
    });
    const replay = await webhook(body);
    expect(replay.json()).toMatchObject({ result: 'replayed' });
    expect((await eventsOf(placed.id)).filter((event) => event.to === ORDER_STATUS.processing)).toHaveLength(
      1,
    );
    const ignored = await webhook(
      eventBody('payment.authorized', { payment: { ...good, status: 'authorized' } }),
    );
    expect(ignored.json()).toEqual({ success: true, event: 'payment.authorized', result: 'ignored' });
  });

  it('asks Razorpay for an attempt’s status: captured, failed, pending', async () => {
    razorpay.orderPayments.set('order_StatusCapt01', [
      paymentEntity({ id: 'pay_StatusFail01', status: 'failed', order_id: 'order_StatusCapt01' }),
      paymentEntity({ id: 'pay_StatusCapt01', order_id: 'order_StatusCapt01' }),
    ]);
    razorpay.orderPayments.set('order_StatusFail01', [
      paymentEntity({ id: 'pay_StatusFail02', status: 'failed', order_id: 'order_StatusFail01' }),
    ]);
    expect(await razorpayProvider.fetchStatus!('order_StatusCapt01', { settings })).toEqual({
      status: 'captured',
      gatewayPaymentId: 'pay_StatusCapt01',
      amountPaise: 370000,
      currency: 'INR',
      raw: {
        payments: [
          { id: 'pay_StatusFail01', status: 'failed' },
          { id: 'pay_StatusCapt01', status: 'captured' },
        ],
      },
    });
    expect(await razorpayProvider.fetchStatus!('order_StatusFail01', { settings })).toMatchObject({
      status: 'failed',
    });
    expect(await razorpayProvider.fetchStatus!('order_StatusNone01', { settings })).toMatchObject({
      status: 'pending',
    });
    razorpay.script.push({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } },
    });
    expect(await razorpayProvider.fetchStatus!('order_StatusGone01', { settings })).toEqual({
      status: 'pending',
      gatewayPaymentId: null,
      amountPaise: null,
      currency: null,
      raw: { reason: 'The id provided does not exist' },
    });
    expect(razorpay.asked.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/orders/order_StatusGone01/payments',
    });
  });

  it('refunds through POST /v1/payments/{id}/refund; a pending refund is settled by refund.processed', async () => {
    const placed = await started();
    await returnFrom(signedReturn(placed.razorpayOrderId, 'pay_StandInRfnd01'));
    const refund = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.orderNumber}/refunds`,
        headers: owner.headers,
        payload: { amount, reason: 'Damaged in transit', method: 'gateway' },
      });
    const first = await refund(1299.5);
    expect(first.statusCode).toBe(201);
    expect(first.json<Refund>()).toMatchObject({ status: 'processed', failureReason: null });
    const asked = razorpay.asked.filter((request) =>
      request.path.startsWith('/v1/payments/pay_StandInRfnd01'),
    );
    expect(asked.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payments/pay_StandInRfnd01/refunds',
      'POST /v1/payments/pay_StandInRfnd01/refund',
    ]);
    expect(asked[1]!.body).toEqual({
      amount: 129950,
      speed: 'normal',
      receipt: first.json<Refund>().id.replace(/-/g, ''),
    });

    // Razorpay takes the next one as pending; its refund.processed webhook settles it, once.
    razorpay.script.push({ status: 200, body: { entity: 'collection', count: 0, items: [] } });
    razorpay.script.push({
      status: 200,
      body: {
        id: 'rfnd_StandInPend01',
        entity: 'refund',
        amount: 100000,
        currency: 'INR',
        payment_id: 'pay_StandInRfnd01',
        receipt: 'x',
        status: 'pending',
      },
    });
    const second = await refund(1000);
    expect(second.json<Refund>()).toMatchObject({
      status: 'pending',
      failureReason: 'Razorpay is processing the refund; its webhook tells the outcome',
    });
    const refundEntity = {
      id: 'rfnd_StandInPend01',
      entity: 'refund',
      amount: 100000,
      currency: 'INR',
      payment_id: 'pay_StandInRfnd01',
      status: 'processed',
    };
    const processed = await webhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(processed.json()).toEqual({ success: true, event: 'refund.processed', result: 'refund-updated' });
    const again = await webhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(again.json()).toEqual({ success: true, event: 'refund.processed', result: 'ignored' });
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.orderNumber}/refunds`,
      headers: owner.headers,
    });
    expect(list.json()).toMatchObject({ paidBy: 'gateway', gatewayRefund: true, refunded: 2299.5 });
  });
});
