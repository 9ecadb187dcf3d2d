import { describe, expect, it } from 'vitest';
import { successSummary } from './order-success-summary';

describe('successSummary', () => {
  it('says how a paid order was paid and what comes next', () => {
    expect(successSummary({ total: 2799, status: 1, paidBy: 'upi', cashOnDelivery: false })).toEqual({
      amount: '₹2,799',
      payment: 'Paid by UPI',
      next: [
        'We pack your order and e-mail you when it ships, with the courier and the tracking number.',
        'Follow it any time on My Orders or Track Order.',
      ],
    });
    expect(successSummary({ total: 100, status: 1, paidBy: 'gateway', cashOnDelivery: false }).payment).toBe(
      'Paid by card, net banking or wallet',
    );
  });

  it('tells a cash-on-delivery shopper the amount to keep ready', () => {
    const summary = successSummary({ total: 3847, status: 1, paidBy: null, cashOnDelivery: true });
    expect(summary.payment).toBe('Cash on delivery');
    expect(summary.next[1]).toBe('Keep ₹3,847 ready: you pay the courier when the parcel arrives.');
  });

  it('does not claim a payment that has not arrived', () => {
    expect(successSummary({ total: 500, status: 0, paidBy: null, cashOnDelivery: false }).payment).toBe(
      'Awaiting payment',
    );
  });
});
