import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { formActionSources, gatewayUrl, paymentSettings, SANDBOX_PAYU_KEY } from './settings';

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
    expect(settingsOf({ ...live, PAYU_URL: 'https://test.payu.in/_payment' }).gateway?.refundUrl).toBe(
      'https://test.payu.in/merchant/postservice?form=2',
    );
    expect(
      settingsOf({ ...live, PAYU_REFUND_URL: 'https://refunds.example/merchant/postservice?form=2' }).gateway
        ?.refundUrl,
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
});
