// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { ApiError } from '@client/lib/api-client';
import {
  allowedDestination,
  buildRedirectPostForm,
  decidePaymentStep,
  hasPhoneMask,
  orderPaymentState,
  PAYMENT_CALL_FAILED,
  paymentFailure,
  qrImageSource,
  submittedFields,
  successPath,
  UNKNOWN_PAYMENT_ERROR,
} from './payment-actions';

const PAGE = 'https://shop.example.in';
const GATEWAY = 'https://secure.payu.in';
const decide = (response: unknown, gateways: string[] = []) => decidePaymentStep(response, gateways, PAGE);

const UPI = 'upi://pay?pa=resham@okicici&pn=Resham&am=1299.00&cu=INR&tn=RS-7KQ29XD3';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('spec texts', () => {
  it('are exact', async () => {
    const texts = await import('./payment-actions');
    expect(texts.PAYMENT_TITLE).toBe('Complete Your Payment');
    expect(texts.QR_TITLE).toBe('Scan QR Code to Complete Payment');
    expect(texts.ORDER_ID_MISSING).toBe('Order ID is missing. Please return to checkout.');
    expect(texts.FIELDS_LOAD_ERROR).toBe('Failed to load payment form. Please try again later.');
    expect(texts.PAYMENT_CALL_FAILED).toBe('Failed to process payment. Please try again later.');
    expect(texts.UNKNOWN_PAYMENT_ERROR).toBe('Unknown error occurred during payment process');
    expect(texts.RETURN_TO_CHECKOUT).toBe('Return to checkout');
    expect(texts.PAYMENT_INITIATED_TITLE).toBe('Payment initiated');
    expect(texts.PAYMENT_INITIATED_DESCRIPTION).toBe('Your payment is being processed');
    expect(texts.VALIDATION_ERROR_TITLE).toBe('Validation Error');
    expect(texts.VALIDATION_ERROR_DESCRIPTION).toBe('Please correct the errors in the form');
    expect(texts.PROCESSING_LABEL).toBe('Processing...');
    expect(texts.SCAN_HINT).toBe('Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM)');
  });
});

describe('allowedDestination', () => {
  it('allows upi: URIs, relative paths, the page origin and announced gateway origins', () => {
    expect(allowedDestination(UPI, [], PAGE)).toBe(UPI);
    expect(allowedDestination('/api/v1/payments/redirect/abc', [], PAGE)).toBe(
      `${PAGE}/api/v1/payments/redirect/abc`,
    );
    expect(allowedDestination(`${PAGE}/order-success?orderId=RS-1`, [], PAGE)).toBe(
      `${PAGE}/order-success?orderId=RS-1`,
    );
    expect(allowedDestination(`${GATEWAY}/_payment`, [GATEWAY], PAGE)).toBe(`${GATEWAY}/_payment`);
    // An announced origin given as a full URL counts by its origin.
    expect(allowedDestination(`${GATEWAY}/_payment`, [`${GATEWAY}/merchant/x`], PAGE)).toBe(
      `${GATEWAY}/_payment`,
    );
  });

  it('refuses javascript:, data:, other schemes and other origins', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://evil.example/pay',
      '//evil.example/pay',
      'https://shop.example.in.evil.example/',
      'http://shop.example.in/pay', // same host, other scheme: another origin
      'https://user:pass@shop.example.in/pay',
      'ftp://shop.example.in/file',
      'intent://pay#Intent;scheme=upi;end',
      `${GATEWAY}/_payment`, // not announced
    ]) {
      expect(allowedDestination(url, [], PAGE), url).toBeNull();
    }
    expect(allowedDestination('http://evil.example/pay', [GATEWAY], PAGE)).toBeNull();
  });
});

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

describe('decidePaymentStep (spec §4)', () => {
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
      testMode: true,
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
      testMode: false,
    });
    expect(decide({ success: true, action: { type: 'qr', qr: 'javascript:alert(1)' } })).toMatchObject({
      kind: 'qr',
      qrText: 'javascript:alert(1)',
      upiUri: null,
    });
  });

  it('qr with nothing to show, or an unknown action type, is the unknown error', () => {
    expect(decide({ success: true, action: { type: 'qr', qrBase64: 'data:text/html,x' } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
    expect(decide({ success: true, action: { type: 'teleport' } })).toEqual({
      kind: 'error',
      message: UNKNOWN_PAYMENT_ERROR,
    });
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
    for (const body of [null, undefined, 'ok', [], 42]) {
      expect(decide(body)).toEqual({ kind: 'error', message: UNKNOWN_PAYMENT_ERROR });
    }
  });
});

describe('buildRedirectPostForm', () => {
  it('builds a hidden POST form with type, url and data[key] inputs without parsing HTML', () => {
    const form = buildRedirectPostForm(document, {
      action: `${GATEWAY}/_payment`,
      params: {
        type: 'payu',
        url: `${GATEWAY}/_payment`,
        data: { key: 'gtKFFx', productinfo: '"><img src=x onerror=alert(1)>' },
      },
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${GATEWAY}/_payment`);
    expect(form.hidden).toBe(true);
    const inputs = Array.from(form.querySelectorAll('input'), (input) => [
      input.type,
      input.name,
      input.value,
    ]);
    expect(inputs).toEqual([
      ['hidden', 'type', 'payu'],
      ['hidden', 'url', `${GATEWAY}/_payment`],
      ['hidden', 'data[key]', 'gtKFFx'],
      ['hidden', 'data[productinfo]', '"><img src=x onerror=alert(1)>'],
    ]);
    expect(form.querySelector('img')).toBeNull();
  });
});

describe('submittedFields', () => {
  const definitions: PaymentFieldDefinition[] = [
    { name: 'name', label: 'Name', type: 'text', rules: { required: true } },
    { name: 'phone', label: 'Phone', type: 'tel' },
    { name: 'gstin', label: 'GSTIN', type: 'text', showWhenFilled: ['company'] },
    { name: 'company', label: 'Company', type: 'text' },
    { name: 'terms', label: 'I agree', type: 'checkbox' },
  ];

  it('sends visible fields only, a bare +91 as empty, and ticks as booleans', () => {
    expect(
      submittedFields(definitions, {
        name: 'Asha',
        phone: '+91',
        gstin: '27AAPFU0939F1ZV',
        company: '',
        terms: true,
      }),
    ).toEqual({ name: 'Asha', phone: '', company: '', terms: true });
    expect(
      submittedFields(definitions, { name: 'Asha', phone: '+919839041736', gstin: 'X', company: 'Zari' }),
    ).toEqual({ name: 'Asha', phone: '+919839041736', gstin: 'X', company: 'Zari', terms: false });
  });

  it('hasPhoneMask: tel fields, names containing phone, and the phone-in mask', () => {
    expect(hasPhoneMask({ name: 'contact', label: 'Contact', type: 'tel' })).toBe(true);
    expect(hasPhoneMask({ name: 'customerPhone', label: 'Mobile', type: 'text' })).toBe(true);
    expect(hasPhoneMask({ name: 'mobile', label: 'Mobile', type: 'text', mask: 'phone-in' })).toBe(true);
    expect(hasPhoneMask({ name: 'upiId', label: 'UPI ID', type: 'text' })).toBe(false);
  });
});

describe('paymentFailure (spec §8)', () => {
  const names = ['name', 'email', 'phone'];

  it('no answer or a 5xx is the payment call failure', () => {
    expect(paymentFailure(new ApiError('No response from server', 0), names)).toEqual({
      message: PAYMENT_CALL_FAILED,
      fieldErrors: {},
    });
    expect(
      paymentFailure(new ApiError('Internal server error', 500, { error: 'Internal server error' }), names),
    ).toEqual({ message: PAYMENT_CALL_FAILED, fieldErrors: {} });
    expect(paymentFailure(new TypeError('boom'), names)).toEqual({
      message: PAYMENT_CALL_FAILED,
      fieldErrors: {},
    });
  });

  it('a 400 with fields maps them to the inputs (bare or fields.-prefixed names)', () => {
    const error = new ApiError('Invalid fields', 400, {
      error: 'Invalid fields: email, fields.phone',
      fields: { email: 'Please enter a valid email address', 'fields.phone': 'Invalid phone number format' },
    });
    expect(paymentFailure(error, names)).toEqual({
      message: null,
      fieldErrors: { email: 'Please enter a valid email address', phone: 'Invalid phone number format' },
    });
  });

  it('a 400 naming no input, a 404 and a 409 show the server error as is', () => {
    expect(
      paymentFailure(
        new ApiError('x', 400, { error: 'Invalid field: orderId', fields: { orderId: 'is required' } }),
        names,
      ),
    ).toEqual({ message: 'Invalid field: orderId', fieldErrors: {} });
    expect(paymentFailure(new ApiError('x', 404, { error: 'Order not found' }), names).message).toBe(
      'Order not found',
    );
    expect(
      paymentFailure(
        new ApiError('x', 409, { success: false, error: 'This order has already been paid' }),
        names,
      ).message,
    ).toBe('This order has already been paid');
    expect(paymentFailure(new ApiError('x', 409, null), names).message).toBe(PAYMENT_CALL_FAILED);
  });
});

describe('orderPaymentState and successPath', () => {
  it('paid once Processing or later, cancelled for 4, else pending', () => {
    expect(orderPaymentState(0)).toBe('pending');
    expect(orderPaymentState(undefined)).toBe('pending');
    expect(orderPaymentState(1)).toBe('paid');
    expect(orderPaymentState(2)).toBe('paid');
    expect(orderPaymentState(3)).toBe('paid');
    expect(orderPaymentState(4)).toBe('cancelled');
    expect(orderPaymentState(9)).toBe('pending');
  });

  it('names the order on the thank-you page', () => {
    expect(successPath('RS-7KQ29XD3')).toBe('/order-success?orderId=RS-7KQ29XD3');
  });
});
