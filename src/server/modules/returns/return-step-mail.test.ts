/**
 * The shopper's mails of the return steps: subjects, the paragraphs each step adds, the returned lines with the
 * size wanted in exchange, the replacement's tracking link, and every shopper- or owner-typed value escaped in
 * the HTML (a name or a note never becomes markup or a link).
 */
import { describe, expect, it } from 'vitest';
import type { MailOrder } from '../orders/order-mail-lines';
import { returnStepMessage, type ReturnMailView } from './return-step-mail';

const order: MailOrder = {
  orderNumber: 'RS-7KQ29XD3',
  email: 'asha@example.com',
  fullName: 'Asha <b>Verma</b>',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  totalPaise: 349_850,
  shippingFeePaise: 0,
  discountPaise: 0,
  couponCode: null,
  codFeePaise: 0,
  cashOnDelivery: false,
  trackingNumber: 'EE123456789IN',
  courier: 'India Post',
  cancellationCause: null,
  paidPaise: 349_850,
  lines: [],
  store: {
    storeName: 'Silk House',
    companyName: 'Silk House Private Limited',
    companyEmail: 'care@silk.example',
  },
};

const view: ReturnMailView = {
  number: 'RT-4M8PQ2ZK',
  pickupNote: 'Pickup on Monday <script>alert(1)</script>',
  rejectionReason: null,
  pickupFee: 50,
  refundAmount: 2_449,
  lines: [
    {
      productTitle: 'Katan Silk Saree',
      size: null,
      color: 'Red',
      unit: 'piece',
      quantity: 1,
      exchange: null,
    },
    {
      productTitle: 'Cotton Kurta',
      size: 'M',
      color: 'White',
      unit: 'piece',
      quantity: 1,
      exchange: { variantId: 'v-l', size: 'L', color: 'White' },
    },
  ],
  replacement: null,
};

describe('return step mails', () => {
  it('approved: the pickup note, the exchange set aside, the lines; the HTML escapes every value', () => {
    const message = returnStepMessage(order, view, 'approved', 'shop@resham.example');
    expect(message.subject).toBe('Return RT-4M8PQ2ZK approved – Silk House');
    expect(message.to).toBe('asha@example.com');
    expect(message.text).toContain(
      [
        'We have approved your return RT-4M8PQ2ZK for order RS-7KQ29XD3.',
        '',
        'Pickup: Pickup on Monday <script>alert(1)</script>',
        '',
        'Please pack the items with their tags and keep them ready for the pickup.',
        '',
        'The size you asked for in exchange is set aside for you.',
      ].join('\n'),
    );
    expect(message.text).toContain(
      'Items:\n- Katan Silk Saree (Colour: Red): 1\n- Cotton Kurta (Size: M, Colour: White): 1 — exchange for size L, White\n',
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('Pickup on Monday &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('rejected quotes the reason; received names the refund after the pickup fee', () => {
    const rejected = returnStepMessage(
      order,
      { ...view, rejectionReason: 'The tags were removed' },
      'rejected',
      undefined,
    );
    expect(rejected.subject).toBe('Return RT-4M8PQ2ZK not accepted – Silk House');
    expect(rejected.text).toContain('The shop says: The tags were removed');
    const received = returnStepMessage(order, view, 'received', undefined);
    expect(received.text).toContain(
      'Your refund of ₹2,449 (after the return pickup fee of ₹50) follows; we will e-mail you when it is processed.',
    );
    expect(received.text).toContain('Your replacement ships next; we will e-mail you its tracking number.');
  });

  it('replacement shipped: courier, tracking number and the known courier’s tracking page', () => {
    const message = returnStepMessage(
      order,
      { ...view, replacement: { courier: 'Delhivery', trackingNumber: 'DLV2719' } },
      'replacement-shipped',
      undefined,
    );
    expect(message.subject).toBe('Replacement for return RT-4M8PQ2ZK shipped – Silk House');
    expect(message.text).toContain(
      'Courier: Delhivery\n\nTracking number: DLV2719\n\nTrack your parcel on the Delhivery website: https://www.delhivery.com/track/package/DLV2719\n',
    );
    expect(message.html).toContain('<a href="https://www.delhivery.com/track/package/DLV2719">');
    const unknown = returnStepMessage(
      order,
      { ...view, replacement: { courier: 'Trackon', trackingNumber: 'TK1' } },
      'replacement-shipped',
      undefined,
    );
    expect(unknown.text).not.toContain('Track your parcel');
  });
});
