import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { successSummary } from './order-success-summary';

const kurta: Order['items'][number] = {
  id: 'line-1',
  productId: 'p1',
  variantId: 'v1',
  productTitle: 'Cotton Kurta',
  sku: 'KUR-M',
  size: 'M',
  color: 'White',
  imgUrl: null,
  unit: 'piece',
  quantity: 2,
  price: 1299,
  lineTotal: 2598,
};
const fabric: Order['items'][number] = {
  ...kurta,
  id: 'line-2',
  productTitle: 'Katan Silk Fabric',
  size: null,
  color: null,
  unit: 'm',
  quantity: 2.5,
  price: 450,
  lineTotal: 1125,
};

describe('successSummary', () => {
  it('says how a paid order was paid, lists its lines, and what comes next', () => {
    expect(
      successSummary({
        total: 3723,
        status: 1,
        paidBy: 'upi',
        cashOnDelivery: false,
        items: [kurta, fabric],
      }),
    ).toEqual({
      amount: '₹3,723',
      discount: null,
      payment: 'Paid by UPI',
      lines: [
        {
          key: 'line-1',
          name: 'Cotton Kurta (M / White)',
          quantityTimesPrice: '2 × ₹1,299',
          total: '₹2,598',
        },
        { key: 'line-2', name: 'Katan Silk Fabric', quantityTimesPrice: '2.5 m × ₹450', total: '₹1,125' },
      ],
      next: [
        'We pack your order and e-mail you when it ships, with the courier and the tracking number.',
        'Follow it any time on My Orders or Track Order.',
      ],
    });
    expect(
      successSummary({
        total: 3350.7,
        status: 1,
        paidBy: 'upi',
        cashOnDelivery: false,
        items: [kurta, fabric],
        discount: 372.3,
        couponCode: 'FIRST10',
      }).discount,
    ).toEqual({ label: 'Discount (FIRST10)', amount: '-₹372.30' });
    expect(
      successSummary({ total: 100, status: 1, paidBy: 'gateway', cashOnDelivery: false, items: [] }).payment,
    ).toBe('Paid by card, net banking or wallet');
  });

  it('tells a cash-on-delivery shopper the amount to keep ready', () => {
    const summary = successSummary({
      total: 3847,
      status: 1,
      paidBy: null,
      cashOnDelivery: true,
      items: [kurta],
    });
    expect(summary.payment).toBe('Cash on delivery');
    expect(summary.lines).toHaveLength(1);
    expect(summary.next[1]).toBe('Keep ₹3,847 ready: you pay the courier when the parcel arrives.');
  });

  it('does not claim a payment that has not arrived', () => {
    expect(
      successSummary({ total: 500, status: 0, paidBy: null, cashOnDelivery: false, items: [] }).payment,
    ).toBe('Awaiting payment');
  });
});
