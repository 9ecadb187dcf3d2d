import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@shared/payments/payment-response';
import { normalisePaymentFields } from './payments-api';

const name = { name: 'name', label: 'Full name', type: 'text', rules: { required: true } };
const method = {
  name: 'method',
  label: 'Payment method',
  type: 'select',
  placeholder: 'Choose how to pay',
  options: Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
  rules: { required: true },
};

describe('normalisePaymentFields (docs/product.md §7)', () => {
  it('reads a bare array of definitions', () => {
    const { fields, gatewayOrigins } = normalisePaymentFields([name, method]);
    expect(fields.map((field) => field.name)).toEqual(['name', 'method']);
    expect(fields[0]).toMatchObject({
      name: 'name',
      label: 'Full name',
      type: 'text',
      rules: { required: true },
    });
    expect(fields[1]!.options).toEqual([
      { value: 'upi_qr', label: 'UPI QR code' },
      { value: 'upi_intent', label: 'UPI app on this phone' },
      { value: 'gateway', label: 'Cards, net banking and wallets' },
      { value: 'cod', label: 'Cash on delivery' },
    ]);
    expect(gatewayOrigins).toEqual([]);
  });

  it('reads an object with a fields array, and the gateway origins it announces', () => {
    const { fields, gatewayOrigins } = normalisePaymentFields({
      fields: [name],
      gatewayOrigins: ['https://secure.payu.in/_payment', 'https://secure.payu.in', 'javascript:alert(1)', 7],
      gatewayOrigin: 'https://test.payu.in',
    });
    expect(fields.map((field) => field.name)).toEqual(['name']);
    expect(gatewayOrigins).toEqual(['https://secure.payu.in', 'https://test.payu.in']);
  });

  it("keeps a choice's amount (the server's total for that method) when it is a number", () => {
    const withCod = {
      ...method,
      options: [
        { value: 'upi_qr', label: 'UPI QR code', amount: '1999' },
        { value: 'cod', label: 'Cash on delivery', amount: 2048 },
      ],
    };
    expect(normalisePaymentFields([withCod]).fields[0]!.options).toEqual([
      { value: 'upi_qr', label: 'UPI QR code' },
      { value: 'cod', label: 'Cash on delivery', amount: 2048 },
    ]);
  });

  it('treats anything else as empty', () => {
    for (const body of [null, undefined, '', 'fields', 42, true, {}, { fields: 'name' }, { data: [name] }]) {
      expect(normalisePaymentFields(body)).toEqual({ fields: [], gatewayOrigins: [] });
    }
  });

  it('drops entries without a name and repeated names; unknown types render as text', () => {
    const { fields } = normalisePaymentFields([
      null,
      'name',
      { label: 'No name', type: 'text' },
      { name: '  ', label: 'Blank', type: 'text' },
      name,
      { ...name, label: 'Second name' },
      { name: 'colour', type: 'color' },
    ]);
    expect(fields.map((field) => [field.name, field.label, field.type])).toEqual([
      ['name', 'Full name', 'text'],
      ['colour', 'colour', 'text'],
    ]);
  });

  it('keeps every property of the definition with its expected kind', () => {
    const [field] = normalisePaymentFields([
      {
        name: 'phone',
        label: 'Phone',
        type: 'tel',
        placeholder: '+91 98765 43210',
        description: 'For UPI collect requests',
        inline: true,
        mask: 'phone-in',
        defaultValue: '+91',
        rules: { required: true, minLength: 13, maxLength: 13, pattern: '^\\+91[6-9]\\d{9}$', extra: 1 },
        rulesMessages: ['Phone is required', 5, 'Bad phone'],
        showWhenFilled: ['email', null],
        options: ['a', { value: 'b' }, { label: 'no value' }],
      },
    ]).fields;
    expect(field).toEqual({
      name: 'phone',
      label: 'Phone',
      type: 'tel',
      placeholder: '+91 98765 43210',
      description: 'For UPI collect requests',
      inline: true,
      mask: 'phone-in',
      defaultValue: '+91',
      rules: { required: true, minLength: 13, maxLength: 13, pattern: '^\\+91[6-9]\\d{9}$' },
      rulesMessages: ['Phone is required', 'Bad phone'],
      showWhenFilled: ['email'],
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
      ],
    });
  });

  it('checkbox defaults stay booleans; a definition without rules has none', () => {
    const [terms] = normalisePaymentFields([
      { name: 'terms', label: 'I agree', type: 'checkbox', defaultValue: true },
    ]).fields;
    expect(terms).toMatchObject({ type: 'checkbox', defaultValue: true, rules: undefined, inline: false });
  });
});
