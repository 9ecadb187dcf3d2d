import { describe, expect, it } from 'vitest';
import { ADMIN_PAYMENT_METHODS } from '../admin/admin-order-schemas';
import { paymentLabel, paymentMethodText, paymentStatusLabel } from './payment-labels';

describe('payment labels', () => {
  it('names every provider and filter value in words, never by its code', () => {
    expect(paymentLabel('cod')).toBe('Cash on delivery');
    expect(paymentLabel('upi')).toBe('UPI');
    expect(paymentLabel('payu')).toBe('Card / net banking');
    expect(paymentLabel('payu-sandbox')).toBe('Card / net banking (test)');
    expect(paymentLabel(null)).toBe('Unpaid');
    expect(paymentLabel('paytm')).toBe('Other payment');
    expect(ADMIN_PAYMENT_METHODS.map(paymentLabel)).toEqual([
      'UPI',
      'Card / net banking',
      'Cash on delivery',
    ]);
  });

  it('says how a payment was made and where it stands', () => {
    expect(paymentMethodText('upi', 'upi_qr')).toBe('UPI (QR code)');
    expect(paymentMethodText('upi', 'manual')).toBe('UPI (marked paid in the admin)');
    expect(paymentMethodText('payu-sandbox', 'gateway')).toBe('Card / net banking (test)');
    expect(paymentMethodText('cod', 'cod')).toBe('Cash on delivery');
    expect(['initiated', 'succeeded', 'failed'].map(paymentStatusLabel)).toEqual([
      'Started',
      'Paid',
      'Failed',
    ]);
  });
});
