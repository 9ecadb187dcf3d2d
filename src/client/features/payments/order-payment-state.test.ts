import { describe, expect, it } from 'vitest';
import { orderPaymentState, successPath } from './order-payment-state';

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
