import { describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { startingValues } from './payment-prefill';

const field = (definition: Partial<PaymentFieldDefinition> & { name: string }): PaymentFieldDefinition =>
  ({ label: definition.name, type: 'text', ...definition }) as PaymentFieldDefinition;

const FORM = [
  field({ name: 'method', type: 'select', defaultValue: 'upi' }),
  field({ name: 'name', rules: { required: true } }),
  field({ name: 'email', type: 'email', defaultValue: 'asha@example.com', rules: { required: true } }),
  field({ name: 'phone', type: 'tel', rules: { required: true } }),
  field({ name: 'gstin' }),
];

describe('startingValues', () => {
  it("fills the empty name and phone from the order's shipping address, keeping the account's defaults", () => {
    expect(startingValues(FORM, { name: ' Asha Verma ', phone: '+91 98390 41736' })).toEqual({
      method: 'upi',
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: '+919839041736',
      gstin: '',
    });
  });

  it('never replaces a default the server gave, and leaves +91 when there is no phone', () => {
    const withName = [field({ name: 'name', defaultValue: 'Asha V' }), ...FORM.slice(2)];
    expect(startingValues(withName, { name: 'Meera Iyer' })).toEqual({
      name: 'Asha V',
      email: 'asha@example.com',
      phone: '+91',
      gstin: '',
    });
    expect(startingValues(FORM).phone).toBe('+91');
  });
});
