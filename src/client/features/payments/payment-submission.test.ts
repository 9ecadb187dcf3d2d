import { describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { ApiError } from '@client/lib/api-client';
import {
  hasPhoneMask,
  isFieldRefusal,
  paymentFailure,
  paymentResolver,
  submittedFields,
} from './payment-submission';
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

describe('paymentFailure and isFieldRefusal (docs/product.md §8)', () => {
  it('no answer or a 5xx is the payment call failure', () => {
    expect(paymentFailure(new ApiError('No response from server', 0))).toBe(PAYMENT_CALL_FAILED);
    expect(
      paymentFailure(new ApiError('Internal server error', 500, { error: 'Internal server error' })),
    ).toBe(PAYMENT_CALL_FAILED);
    expect(paymentFailure(new TypeError('boom'))).toBe(PAYMENT_CALL_FAILED);
  });

  it('a 400 with fields is for the form; a 5xx with fields is not', () => {
    const refused = new ApiError('Invalid fields', 400, {
      error: 'Invalid fields: email, fields.phone',
      fields: { email: 'Please enter a valid email address', 'fields.phone': 'Invalid phone number format' },
    });
    expect(isFieldRefusal(refused)).toBe(true);
    expect(isFieldRefusal(new ApiError('x', 400, { error: 'Invalid request' }))).toBe(false);
    expect(isFieldRefusal(new ApiError('x', 500, { error: 'x', fields: { email: 'x' } }))).toBe(false);
    expect(isFieldRefusal(new Error('x'))).toBe(false);
  });

  it('a 400 naming no input, a 404 and a 409 show the server error as is', () => {
    expect(
      paymentFailure(
        new ApiError('x', 400, { error: 'Invalid field: orderId', fields: { orderId: 'is required' } }),
      ),
    ).toBe('Invalid field: orderId');
    expect(paymentFailure(new ApiError('x', 404, { error: 'Order not found' }))).toBe('Order not found');
    expect(
      paymentFailure(new ApiError('x', 409, { success: false, error: 'This order has already been paid' })),
    ).toBe('This order has already been paid');
    expect(paymentFailure(new ApiError('x', 409, null))).toBe(PAYMENT_CALL_FAILED);
  });
});

describe('paymentResolver (the shared payment-field rules as the form resolver)', () => {
  const definitions: PaymentFieldDefinition[] = [
    { name: 'email', label: 'E-mail', type: 'email', rules: { required: true } },
    { name: 'phone', label: 'Mobile number', type: 'tel', rules: { required: true } },
    { name: 'gstin', label: 'GSTIN', type: 'text', rules: { required: true }, showWhenFilled: ['company'] },
    { name: 'company', label: 'Company', type: 'text' },
  ];
  const resolve = (values: Record<string, string>) =>
    paymentResolver(definitions)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('passes valid values through', async () => {
    const values = { email: 'meera@example.com', phone: '+919839041736', gstin: '', company: '' };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it("gives the storefront's message per invalid visible field and leaves hidden fields alone", async () => {
    const result = await resolve({ email: 'meera@bad', phone: '+91', gstin: '', company: '' });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      email: { type: 'validate', message: 'Please enter a valid email address' },
      phone: { type: 'validate', message: 'This field is required' },
    });
    const withCompany = await resolve({
      email: 'meera@example.com',
      phone: '+919839041736',
      gstin: '',
      company: 'Zari',
    });
    expect(Object.keys(withCompany.errors)).toEqual(['gstin']);
  });
});
