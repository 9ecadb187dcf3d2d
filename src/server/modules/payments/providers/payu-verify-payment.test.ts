/**
 * PayU's status API as the provider speaks it (docs/payments.md "PayU's status API"): the request's fields and
 * hash, PayU's documented answers (success, failure, pending, a txnid it does not know, a wrong hash) from a
 * local stand-in reached through `refundUrl` (PAYU_REFUND_URL: one postservice URL for every command), no
 * answer at all, and the sandbox's own answers from the transactions it has seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayuStatusStandIn, type PayuStatusStandIn } from '../../../test/payu-status-stand-in';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, type PaymentSettings } from '../settings';
import { payuProvider } from './payu-provider';
import { payuCommandHash } from './payu-refund';
import { payuVerifyForm, postPayuVerify, readPayuVerifyAnswer } from './payu-verify-payment';
import { rememberSandboxTransaction, sandboxVerifyAnswer } from './sandbox-payu-verify';

const LIVE = { key: 'LiveKey7', salt: 'live-salt-for-tests' };

const settingsFor = (refundUrl: string | null, sandbox = false): PaymentSettings => ({
  upi: null,
  gateway: sandbox
    ? {
        provider: 'payu-sandbox',
        key: SANDBOX_PAYU_KEY,
        salt: SANDBOX_PAYU_SALT,
        url: null,
        refundUrl: null,
        testMode: true,
      }
    : {
        provider: 'payu',
        key: LIVE.key,
        salt: LIVE.salt,
        url: 'https://test.payu.in/_payment',
        refundUrl,
        testMode: false,
      },
  sandboxEnabled: sandbox,
  upiWebhookSecret: null,
  publicUrl: null,
});

describe('PayU verify_payment', () => {
  let payu: PayuStatusStandIn;
  beforeAll(async () => {
    payu = await startPayuStatusStandIn(LIVE);
    payu.transactions.set('RS-7KQ29XD3-4K7Q2M', {
      status: 'success',
      amt: '1299.50',
      mihpayid: '403993715521889530',
    });
    payu.transactions.set('RS-7KQ29XD3-FAILED', {
      status: 'failure',
      amt: '1299.50',
      mihpayid: '403993715521889531',
    });
    payu.transactions.set('RS-7KQ29XD3-PENDNG', {
      status: 'pending',
      unmappedstatus: 'in progress',
      amt: '1299.50',
      mihpayid: '403993715521889532',
    });
    payu.transactions.set('RS-7KQ29XD3-AUTHED', {
      status: 'success',
      unmappedstatus: 'auth',
      amt: '1299.50',
      mihpayid: '403993715521889533',
    });
  });
  afterAll(() => payu.close());
  const ask = (txnid: string) => payuProvider.fetchStatus!(txnid, { settings: settingsFor(payu.url) });

  it('builds the documented form: key, command=verify_payment, var1=txnid, sha512(key|command|var1|salt)', () => {
    expect(payuVerifyForm(LIVE, 'RS-7KQ29XD3-4K7Q2M')).toEqual({
      key: 'LiveKey7',
      command: 'verify_payment',
      var1: 'RS-7KQ29XD3-4K7Q2M',
      hash: payuCommandHash('LiveKey7', 'verify_payment', 'RS-7KQ29XD3-4K7Q2M', 'live-salt-for-tests'),
    });
  });

  it('posts the form to the postservice URL; a success is captured with mihpayid, paise and INR', async () => {
    const before = payu.asked.length;
    expect(await ask('RS-7KQ29XD3-4K7Q2M')).toEqual({
      status: 'captured',
      gatewayPaymentId: '403993715521889530',
      amountPaise: 129_950,
      currency: 'INR',
      raw: {
        status: 'success',
        unmappedstatus: 'captured',
        mihpayid: '403993715521889530',
        amt: '1299.50',
        transaction_amount: '1299.50',
        additional_charges: '0.00',
        mode: 'CC',
        bank_ref_num: '721522',
        error_code: 'E000',
        error_Message: 'NO ERROR',
        addedon: '2026-11-27 10:12:13',
      },
    });
    expect(payu.asked.slice(before)).toEqual([
      {
        ...payuVerifyForm(LIVE, 'RS-7KQ29XD3-4K7Q2M'),
        path: '/merchant/postservice?form=2',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('failure is failed; pending, authorised-only and a txnid PayU does not know are pending', async () => {
    expect(await ask('RS-7KQ29XD3-FAILED')).toMatchObject({
      status: 'failed',
      gatewayPaymentId: '403993715521889531',
      amountPaise: null,
      currency: null,
    });
    expect(await ask('RS-7KQ29XD3-PENDNG')).toMatchObject({ status: 'pending', amountPaise: null });
    expect(await ask('RS-7KQ29XD3-AUTHED')).toMatchObject({ status: 'pending' });
    expect(await ask('RS-UNKNOWN-000000')).toEqual({
      status: 'pending',
      gatewayPaymentId: null,
      amountPaise: null,
      currency: null,
      raw: { status: 'Not Found', mihpayid: 'Not Found' },
    });
  });

  it('a refused request (wrong salt: PayU’s “Invalid Hash.”) and HTTP errors are pending, never thrown', async () => {
    const wrongSalt = { ...settingsFor(payu.url), gateway: { ...settingsFor(payu.url).gateway!, salt: 'x' } };
    expect(await payuProvider.fetchStatus!('RS-7KQ29XD3-4K7Q2M', { settings: wrongSalt })).toEqual({
      status: 'pending',
      gatewayPaymentId: null,
      amountPaise: null,
      currency: null,
      raw: { answerStatus: '0', msg: 'Invalid Hash.' },
    });
    payu.httpStatus = 503;
    try {
      expect(await ask('RS-7KQ29XD3-4K7Q2M')).toMatchObject({
        status: 'pending',
        raw: { reason: 'HTTP 503' },
      });
    } finally {
      payu.httpStatus = null;
    }
    expect(await postPayuVerify('http://127.0.0.1:1/closed', {}, 'RS-1')).toMatchObject({
      status: 'pending',
      raw: { reason: 'not reachable' },
    });
  });

  it('reads answers strictly: another currency is passed on, unreadable amounts and shapes are pending', () => {
    const answer = (row: Record<string, unknown>) => ({ status: 1, transaction_details: { T1: row } });
    expect(
      readPayuVerifyAnswer(answer({ status: 'success', mihpayid: '9', amt: '10.00', currency: 'usd' }), 'T1'),
    ).toMatchObject({ status: 'captured', amountPaise: 1000, currency: 'USD' });
    expect(
      readPayuVerifyAnswer(answer({ status: 'success', mihpayid: '9', amt: '1e3' }), 'T1'),
    ).toMatchObject({ status: 'pending' });
    expect(readPayuVerifyAnswer(answer({ status: 'success', amt: '10.00' }), 'T1')).toMatchObject({
      status: 'pending',
    });
    expect(
      readPayuVerifyAnswer(answer({ status: 'success', mihpayid: '9', amt: '10.00' }), 'T2'),
    ).toMatchObject({ status: 'pending' });
    expect(readPayuVerifyAnswer('Array ( [status] => 1 )', 'T1')).toMatchObject({
      status: 'pending',
      raw: { reason: 'no readable answer' },
    });
  });

  it('the sandbox answers from the transactions it has seen; a wrong key, hash or command is refused', async () => {
    const form = (txnid: string) => payuVerifyForm({ key: SANDBOX_PAYU_KEY, salt: SANDBOX_PAYU_SALT }, txnid);
    expect(sandboxVerifyAnswer(form('RS-SANDBOX-NOTSEEN'))).toEqual({
      status: 0,
      msg: '0 out of 1 Transactions Fetched Successfully',
      transaction_details: { 'RS-SANDBOX-NOTSEEN': { mihpayid: 'Not Found', status: 'Not Found' } },
    });
    rememberSandboxTransaction('RS-SANDBOX-SEEN01', {
      amount: '450.00',
      mihpayid: '123456789012',
      status: 'pending',
    });
    expect(sandboxVerifyAnswer(form('RS-SANDBOX-SEEN01'))).toMatchObject({
      status: 1,
      transaction_details: { 'RS-SANDBOX-SEEN01': { status: 'pending', amt: '450.00' } },
    });
    const sandbox = { settings: settingsFor(null, true) };
    expect(await payuProvider.fetchStatus!('RS-SANDBOX-SEEN01', sandbox)).toMatchObject({
      status: 'pending',
    });
    rememberSandboxTransaction('RS-SANDBOX-SEEN01', {
      amount: '450.00',
      mihpayid: '123456789012',
      status: 'success',
    });
    expect(await payuProvider.fetchStatus!('RS-SANDBOX-SEEN01', sandbox)).toMatchObject({
      status: 'captured',
      gatewayPaymentId: '123456789012',
      amountPaise: 45_000,
      currency: 'INR',
    });
    expect(sandboxVerifyAnswer({ ...form('RS-SANDBOX-SEEN01'), key: 'OTHER' })).toEqual({
      status: 0,
      msg: 'Invalid key',
    });
    expect(sandboxVerifyAnswer({ ...form('RS-SANDBOX-SEEN01'), hash: 'ab'.repeat(64) })).toEqual({
      status: 0,
      msg: 'Invalid Hash.',
    });
    expect(sandboxVerifyAnswer({ ...form('RS-SANDBOX-SEEN01'), command: 'check_payment' })).toEqual({
      status: 0,
      msg: 'Invalid command',
    });
  });
});
