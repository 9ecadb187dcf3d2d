/**
 * The sandbox's refund API over HTTP (`POST /sandbox/payu/merchant/postservice?form=2`, docs/payments.md
 * "Refunds through the gateway"): PayU's refund command posted form-encoded, answered with PayU's JSON.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from '../settings';
import { payuRefundForm } from './payu-refund';
import { SANDBOX_REFUND_DECLINED } from './sandbox-payu-refund';

describe('the sandbox refund API', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildTestApp(database, { PAYMENTS_SANDBOX: 'on' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/sandbox/payu/merchant/postservice?form=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const form = (amountPaise: number) =>
    payuRefundForm(
      { key: SANDBOX_PAYU_KEY, salt: SANDBOX_PAYU_SALT },
      { gatewayPaymentId: '403993715000001', requestId: 'refund-1', amountPaise },
    );

  it('accepts a signed refund as PayU does, and declines an amount ending in .13', async () => {
    const accepted = await post(form(50_000));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      status: 1,
      msg: 'Refund Request Queued',
      request_id: expect.stringMatching(/^\d{9}$/),
      bank_ref_num: null,
      mihpayid: '403993715000001',
    });
    expect((await post(form(50_013))).json()).toEqual({ status: 0, msg: SANDBOX_REFUND_DECLINED });
    expect((await post({ ...form(50_000), hash: '0'.repeat(128) })).json()).toEqual({
      status: 0,
      msg: 'Invalid Hash',
    });
  });
});
