import { describe, expect, it } from 'vitest';
import { paymentResponseSchema, type PaymentResponse } from '@shared/payments/payment-response';
import { decidePaymentStep, qrImageSource, upiIdOf } from './payment-step';
import { UNKNOWN_PAYMENT_ERROR } from './payment-texts';

const PAGE = 'https://shop.example.in';
const GATEWAY = 'https://secure.payu.in';
const decide = (response: PaymentResponse, gateways: string[] = []) =>
  decidePaymentStep(response, gateways, PAGE);

const UPI = 'upi://pay?pa=resham@okicici&pn=Resham&am=1299.00&cu=INR&tn=RS-7KQ29XD3';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('qrImageSource', () => {
  it('adds the PNG data-URI prefix to bare base64 and keeps image data URIs', () => {
    expect(qrImageSource(PNG)).toBe(`data:image/png;base64,${PNG}`);
    expect(qrImageSource(`  ${PNG.slice(0, 20)}\n${PNG.slice(20)} `)).toBe(`data:image/png;base64,${PNG}`);
    expect(qrImageSource(`data:image/png;base64,${PNG}`)).toBe(`data:image/png;base64,${PNG}`);
  });

  it('refuses other data types, non-base64 text and empty values', () => {
    expect(qrImageSource('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(qrImageSource('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(qrImageSource('javascript:alert(1)')).toBeNull();
    expect(qrImageSource('')).toBeNull();
    expect(qrImageSource(undefined)).toBeNull();
    expect(qrImageSource(42)).toBeNull();
  });
});

describe('decidePaymentStep (docs/product.md §4)', () => {
  const formParams = {
    type: 'payu',
    url: `${GATEWAY}/_payment`,
    data: { key: 'gtKFFx', txnid: 'RS-7KQ29XD3-1', amount: '1299.00', hash: 'abc123' },
  };

  it('redirect_post posts to redirectUrl with type, url and data', () => {
    expect(
      decide({
        success: true,
        action: { type: 'redirect_post', redirectUrl: '/api/v1/payments/bridge', formParams },
      }),
    ).toEqual({ kind: 'post-form', action: `${PAGE}/api/v1/payments/bridge`, params: formParams });
  });

  it('redirect_post without redirectUrl posts to formParams.url when its origin is announced', () => {
    expect(decide({ success: true, action: { type: 'redirect_post', formParams } }, [GATEWAY])).toEqual({
      kind: 'post-form',
      action: `${GATEWAY}/_payment`,
      params: formParams,
    });
    expect(decide({ success: true, action: { type: 'redirect_post', formParams } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
      refusedUrl: `${GATEWAY}/_payment`,
    });
  });

  it('redirect_post to a refused or missing target is the unknown error', () => {
    for (const redirectUrl of ['javascript:alert(1)', 'http://evil.example/post', UPI]) {
      expect(
        decide({ success: true, action: { type: 'redirect_post', redirectUrl, formParams } }),
      ).toMatchObject({
        kind: 'error',
        message: UNKNOWN_PAYMENT_ERROR,
        refusedUrl: redirectUrl,
      });
    }
    expect(decide({ success: true, action: { type: 'redirect_post' } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
  });

  it('deeplink navigates to its upi: or same-origin redirectUrl, and refuses others', () => {
    expect(
      decide({
        success: true,
        action: { type: 'deeplink', redirectUrl: UPI },
        amount: 1299,
        orderId: 'RS-7KQ29XD3',
      }),
    ).toEqual({
      kind: 'navigate',
      url: UPI,
      // The QR screen waits for the payment, with the same link as a QR for a desktop browser.
      qr: {
        kind: 'qr',
        qrText: UPI,
        qrImage: null,
        upiUri: UPI,
        amount: 1299,
        orderId: 'RS-7KQ29XD3',
        upiId: 'resham@okicici',
        testMode: false,
      },
    });
    expect(decide({ success: true, action: { type: 'deeplink', redirectUrl: '/orders' } })).toEqual({
      kind: 'navigate',
      url: `${PAGE}/orders`,
    });
    for (const redirectUrl of [
      'javascript:alert(document.cookie)',
      'data:text/html,x',
      'http://evil.example',
    ]) {
      expect(decide({ success: true, action: { type: 'deeplink', redirectUrl } })).toEqual({
        kind: 'error',
        message: UNKNOWN_PAYMENT_ERROR,
        refusedUrl: redirectUrl,
      });
    }
    expect(decide({ success: true, action: { type: 'deeplink' } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
  });

  it('qr shows the QR screen from the qr text, with amount, order number and test mode', () => {
    expect(
      decide({
        success: true,
        action: { type: 'qr', qr: UPI },
        amount: 1299,
        orderId: 'RS-7KQ29XD3',
        testMode: true,
      }),
    ).toEqual({
      kind: 'qr',
      qrText: UPI,
      qrImage: null,
      upiUri: UPI,
      amount: 1299,
      orderId: 'RS-7KQ29XD3',
      upiId: 'resham@okicici',
      testMode: true,
    });
    // The server's upiId wins over the one in the link.
    expect(decide({ success: true, action: { type: 'qr', qr: UPI }, upiId: 'shop@ybl' })).toMatchObject({
      kind: 'qr',
      upiId: 'shop@ybl',
    });
  });

  it('qr from base64 gets the data-URI prefix; a non-upi qr text is drawn but never followed', () => {
    expect(decide({ success: true, action: { type: 'qr', qrBase64: PNG } })).toEqual({
      kind: 'qr',
      qrText: null,
      qrImage: `data:image/png;base64,${PNG}`,
      upiUri: null,
      amount: null,
      orderId: null,
      upiId: null,
      testMode: false,
    });
    expect(decide({ success: true, action: { type: 'qr', qr: 'javascript:alert(1)' } })).toMatchObject({
      kind: 'qr',
      qrText: 'javascript:alert(1)',
      upiUri: null,
    });
  });

  it('upiIdOf reads the pa of a upi: text, and nothing else', () => {
    expect(upiIdOf('upi://pay?pa=shop@okaxis&pn=Silk%20House&am=1.00')).toBe('shop@okaxis');
    expect(upiIdOf('upi://pay?pn=Silk')).toBeNull();
    expect(upiIdOf('https://example.com/?pa=shop@okaxis')).toBeNull();
    expect(upiIdOf(null)).toBeNull();
  });

  it('qr with nothing to show, or an unknown action type, is the unknown error', () => {
    expect(decide({ success: true, action: { type: 'qr', qrBase64: 'data:text/html,x' } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
  });

  it('an unknown action type or an answer that is not an object never reaches the decision', () => {
    // The shared schema refuses them, and the page shows the unknown error for an answer outside the contract.
    for (const body of [{ success: true, action: { type: 'teleport' } }, null, undefined, 'ok', [], 42]) {
      expect(paymentResponseSchema.safeParse(body).success).toBe(false);
    }
  });

  it('a top-level redirectUrl navigates there when allowed', () => {
    expect(decide({ success: true, redirectUrl: '/order-success?orderId=RS-1' })).toEqual({
      kind: 'navigate',
      url: `${PAGE}/order-success?orderId=RS-1`,
    });
    expect(decide({ success: true, redirectUrl: `${GATEWAY}/pay/1` }, [GATEWAY])).toEqual({
      kind: 'navigate',
      url: `${GATEWAY}/pay/1`,
    });
    expect(decide({ success: true, redirectUrl: 'http://evil.example' })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
      refusedUrl: 'http://evil.example',
    });
  });

  it('success with no action and no redirect is done (Payment initiated → /orders)', () => {
    expect(decide({ success: true })).toEqual({ kind: 'done' });
    expect(decide({ success: true, redirectUrl: '  ' })).toEqual({ kind: 'done' });
  });

  it('success false shows the server error as is, else the unknown error', () => {
    expect(decide({ success: false, error: 'This order has already been paid' })).toEqual({
      kind: 'error',
      message: 'This order has already been paid',
    });
    expect(decide({ success: false })).toEqual({ kind: 'error', message: UNKNOWN_PAYMENT_ERROR });
    expect(decide({ success: false, error: '' })).toEqual({ kind: 'error', message: UNKNOWN_PAYMENT_ERROR });
    // A failed answer never leads anywhere, whatever else it carries.
    expect(decide({ success: false, action: { type: 'deeplink', redirectUrl: UPI } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
  });
});
