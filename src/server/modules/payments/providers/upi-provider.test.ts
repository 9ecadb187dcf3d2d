import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '../settings';
import { formatPaiseAmount, parseAmountToPaise } from './amount';
import {
  buildUpiUri,
  encodeUpiValue,
  upiIntentProvider,
  upiQrProvider,
  upiWebhookSignature,
  verifyUpiWebhookSignature,
} from './upi-provider';

describe('UPI intent URI', () => {
  it('lists pa, pn, am, cu, tr, tn in order, amount with two decimals', () => {
    expect(
      buildUpiUri({
        vpa: 'resham.demo@upi',
        payeeName: 'Resham Demo Store (TEST)',
        amountPaise: 129_900,
        reference: 'RS-7KQ29XD3',
        note: 'Order RS-7KQ29XD3',
      }),
    ).toBe(
      'upi://pay?pa=resham.demo@upi&pn=Resham%20Demo%20Store%20(TEST)&am=1299.00&cu=INR&tr=RS-7KQ29XD3&tn=Order%20RS-7KQ29XD3',
    );
  });

  it('percent-encodes every value (spaces as %20, & = ? # + / reserved) but keeps the @ of a UPI ID', () => {
    expect(encodeUpiValue('Silk & Co = #1 + more/less?')).toBe(
      'Silk%20%26%20Co%20%3D%20%231%20%2B%20more%2Fless%3F',
    );
    expect(encodeUpiValue('शुभ वस्त्र')).toBe(
      '%E0%A4%B6%E0%A5%81%E0%A4%AD%20%E0%A4%B5%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%8D%E0%A4%B0',
    );
    expect(encodeUpiValue('shop.name@okaxis')).toBe('shop.name@okaxis');
  });

  it('round-trips any payee, note and amount through URL parsing', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (payeeName, note, amountPaise) => {
          const uri = buildUpiUri({
            vpa: 'shop@okaxis',
            payeeName,
            amountPaise,
            reference: 'RS-7KQ29XD3',
            note,
          });
          const params = new URL(uri).searchParams;
          expect([...params.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tr', 'tn']);
          expect(params.get('pn')).toBe(payeeName);
          expect(params.get('tn')).toBe(note);
          expect(params.get('am')).toMatch(/^\d+\.\d{2}$/);
          expect(parseAmountToPaise(params.get('am')!)).toBe(amountPaise);
        },
      ),
    );
  });

  it('gives a qr action for upi_qr and a deeplink for upi_intent, test mode for the demo VPA', () => {
    const settings: PaymentSettings = {
      upi: { vpa: 'resham.demo@upi', payeeName: 'Resham Demo Store (TEST)', testMode: true },
      gateway: null,
      sandboxEnabled: false,
      upiWebhookSecret: null,
      publicUrl: null,
    };
    const order = { id: 'x', storeId: 1, orderNumber: 'RS-7KQ29XD3', totalPaise: 99_950 };
    const payer = { name: 'Asha', email: 'a@b.in', phone: '+919839041736' };
    const context = { settings, baseUrl: 'http://localhost' };
    const attempt = upiQrProvider.attempt(order.orderNumber, payer, context);
    expect(attempt).toEqual({
      provider: 'upi',
      gatewayId: null,
      testMode: true,
      raw: { vpa: 'resham.demo@upi' },
    });
    const qr = upiQrProvider.createAction(order, payer, context, attempt);
    const deeplink = upiIntentProvider.createAction(order, payer, context, attempt);
    expect(qr.type).toBe('qr');
    expect(qr.qr).toContain('am=999.50');
    expect(deeplink).toEqual({ type: 'deeplink', redirectUrl: qr.qr });
    expect(upiQrProvider.isConfigured({ ...settings, upi: null })).toBe(false);
  });
});

describe('amount strings', () => {
  it('formats paise with exactly two decimals and parses strictly', () => {
    expect(formatPaiseAmount(0)).toBe('0.00');
    expect(formatPaiseAmount(5)).toBe('0.05');
    expect(formatPaiseAmount(129_950)).toBe('1299.50');
    expect(formatPaiseAmount(12_499_900)).toBe('124999.00');
    expect(() => formatPaiseAmount(1.5)).toThrow(RangeError);
    expect(() => formatPaiseAmount(-1)).toThrow(RangeError);
    expect(parseAmountToPaise('1299')).toBe(129_900);
    expect(parseAmountToPaise('1299.5')).toBe(129_950);
    expect(parseAmountToPaise('1299.50')).toBe(129_950);
    for (const bad of ['', ' 1', '1.', '1.234', '-1', '+1', '1e3', '0x10', '1,299.00', '١٢']) {
      expect(parseAmountToPaise(bad)).toBeNull();
    }
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (paise) => {
        expect(parseAmountToPaise(formatPaiseAmount(paise))).toBe(paise);
      }),
    );
  });
});

describe('UPI webhook signature', () => {
  const secret = 'whsec-test-0123456789abcdef';
  const body = '{"orderId":"RS-7KQ29XD3","utr":"412345678901","amount":1299,"status":"success"}';

  it('is the hex HMAC-SHA256 of the raw body', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(upiWebhookSignature(secret, body)).toBe(expected);
    expect(verifyUpiWebhookSignature(secret, Buffer.from(body), expected)).toBe(true);
    expect(verifyUpiWebhookSignature(secret, Buffer.from(body), expected.toUpperCase())).toBe(true);
  });

  it('refuses another body, another secret, a truncated or missing signature', () => {
    const signature = upiWebhookSignature(secret, body);
    expect(verifyUpiWebhookSignature(secret, `${body} `, signature)).toBe(false);
    expect(verifyUpiWebhookSignature('another-secret-0123456789', body, signature)).toBe(false);
    expect(verifyUpiWebhookSignature(secret, body, signature.slice(1))).toBe(false);
    expect(verifyUpiWebhookSignature(secret, body, undefined)).toBe(false);
    expect(verifyUpiWebhookSignature(secret, body, ['a', 'b'])).toBe(false);
    expect(verifyUpiWebhookSignature(secret, body, `sha256=${signature}`)).toBe(false);
  });
});
