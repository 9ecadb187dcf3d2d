import { describe, expect, it } from 'vitest';
import { GSTIN_PATTERN, maskIndianPhone } from '@shared/payments/payment-fields';
import { loadConfig } from '../../config';
import { paymentFieldDefinitions, TEST_MODE_NOTICE, validatePaymentSubmission } from './fields';
import { paymentSettings } from './settings';

const testMode = paymentSettings(loadConfig({}));
const live = paymentSettings(
  loadConfig({
    NODE_ENV: 'production',
    UPI_VPA: 'silkhouse@okaxis',
    PAYU_KEY: 'LiveKey',
    PAYU_SALT: 'LiveSalt',
  }),
);
const definitions = paymentFieldDefinitions(testMode);
const valid = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+919839041736',
  method: 'upi_qr',
  businessName: '',
  gstin: '',
};

describe('payment field definitions (docs/product.md §3)', () => {
  it('lists name, email, phone, method and the optional business pair', () => {
    expect(definitions.map((field) => [field.name, field.type, field.rules?.required ?? false])).toEqual([
      ['name', 'text', true],
      ['email', 'email', true],
      ['phone', 'tel', true],
      ['method', 'select', true],
      ['businessName', 'text', false],
      ['gstin', 'text', false],
    ]);
    const gstin = definitions.find((field) => field.name === 'gstin')!;
    expect(gstin.showWhenFilled).toEqual(['businessName']);
    expect(gstin.rules?.pattern).toBe(GSTIN_PATTERN);
    expect(definitions.find((field) => field.name === 'phone')!.mask).toBe('phone-in');
  });

  it('offers only configured methods, with their labels, and marks test mode', () => {
    const method = definitions.find((field) => field.name === 'method')!;
    expect(method.options).toEqual([
      { value: 'upi_qr', label: 'UPI QR code' },
      { value: 'upi_intent', label: 'UPI app on this phone' },
      { value: 'gateway', label: 'Cards, net banking and wallets' },
    ]);
    expect(method.description).toBe(TEST_MODE_NOTICE);
    const liveMethod = paymentFieldDefinitions(live).find((field) => field.name === 'method')!;
    expect(liveMethod.description).toBeUndefined();
    const gatewayOnly = paymentFieldDefinitions({ ...live, upi: null }).find(
      (field) => field.name === 'method',
    )!;
    expect(gatewayOnly.options).toEqual([{ value: 'gateway', label: 'Cards, net banking and wallets' }]);
    expect(gatewayOnly.defaultValue).toBe('gateway');
  });

  it('prefills the account name and e-mail', () => {
    const prefilled = paymentFieldDefinitions(testMode, { name: 'Asha Verma', email: 'asha@example.com' });
    expect(prefilled.find((field) => field.name === 'name')!.defaultValue).toBe('Asha Verma');
    expect(prefilled.find((field) => field.name === 'email')!.defaultValue).toBe('asha@example.com');
  });
});

describe('server-side validation with the shared rules (docs/product.md §5)', () => {
  it('accepts a valid submission and returns the payer', () => {
    expect(validatePaymentSubmission(definitions, valid)).toEqual({
      ok: true,
      method: 'upi_qr',
      payer: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736' },
    });
    expect(
      validatePaymentSubmission(definitions, {
        ...valid,
        businessName: ' Kashi Weaves ',
        gstin: '09AAACR5055K1Z5',
      }),
    ).toMatchObject({ ok: true, payer: { businessName: 'Kashi Weaves', gstin: '09AAACR5055K1Z5' } });
  });

  it.each([
    [{ name: '' }, { name: 'Please enter your name' }],
    [{ email: 'asha@' }, { email: 'Please enter a valid email address' }],
    [{ phone: '+91' }, { phone: 'This field is required' }],
    [{ phone: '9839041736' }, { phone: 'Phone number must start with +91' }],
    [{ phone: '+9198390' }, { phone: 'Phone number must be 13 characters (including +91)' }],
    [{ phone: '+911234567890' }, { phone: 'Invalid phone number format' }],
    [{ method: 'bitcoin' }, { method: 'Please choose one of the options' }],
    [{ method: '' }, { method: 'Please choose a payment method' }],
    [
      { businessName: 'Kashi Weaves', gstin: '09aaacr5055k1z5' },
      { gstin: 'Enter a valid 15-character GSTIN' },
    ],
    [{ name: 'Asha\u0000' }, { name: 'Must not contain control characters' }],
  ])('refuses %j', (change, fields) => {
    expect(validatePaymentSubmission(definitions, { ...valid, ...change })).toEqual({ ok: false, fields });
  });

  it('ignores a GSTIN that is hidden (no business name) and refuses a method this shop does not offer', () => {
    expect(validatePaymentSubmission(definitions, { ...valid, gstin: 'nonsense' })).toMatchObject({
      ok: true,
    });
    expect(validatePaymentSubmission(definitions, { ...valid, gstin: 'nonsense' })).not.toHaveProperty(
      'payer.gstin',
    );
    const upiOnly = paymentFieldDefinitions({ ...testMode, gateway: null });
    expect(validatePaymentSubmission(upiOnly, { ...valid, method: 'gateway' })).toEqual({
      ok: false,
      fields: { method: 'Please choose one of the options' },
    });
  });

  it('accepts every number the +91 mask produces from 10 mobile digits', () => {
    for (const typed of ['98390 41736', '+91 98390-41736', '919839041736', '09839041736'.slice(1)]) {
      expect(
        validatePaymentSubmission(definitions, { ...valid, phone: maskIndianPhone(typed) }),
      ).toMatchObject({
        ok: true,
      });
    }
  });
});
