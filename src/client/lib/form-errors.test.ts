import { describe, expect, it } from 'vitest';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { apiErrorFrom } from './api-client';
import { setFieldErrors } from './form-errors';

/** A `setError` that records its calls, as react-hook-form's would receive them. */
function recordingSetError<Form extends FieldValues>() {
  const calls: { name: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError: UseFormSetError<Form> = (name, error, options) =>
    void calls.push({ name, message: error.message, focus: options?.shouldFocus });
  return { calls, setError };
}

describe('setFieldErrors', () => {
  type Address = { city: string; postalCode: string };
  const error = apiErrorFrom(400, {
    error: 'Invalid fields: shippingAddress.postalCode, products.p2, shippingAddress.city',
    fields: {
      'shippingAddress.postalCode': 'must be a 6-digit PIN code not starting with 0',
      'products.p2': 'quantity must be a whole number from 1 to 10',
      'shippingAddress.city': 'is required',
    },
  });

  it('sets the fields the form has (after the prefix), focusing the first, and returns the rest', () => {
    const { calls, setError } = recordingSetError<Address>();
    const { shown, rest } = setFieldErrors(error, setError, ['city', 'postalCode'], {
      prefix: 'shippingAddress.',
      message: (field, text) => `${field} ${text}`,
    });
    expect(calls).toEqual([
      {
        name: 'postalCode',
        message: 'postalCode must be a 6-digit PIN code not starting with 0',
        focus: true,
      },
      { name: 'city', message: 'city is required', focus: false },
    ]);
    expect(shown).toEqual(['postalCode', 'city']);
    expect(rest).toEqual([['products.p2', 'quantity must be a whole number from 1 to 10']]);
  });

  it('takes keys without a prefix, leaves names the form lacks, and does nothing for other errors', () => {
    const { calls, setError } = recordingSetError<{ firstName: string; email: string }>();
    const registerError = apiErrorFrom(400, {
      error: 'Invalid fields: email, role',
      fields: { email: 'Invalid email address', role: 'nope' },
    });
    expect(setFieldErrors(registerError, setError, ['firstName', 'email'])).toEqual({
      shown: ['email'],
      rest: [['role', 'nope']],
    });
    expect(calls).toEqual([{ name: 'email', message: 'Invalid email address', focus: true }]);
    expect(setFieldErrors(new Error('boom'), setError, ['email'])).toEqual({ shown: [], rest: [] });
    expect(calls).toHaveLength(1);
  });

  it('reads bare and prefixed keys alike (the payment answer names `email` or `fields.phone`)', () => {
    const { calls, setError } = recordingSetError<{ name: string; email: string; phone: string }>();
    const refused = apiErrorFrom(400, {
      error: 'Invalid fields: email, fields.phone',
      fields: { email: 'Please enter a valid email address', 'fields.phone': 'Invalid phone number format' },
    });
    expect(
      setFieldErrors(refused, setError, ['name', 'email', 'phone'], { prefix: 'fields.' }).shown,
    ).toEqual(['email', 'phone']);
    expect(calls.map((call) => [call.name, call.message])).toEqual([
      ['email', 'Please enter a valid email address'],
      ['phone', 'Invalid phone number format'],
    ]);
  });
});

describe('setFieldErrors with a function naming the field', () => {
  it('takes the field the function names for each key (after the prefix), and leaves the rest', () => {
    type Delivery = { codFee: string; zones: { pinPrefixes: string }[] };
    const { calls, setError } = recordingSetError<Delivery>();
    const refused = apiErrorFrom(400, {
      error: 'Invalid fields: cod.fee, zones.0.pinPrefixes.2, flat',
      fields: {
        'cod.fee': 'must be 0 or more',
        'zones.0.pinPrefixes.2': 'must be 1 to 6 digits',
        flat: 'nope',
      },
    });
    const fieldOf = (key: string): 'codFee' | 'zones.0.pinPrefixes' | undefined =>
      key === 'cod.fee'
        ? 'codFee'
        : key.startsWith('zones.0.pinPrefixes')
          ? 'zones.0.pinPrefixes'
          : undefined;
    const { shown, rest } = setFieldErrors(refused, setError, fieldOf, {
      message: (field, text, key) => `${field} (${key}): ${text}`,
    });
    expect(shown).toEqual(['codFee', 'zones.0.pinPrefixes']);
    expect(rest).toEqual([['flat', 'nope']]);
    expect(calls).toEqual([
      { name: 'codFee', message: 'codFee (cod.fee): must be 0 or more', focus: true },
      {
        name: 'zones.0.pinPrefixes',
        message: 'zones.0.pinPrefixes (zones.0.pinPrefixes.2): must be 1 to 6 digits',
        focus: false,
      },
    ]);
  });
});
