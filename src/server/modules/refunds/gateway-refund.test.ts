/**
 * Gateway refunds against PayU's refund API as documented (`cancel_refund_transaction` on
 * `merchant/postservice?form=2`), played by a local stand-in HTTP server whose URL reaches the app through
 * `PAYU_REFUND_URL`: the request's fields and hash, a refusal with PayU's reason and its retry under a fresh
 * token, an HTTP error left pending and asked again under the same token, and PayU's acceptance recorded
 * with its request id.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refund } from '@shared/returns/return-schemas';
import { payments } from '../../db/schema/payment-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { placeTestOrderThroughApi, seedGstTestCatalog } from '../../test/refund-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { payuResponseHash } from '../payments/providers/payu-hash';
import { payuCommandHash } from '../payments/providers/payu-refund';

const LIVE = { key: 'LiveKey7', salt: 'live-salt-for-tests' };

/** PayU's refund API as documented, answering from a script; records what it was asked. */
function payuStandIn() {
  const asked: Record<string, string>[] = [];
  const script: { status: number; body: unknown }[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(text));
      asked.push({ ...fields, path: request.url ?? '', contentType: request.headers['content-type'] ?? '' });
      const next = script.shift() ?? { status: 200, body: { status: 0, msg: 'No answer scripted' } };
      response.writeHead(next.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(next.body));
    });
  });
  return { server, asked, script };
}

describe.each(testDatabaseKinds)('gateway refunds through PayU on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  const payu = payuStandIn();
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => payu.server.listen(0, '127.0.0.1', resolve));
    const { port } = payu.server.address() as AddressInfo;
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    app = await buildTestApp(database, {
      PAYU_KEY: LIVE.key,
      PAYU_SALT: LIVE.salt,
      PAYU_URL: 'https://test.payu.in/_payment',
      PAYU_REFUND_URL: `http://127.0.0.1:${port}/merchant/postservice?form=2`,
      PAYMENTS_SANDBOX: 'off',
    });
    owner = await insertSignedInMember(database.db, 1, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await new Promise((resolve) => payu.server.close(resolve));
  });

  /** A ₹3,700 order paid through (live) PayU: the payment form, then PayU's signed post-back. */
  const paidOrder = async (mihpayid: string) => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: buyer!.headers,
      payload: {
        orderId: placed.orderNumber,
        fields: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736', method: 'gateway' },
      },
    });
    const data = started.json().action.formParams.data as Record<string, string>;
    const fields = { ...data, status: 'success', mihpayid };
    const callback = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/payu/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...fields,
        hash: payuResponseHash(fields as unknown as Parameters<typeof payuResponseHash>[0], LIVE.salt),
      }).toString(),
    });
    expect(callback.statusCode).toBe(303);
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, placed.id));
    expect(payment).toMatchObject({ provider: 'payu', status: 'succeeded' });
    return placed;
  };
  const refund = (orderNumber: string, amount: number) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: owner.headers,
      payload: { amount, reason: 'Damaged in transit', method: 'gateway' },
    });
  const retry = (orderNumber: string, refundId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds/${refundId}/retry`,
      headers: owner.headers,
    });

  it('posts the documented request; a refusal keeps PayU’s reason, a retry with a fresh token is processed', async () => {
    const { orderNumber } = await paidOrder('403993715521937565');
    payu.script.push({
      status: 200,
      body: { status: 0, msg: 'Refund amount is more than the captured amount' },
    });
    const failed = await refund(orderNumber, 1299.5);
    expect(failed.statusCode).toBe(201);
    expect(failed.json<Refund>()).toMatchObject({
      status: 'failed',
      failureReason: 'Refund amount is more than the captured amount',
      reference: null,
    });
    const first = payu.asked.at(-1)!;
    expect(first).toMatchObject({
      path: '/merchant/postservice?form=2',
      contentType: 'application/x-www-form-urlencoded',
      key: LIVE.key,
      command: 'cancel_refund_transaction',
      var1: '403993715521937565',
      var3: '1299.50',
      hash: payuCommandHash(LIVE.key, 'cancel_refund_transaction', '403993715521937565', LIVE.salt),
    });
    expect(first.var2).toBe(failed.json<Refund>().id.replace(/-/g, ''));

    payu.script.push({
      status: 200,
      body: {
        status: 1,
        msg: 'Refund Request Queued',
        request_id: '135848905',
        bank_ref_num: null,
        mihpayid: '403993715521937565',
      },
    });
    const retried = await retry(orderNumber, failed.json<Refund>().id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<Refund>()).toMatchObject({
      status: 'processed',
      reference: '135848905',
      failureReason: null,
    });
    const second = payu.asked.at(-1)!;
    expect(second.var2).not.toBe(first.var2);
    expect(second.var2).toHaveLength(32);
  });

  it('an HTTP error leaves the refund pending (it holds its amount); asking again reuses the token', async () => {
    const { orderNumber } = await paidOrder('403993715521937566');
    payu.script.push({ status: 502, body: { error: 'Bad gateway' } });
    const pending = await refund(orderNumber, 3000);
    expect(pending.json<Refund>()).toMatchObject({
      status: 'pending',
      failureReason: 'The gateway answered HTTP 502',
    });
    const over = await refund(orderNumber, 701);
    expect(over.json().error).toBe('Only ₹700.00 is left to refund');
    const token = payu.asked.at(-1)!.var2;
    payu.script.push({ status: 200, body: 'not json' });
    const unreadable = await retry(orderNumber, pending.json<Refund>().id);
    expect(unreadable.json<Refund>()).toMatchObject({
      status: 'pending',
      failureReason: 'The gateway gave no readable answer',
    });
    expect(payu.asked.at(-1)!.var2).toBe(token);
    payu.script.push({
      status: 200,
      body: { status: 1, msg: 'Refund Request Queued', request_id: '135848906' },
    });
    const done = await retry(orderNumber, pending.json<Refund>().id);
    expect(done.json<Refund>()).toMatchObject({ status: 'processed', reference: '135848906' });
    expect(payu.asked.at(-1)!.var2).toBe(token);
  });
});
