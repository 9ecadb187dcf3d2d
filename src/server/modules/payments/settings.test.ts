import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  formActionSources,
  gatewayUrl,
  paymentSettings,
  SANDBOX_PAYU_KEY,
  SANDBOX_RAZORPAY_KEY_ID,
  type PayuGatewaySettings,
} from './settings';

const settingsOf = (env: Record<string, string>) => paymentSettings(loadConfig(env));

describe('payment settings (docs/payments.md "Test mode")', () => {
  it('offers the demo UPI ID and the sandbox by default, both in test mode', () => {
    const settings = settingsOf({});
    expect(settings.upi).toEqual({
      vpa: 'resham.demo@upi',
      payeeName: 'Resham Demo Store (TEST)',
      testMode: true,
    });
    expect(settings.gateway).toMatchObject({
      provider: 'payu-sandbox',
      key: SANDBOX_PAYU_KEY,
      url: null,
      testMode: true,
    });
    expect(settings.sandboxEnabled).toBe(true);
    expect(gatewayUrl(settings.gateway!, 'http://localhost:3000')).toBe('http://localhost:3000/sandbox/payu');
  });

  it('turns test mode off in production: no demo UPI ID, no sandbox', () => {
    const settings = settingsOf({ NODE_ENV: 'production' });
    expect(settings).toMatchObject({ upi: null, gateway: null, sandboxEnabled: false });
  });

  it('keeps the sandbox in production only when asked for', () => {
    const settings = settingsOf({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' });
    expect(settings.sandboxEnabled).toBe(true);
    expect(settings.upi?.testMode).toBe(true);
  });

  it('uses real PayU when a key is set (the sandbox stays off unless PAYMENTS_SANDBOX=on)', () => {
    const live = { PAYU_KEY: 'LiveKey', PAYU_SALT: 'LiveSalt', PAYU_URL: 'https://secure.payu.in/_payment' };
    expect(settingsOf(live).gateway).toEqual({
      provider: 'payu',
      key: 'LiveKey',
      salt: 'LiveSalt',
      url: 'https://secure.payu.in/_payment',
      refundUrl: 'https://info.payu.in/merchant/postservice?form=2',
      testMode: false,
    });
    const refundUrlOf = (env: Record<string, string>) =>
      (settingsOf(env).gateway as PayuGatewaySettings | null)?.refundUrl;
    expect(refundUrlOf({ ...live, PAYU_URL: 'https://test.payu.in/_payment' })).toBe(
      'https://test.payu.in/merchant/postservice?form=2',
    );
    expect(
      refundUrlOf({ ...live, PAYU_REFUND_URL: 'https://refunds.example/merchant/postservice?form=2' }),
    ).toBe('https://refunds.example/merchant/postservice?form=2');
    expect(settingsOf(live).sandboxEnabled).toBe(false);
    expect(settingsOf({ ...live, NODE_ENV: 'production' }).gateway?.provider).toBe('payu');
    expect(settingsOf({ ...live, PAYMENTS_SANDBOX: 'on' }).gateway?.provider).toBe('payu-sandbox');
    expect(settingsOf({ PAYMENTS_SANDBOX: 'off' })).toMatchObject({
      gateway: null,
      upi: null,
      sandboxEnabled: false,
    });
  });

  it("offers a shop's own UPI ID in production, not in test mode", () => {
    const settings = settingsOf({
      NODE_ENV: 'production',
      UPI_VPA: 'silkhouse@okaxis',
      UPI_PAYEE_NAME: 'Silk House',
    });
    expect(settings.upi).toEqual({ vpa: 'silkhouse@okaxis', payeeName: 'Silk House', testMode: false });
  });

  it('allows forms to post to the gateway origin and, for PayU, its other hosts', () => {
    expect(formActionSources('https://secure.payu.in/_payment')).toEqual([
      'https://secure.payu.in',
      'https://*.payu.in',
    ]);
    expect(formActionSources('https://test.payu.in/_payment')).toEqual([
      'https://test.payu.in',
      'https://*.payu.in',
    ]);
    expect(formActionSources('https://pay.example.com/checkout')).toEqual(['https://pay.example.com']);
    expect(formActionSources('https://evilpayu.in/x')).toEqual(['https://evilpayu.in']);
  });

  it('picks Razorpay with PAYMENT_GATEWAY=razorpay: its sandbox without keys, the real API with them', () => {
    const sandbox = settingsOf({ PAYMENT_GATEWAY: 'razorpay' });
    expect(sandbox.gateway).toMatchObject({
      provider: 'razorpay-sandbox',
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      apiUrl: null,
      testMode: true,
    });
    expect(sandbox.sandboxEnabled).toBe(true);
    expect(gatewayUrl(sandbox.gateway!, 'http://localhost:3000')).toBe(
      'http://localhost:3000/sandbox/razorpay/checkout',
    );
    const live = {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_AbC123',
      RAZORPAY_KEY_SECRET: 'live-secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-razorpay-0123456789',
      NODE_ENV: 'production',
    };
    expect(settingsOf(live).gateway).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_live_AbC123',
      keySecret: 'live-secret',
      webhookSecret: 'whsec-razorpay-0123456789',
      apiUrl: 'https://api.razorpay.com',
      testMode: false,
    });
    expect(gatewayUrl(settingsOf(live).gateway!, 'https://silk.example')).toBe(
      'https://silk.example/api/v1/payments/razorpay/checkout',
    );
    expect(settingsOf({ ...live, RAZORPAY_API_URL: 'http://127.0.0.1:4010/' }).gateway).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010',
    });
    // PayU's keys do not matter to Razorpay, nor Razorpay's to PayU.
    expect(
      settingsOf({ PAYMENT_GATEWAY: 'razorpay', NODE_ENV: 'production', PAYU_KEY: 'K', PAYU_SALT: 'S' }),
    ).toMatchObject({ gateway: null, sandboxEnabled: false });
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_AbC123' })).toThrow(
      'RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      'PAYMENT_GATEWAY: must be payu or razorpay',
    );
  });
});
