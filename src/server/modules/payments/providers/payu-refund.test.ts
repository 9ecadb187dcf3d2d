/**
 * PayU's refund API as the provider speaks it (docs/payments.md "Refunds through the gateway"): the request's
 * fields and hash, PayU's documented answers read as processed / failed / pending, no answer at all, and the
 * sandbox's own answers (its key and hash checked, the .13 decline).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, type PaymentSettings } from '../settings';
import { payuProvider } from './payu-provider';
import {
  payuCommandHash,
  payuRefundForm,
  payuRefundToken,
  postPayuRefund,
  readPayuRefundAnswer,
} from './payu-refund';
import { SANDBOX_REFUND_DECLINED, sandboxRefundAnswer } from './sandbox-payu-refund';

const request = {
  gatewayPaymentId: '403993715521937565',
  requestId: '5b0c2f0e-8c1a-4d53-9a55-3f3cbb3d4f10',
  amountPaise: 129_950,
};
const sandbox = (amountPaise: number, overrides: Record<string, string> = {}) =>
  sandboxRefundAnswer({
    ...payuRefundForm({ key: SANDBOX_PAYU_KEY, salt: SANDBOX_PAYU_SALT }, { ...request, amountPaise }),
    ...overrides,
  });

describe('PayU refunds', () => {
  it('builds the documented form: key, command, var1–var3 and sha512(key|command|var1|salt)', () => {
    expect(payuRefundForm({ key: 'JPM7Fg', salt: 'salt' }, request)).toEqual({
      key: 'JPM7Fg',
      command: 'cancel_refund_transaction',
      var1: '403993715521937565',
      var2: '5b0c2f0e8c1a4d539a553f3cbb3d4f10',
      var3: '1299.50',
      hash: payuCommandHash('JPM7Fg', 'cancel_refund_transaction', '403993715521937565', 'salt'),
    });
    expect(payuCommandHash('a', 'b', 'c', 'd')).toMatch(/^[0-9a-f]{128}$/);
    expect(payuRefundToken('a-b_c d')).toBe('abcd');
  });

  it('reads PayU’s answers: status 1 processed, 0 failed with msg, anything else pending', () => {
    expect(
      readPayuRefundAnswer({ status: 1, msg: 'Refund Request Queued', request_id: 135848905, mihpayid: 1 }),
    ).toEqual({
      status: 'processed',
      gatewayRefundId: '135848905',
      reason: null,
      raw: { status: '1', msg: 'Refund Request Queued', request_id: '135848905', mihpayid: '1' },
    });
    expect(readPayuRefundAnswer({ status: '0', msg: 'Invalid Hash' })).toMatchObject({
      status: 'failed',
      reason: 'Invalid Hash',
    });
    expect(readPayuRefundAnswer({ status: 0 })).toMatchObject({ reason: 'The gateway refused the refund' });
    expect(readPayuRefundAnswer('Array ( [status] => 1 )')).toMatchObject({
      status: 'pending',
      reason: 'The gateway gave no readable answer',
    });
    expect(readPayuRefundAnswer({ error: 'x' })).toMatchObject({ status: 'pending' });
  });

  it('an unreachable gateway or an HTTP error is pending, never thrown', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await postPayuRefund(`http://127.0.0.1:${port}/merchant/postservice?form=2`, {})).toMatchObject({
        status: 'pending',
        reason: 'The gateway answered HTTP 503',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await postPayuRefund(`http://127.0.0.1:${port}/closed`, {})).toMatchObject({
      status: 'pending',
      reason: 'The gateway could not be reached',
    });
  });

  it('the sandbox answers as PayU: accepted, .13 declined, a wrong key, hash, id or amount refused', () => {
    expect(sandbox(10_000)).toMatchObject({
      status: 1,
      msg: 'Refund Request Queued',
      request_id: expect.stringMatching(/^\d{9}$/),
      mihpayid: '403993715521937565',
    });
    expect(sandbox(10_013)).toEqual({ status: 0, msg: SANDBOX_REFUND_DECLINED });
    expect(sandbox(10_000, { key: 'OTHER' })).toEqual({ status: 0, msg: 'Invalid key' });
    expect(sandbox(10_000, { hash: 'ab'.repeat(64) })).toEqual({ status: 0, msg: 'Invalid Hash' });
    expect(sandbox(10_000, { var1: 'RS-1' })).toEqual({ status: 0, msg: 'Invalid PayU ID' });
    expect(sandbox(10_000, { var3: '-1' })).toEqual({ status: 0, msg: 'Invalid amount' });
    expect(sandbox(10_000, { command: 'verify_payment' })).toEqual({ status: 0, msg: 'Invalid command' });
  });

  it('the provider refunds a sandbox payment in process', async () => {
    const settings: PaymentSettings = {
      upi: null,
      gateway: {
        provider: 'payu-sandbox',
        key: SANDBOX_PAYU_KEY,
        salt: SANDBOX_PAYU_SALT,
        url: null,
        refundUrl: null,
        testMode: true,
      },
      sandboxEnabled: true,
      upiWebhookSecret: null,
      publicUrl: null,
    };
    expect(await payuProvider.refund!(request, { settings })).toMatchObject({ status: 'processed' });
    expect(await payuProvider.refund!({ ...request, amountPaise: 513 }, { settings })).toMatchObject({
      status: 'failed',
      reason: SANDBOX_REFUND_DECLINED,
    });
  });
});
