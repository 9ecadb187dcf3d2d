/**
 * The built-in Razorpay sandbox (docs/payments.md "Test mode and the sandbox"), with `PAYMENT_GATEWAY=razorpay`
 * and no keys: its TEST MODE Checkout stand-in with Success and Failure, the webhooks it sends signed as
 * Razorpay signs them, its signed return, its API over HTTP (Basic auth with the sandbox's public test key,
 * Razorpay's error body) and a refund through it.
 */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { PaymentResponse } from '@shared/payments/payment-response';
import type { Refund } from '@shared/returns/return-schemas';
import { orderEvents, orders } from '../../../db/schema/order-tables';
import { payments } from '../../../db/schema/payment-tables';
import { insertSignedInMember, type SessionMember } from '../../../test/admin-member';
import { PUNE_ADDRESS } from '../../../test/gst-test-catalog';
import { placeTestOrderThroughApi, seedGstTestCatalog } from '../../../test/refund-fixture';
import { insertSignedInCustomers } from '../../../test/session-customer';
import { buildTestApp } from '../../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../test/test-database';
import { SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_KEY_SECRET } from '../settings';
import { razorpayReturnSignature } from './razorpay-signature';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The forms of a page: action, hidden fields and button label. */
function formsOf(html: string) {
  return [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map((match) => ({
    action: unescape(match[1]!),
    fields: Object.fromEntries(
      [...match[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [
        unescape(input[1]!),
        unescape(input[2]!),
      ]),
    ),
    button: /<button[^>]*>([^<]*)<\/button>/.exec(match[2]!)?.[1],
  }));
}

describe.each(testDatabaseKinds)('Razorpay sandbox on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    app = await buildTestApp(database, { PAYMENT_GATEWAY: 'razorpay' });
    owner = await insertSignedInMember(database.db, 1, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (url: string, fields: Record<string, string>) =>
    app.inject({ method: 'POST', url, headers: FORM, payload: new URLSearchParams(fields).toString() });

  /** A ₹3,700 order started with the gateway: the order and the Payment page's redirect_post form. */
  const started = async () => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: buyer!.headers,
      payload: {
        orderId: placed.orderNumber,
        fields: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736', method: 'gateway' },
      },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<PaymentResponse>();
    expect(body.testMode).toBe(true);
    expect(body.action).toMatchObject({ type: 'redirect_post', redirectUrl: '/sandbox/razorpay/checkout' });
    const { data } = body.action!.formParams!;
    // What the Payment page posts: `type`, `url` and `data[…]`.
    const form = Object.fromEntries([
      ['type', 'POST'],
      ['url', body.action!.formParams!.url],
      ...Object.entries(data).map(([name, value]) => [`data[${name}]`, value]),
    ]);
    return { ...placed, form, razorpayOrderId: data.order_id! };
  };
  const orderOf = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  /** The sandbox's Checkout page for a started payment, and its form for `choice`. */
  const choose = async (form: Record<string, string>, choice: 'Success' | 'Failure') => {
    const page = await post('/sandbox/razorpay/checkout', form);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE — Razorpay sandbox. No money moves.');
    expect(page.headers['content-security-policy']).not.toContain('razorpay.com');
    const chosen = formsOf(page.body).find((candidate) => candidate.button === choice)!;
    return post(chosen.action, chosen.fields);
  };

  it('Success: its webhooks pay the order, its signed return lands on /order-success; one order event', async () => {
    const placed = await started();
    const paid = await choose(placed.form, 'Success');
    expect(paid.statusCode).toBe(200);
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.processing);
    const [back] = formsOf(paid.body);
    expect(back!.action).toBe('http://localhost/api/v1/payments/razorpay/callback');
    expect(back!.fields.razorpay_order_id).toBe(placed.razorpayOrderId);
    expect(back!.fields.razorpay_signature).toBe(
      razorpayReturnSignature(
        placed.razorpayOrderId,
        back!.fields.razorpay_payment_id!,
        SANDBOX_RAZORPAY_KEY_SECRET,
      ),
    );
    const returned = await post('/api/v1/payments/razorpay/callback', back!.fields);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/order-success?orderId=${placed.orderNumber}`);
    const events = await database.db
      .select({ to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.id))
      .orderBy(asc(orderEvents.id));
    expect(events.filter((event) => event.to === ORDER_STATUS.processing)).toEqual([
      {
        to: ORDER_STATUS.processing,
        cause: `payment: Razorpay sandbox (TEST) order ${placed.razorpayOrderId} (payment ${back!.fields.razorpay_payment_id})`,
      },
    ]);
    expect(await database.db.select().from(payments).where(eq(payments.orderId, placed.id))).toMatchObject([
      { provider: 'razorpay-sandbox', status: 'succeeded', testMode: true },
    ]);
    // Paid once: the sandbox refuses to take it again.
    const again = await post('/sandbox/razorpay/checkout', placed.form);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This order is already paid');

    // A refund goes through the sandbox's refund API, processed at once.
    const refund = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.orderNumber}/refunds`,
      headers: owner.headers,
      payload: { amount: 700, reason: 'Damaged in transit', method: 'gateway' },
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json<Refund>()).toMatchObject({ status: 'processed', failureReason: null });
    expect(refund.json<Refund>().reference).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
  });

  it('Failure: back on the Payment page with status=failed; the order stays Pending and may be paid later', async () => {
    const placed = await started();
    const failed = await choose(placed.form, 'Failure');
    const [back] = formsOf(failed.body);
    expect(back!.fields['error[code]']).toBe('BAD_REQUEST_ERROR');
    const returned = await post('/api/v1/payments/razorpay/callback', back!.fields);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/payment?orderId=${placed.orderNumber}&status=failed`);
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    await choose(placed.form, 'Success');
    expect((await orderOf(placed.id)).status).toBe(ORDER_STATUS.processing);
  });

  it('answers its API over HTTP as Razorpay does, with the sandbox key only', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/v1/orders',
      headers: { authorization: `Basic ${Buffer.from('rzp_test_Other:secret').toString('base64')}` },
      payload: { amount: 50000, currency: 'INR', receipt: 'RS-TEST0001' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    const auth = {
      authorization: `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:${SANDBOX_RAZORPAY_KEY_SECRET}`).toString('base64')}`,
    };
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/v1/orders',
      headers: auth,
      payload: { amount: 50000, currency: 'INR', receipt: 'RS-TEST0001' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      entity: 'order',
      amount: 50000,
      amount_paid: 0,
      currency: 'INR',
      receipt: 'RS-TEST0001',
      status: 'created',
    });
    const orderId = created.json<{ id: string }>().id;
    const listed = await app.inject({
      method: 'GET',
      url: `/sandbox/razorpay/v1/orders/${orderId}/payments`,
      headers: auth,
    });
    expect(listed.json()).toEqual({ entity: 'collection', count: 0, items: [] });
    const bad = await app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/v1/orders',
      headers: auth,
      payload: { amount: 50000, currency: 'USD' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'The currency field is invalid.', field: 'currency' },
    });
  });
});
