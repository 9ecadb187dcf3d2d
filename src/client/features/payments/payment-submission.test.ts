import { describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { ApiError } from '@client/lib/api-client';
import { hasPhoneMask, paymentFailure, submittedFields } from './payment-submission';
import { PAYMENT_CALL_FAILED } from './payment-texts';

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
