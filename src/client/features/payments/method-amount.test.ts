import { describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { amountForMethod, submitLabel } from './method-amount';

const definitions: PaymentFieldDefinition[] = [
  { name: 'name', label: 'Full name', type: 'text' },
  {
    name: 'method',
    label: 'Payment method',
    type: 'select',
    options: [
      { value: 'upi_qr', label: 'UPI QR code' },
      { value: 'cod', label: 'Cash on delivery', amount: 2048 },
    ],
  },
];

describe('the amount and button of the chosen method', () => {
  it("takes the server's amount of the chosen option, else the order's total", () => {
    expect(amountForMethod(definitions, 'cod', 1999)).toBe(2048);
    expect(amountForMethod(definitions, 'upi_qr', 1999)).toBe(1999);
    expect(amountForMethod(definitions, '', 1999)).toBe(1999);
    expect(amountForMethod(definitions, 'upi_qr', null)).toBeNull();
    expect(amountForMethod([], 'cod', 1999)).toBe(1999);
  });

  it("reads 'Place order' for cash on delivery and 'Pay Now' otherwise", () => {
    expect(submitLabel('cod')).toBe('Place order');
    expect(submitLabel('upi_qr')).toBe('Pay Now');
    expect(submitLabel(undefined)).toBe('Pay Now');
  });
});
