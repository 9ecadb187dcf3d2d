import { describe, expect, it } from 'vitest';
import {
  GSTIN_PATTERN,
  hasEmptyRequiredField,
  initialFieldValue,
  isFieldVisible,
  maskIndianPhone,
  validateField,
  validatePaymentFields,
  type PaymentFieldDefinition,
} from './payment-fields';

const phone: PaymentFieldDefinition = {
  name: 'phone',
  label: 'Phone',
  type: 'tel',
  rules: { required: true },
};
const email: PaymentFieldDefinition = {
  name: 'email',
  label: 'E-mail',
  type: 'email',
  rules: { required: true },
};
const business: PaymentFieldDefinition = { name: 'businessName', label: 'Business name', type: 'text' };
const gstin: PaymentFieldDefinition = {
  name: 'gstin',
  label: 'GSTIN',
  type: 'text',
  rules: { pattern: GSTIN_PATTERN },
  rulesMessages: ['', 'Enter a valid 15-character GSTIN'],
  showWhenFilled: ['businessName'],
};

describe('payment fields (docs/product.md §5)', () => {
  it('masks phone numbers to +91 and at most 10 digits', () => {
    expect(maskIndianPhone('')).toBe('+91');
    expect(maskIndianPhone('+9')).toBe('+91');
    expect(maskIndianPhone('98390 41736')).toBe('+919839041736');
    expect(maskIndianPhone('+91 98390-41736 99')).toBe('+919839041736');
    expect(maskIndianPhone('919839041736')).toBe('+919839041736');
    expect(maskIndianPhone('+91abc98')).toBe('+9198');
    // '+91' typed or pasted again after the prefilled prefix.
    expect(maskIndianPhone('+91+91 98390 41736')).toBe('+919839041736');
    expect(maskIndianPhone('+91+')).toBe('+91');
  });

  it('uses the required message, or rulesMessages[0]', () => {
    expect(validateField({ ...email }, '')).toBe('This field is required');
    expect(validateField({ ...email, rulesMessages: ['E-mail please'] }, '  ')).toBe('E-mail please');
    expect(validateField(phone, '+91')).toBe('This field is required');
    expect(validateField(business, '')).toBeNull();
  });

  it('checks e-mail and phone formats with the storefront texts', () => {
    expect(validateField(email, 'a@b')).toBe('Please enter a valid email address');
    expect(validateField(email, 'a@b.in')).toBeNull();
    expect(validateField(phone, '9839041736')).toBe('Phone number must start with +91');
    expect(validateField(phone, '+9198390')).toBe('Phone number must be 13 characters (including +91)');
    expect(validateField(phone, '+919839041736')).toBeNull();
    expect(validateField({ ...phone, rules: { required: true, minLength: 13 } }, '+91983')).toBe(
      'Phone number must have at least 13 characters',
    );
    expect(validateField({ ...phone, rules: { required: true, maxLength: 13 } }, '+9198390417361')).toBe(
      'Phone number must have no more than 13 characters',
    );
    expect(
      validateField({ ...phone, rules: { required: true, pattern: '^\\+91[6-9]\\d{9}$' } }, '+911234567890'),
    ).toBe('Invalid phone number format');
  });

  it('shows a field only when one of its showWhenFilled fields is filled, and validates only visible fields', () => {
    const all = [business, gstin];
    expect(isFieldVisible(gstin, { businessName: '' }, all)).toBe(false);
    expect(isFieldVisible(gstin, { businessName: 'Kashi Weaves' }, all)).toBe(true);
    expect(validatePaymentFields(all, { businessName: '', gstin: 'nonsense' })).toEqual({});
    expect(validatePaymentFields(all, { businessName: 'Kashi Weaves', gstin: 'nonsense' })).toEqual({
      gstin: 'Enter a valid 15-character GSTIN',
    });
    expect(validatePaymentFields(all, { businessName: 'Kashi Weaves', gstin: '09AAACR5055K1Z5' })).toEqual(
      {},
    );
  });

  it('prefills a required phone with +91 and disables submit while a visible required field is empty', () => {
    expect(initialFieldValue(phone)).toBe('+91');
    expect(initialFieldValue({ ...phone, rules: {} })).toBe('');
    expect(initialFieldValue({ name: 'agree', label: 'I agree', type: 'checkbox', defaultValue: true })).toBe(
      true,
    );
    expect(hasEmptyRequiredField([email, phone], { email: 'a@b.in', phone: '+91' })).toBe(true);
    expect(hasEmptyRequiredField([email, phone], { email: 'a@b.in', phone: '+919839041736' })).toBe(false);
  });

  it('refuses a select value outside its options', () => {
    const method: PaymentFieldDefinition = {
      name: 'method',
      label: 'Method',
      type: 'select',
      rules: { required: true },
      options: [{ value: 'upi_qr', label: 'UPI QR code' }],
    };
    expect(validateField(method, 'cash')).toBe('Please choose one of the options');
    expect(validateField(method, 'upi_qr')).toBeNull();
  });
});
