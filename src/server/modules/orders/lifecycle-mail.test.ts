import { describe, expect, it } from 'vitest';
import {
  orderCancelledMessage,
  orderShippedMessage,
  paymentReceivedMessage,
  refundDueMessage,
} from './lifecycle-mail';
import { shopRefundDueMessage, TEST_REFUND_NOTICE } from './late-payment';
import type { MailOrder } from './order-mail-lines';

const order: MailOrder = {
  orderNumber: 'RS-7KQ29XD3',
  email: 'asha@example.com',
  fullName: 'Asha Verma',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  totalPaise: 279_750,
  shippingFeePaise: 0,
  discountPaise: 0,
  couponCode: null,
  codFeePaise: 0,
  cashOnDelivery: false,
  trackingNumber: null,
  courier: null,
  cancellationCause: null,
  paidPaise: 0,
  lines: [
    {
      title: 'Banarasi Silk Fabric',
      size: null,
      color: 'Red',
      unit: 'm',
      quantity: 2.5,
      unitPricePaise: 45_000,
      lineTotalPaise: 112_500,
    },
    {
      title: 'Cotton Kurta',
      size: 'M',
      color: 'White',
      unit: 'piece',
      quantity: 2,
      unitPricePaise: 83_625,
      lineTotalPaise: 167_250,
    },
  ],
  store: { storeName: 'Silk House', companyName: null, companyEmail: 'care@silk.example' },
};

const ITEMS = [
  'Items:',
  '- Banarasi Silk Fabric (Colour: Red): 2.5 m × ₹450 = ₹1,125',
  '- Cotton Kurta (Size: M, Colour: White): 2 × ₹836.25 = ₹1,672.50',
  '',
  'Total: ₹2,797.50',
  '',
];
const TRACK =
  'To see your order, enter the order number RS-7KQ29XD3 and this e-mail address or your phone number on the Track Order page of our shop.';

describe('the customer lifecycle mails', () => {
  it("'Payment received': from the shop to the customer, every line with size, colour and unit", () => {
    const message = paymentReceivedMessage(order, 'Resham <orders@resham.example>');
    expect(message).toMatchObject({
      from: { name: 'Silk House', address: 'care@silk.example' },
      to: 'asha@example.com',
      subject: 'Payment received for order RS-7KQ29XD3 – Silk House',
      headers: { 'X-Order-Number': 'RS-7KQ29XD3' },
    });
    expect(message.text.split('\n')).toEqual([
      'Dear Asha Verma,',
      '',
      'We have received your payment of ₹2,797.50 for order RS-7KQ29XD3. We are preparing your order and will e-mail you its tracking number when it ships.',
      '',
      'Order number: RS-7KQ29XD3',
      '',
      ...ITEMS,
      TRACK,
      '',
      'Silk House',
      '',
    ]);
    expect(message.html).toContain(
      '<tr><td style="padding:4px 8px;border-bottom:1px solid #ddd">Banarasi Silk Fabric (Colour: Red)</td><td style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right">2.5 m × ₹450</td>',
    );
  });

  it('comes from MAIL_FROM when the store has no company e-mail', () => {
    const withoutEmail = { ...order, store: { ...order.store, companyEmail: null } };
    expect(paymentReceivedMessage(withoutEmail, 'Resham <orders@resham.example>').from).toBe(
      'Resham <orders@resham.example>',
    );
  });

  it("'Shipped' gives the tracking number", () => {
    const message = orderShippedMessage({ ...order, trackingNumber: 'EE123456789IN' }, undefined);
    expect(message.subject).toBe('Order RS-7KQ29XD3 shipped – Silk House');
    expect(message.text.split('\n').slice(0, 7)).toEqual([
      'Dear Asha Verma,',
      '',
      'Your order RS-7KQ29XD3 has been shipped.',
      '',
      'Tracking number: EE123456789IN',
      '',
      'Order number: RS-7KQ29XD3',
    ]);
    expect(message.html).toContain('<p>Tracking number: EE123456789IN</p>');
  });

  it("'Shipped' names a known courier and links its tracking page; another courier by name only", () => {
    const known = orderShippedMessage(
      { ...order, courier: 'Delhivery', trackingNumber: '1234567890123' },
      undefined,
    );
    expect(known.text.split('\n').slice(2, 11)).toEqual([
      'Your order RS-7KQ29XD3 has been shipped.',
      '',
      'Courier: Delhivery',
      '',
      'Tracking number: 1234567890123',
      '',
      'Track your parcel on the Delhivery website: https://www.delhivery.com/track/package/1234567890123',
      '',
      'Order number: RS-7KQ29XD3',
    ]);
    expect(known.html).toContain(
      '<p>Track your parcel on the Delhivery website: <a href="https://www.delhivery.com/track/package/1234567890123">https://www.delhivery.com/track/package/1234567890123</a></p>',
    );
    const other = orderShippedMessage({ ...order, courier: 'Trackon <b>', trackingNumber: 'T1' }, undefined);
    expect(other.text).toContain('Courier: Trackon <b>\n');
    expect(other.html).toContain('<p>Courier: Trackon &lt;b&gt;</p>');
    expect(other.text).not.toContain('Track your parcel');
    expect(other.html).not.toContain('<a ');
  });

  it("'Cancelled' gives the cause and says the stock went back; for an expired order, what a late payment does", () => {
    const expired = orderCancelledMessage(
      { ...order, cancellationCause: 'payment not received in time' },
      undefined,
    );
    expect(expired.subject).toBe('Order RS-7KQ29XD3 cancelled – Silk House');
    expect(expired.text.split('\n').slice(0, 9)).toEqual([
      'Dear Asha Verma,',
      '',
      'Your order RS-7KQ29XD3 has been cancelled: payment not received in time.',
      '',
      'The items reserved for this order have gone back into stock.',
      '',
      'If you did pay, your payment is not lost: the order goes ahead if its items are still in stock, otherwise the shop refunds you in full.',
      '',
      'Order number: RS-7KQ29XD3',
    ]);
    expect(expired.text.endsWith('Total: ₹2,797.50\n\nSilk House\n')).toBe(true);

    const byCustomer = orderCancelledMessage(
      { ...order, cancellationCause: 'cancelled by the customer' },
      undefined,
    );
    expect(byCustomer.text).toContain(
      'Your order RS-7KQ29XD3 has been cancelled: cancelled by the customer.',
    );
    expect(byCustomer.text).not.toContain('If you did pay');
  });

  it("'Cancelled' of a paid order says the payment will be refunded", () => {
    const message = orderCancelledMessage(
      { ...order, cancellationCause: 'cancelled by the shop', paidPaise: 279_750 },
      undefined,
    );
    expect(message.text).toContain(
      'You paid ₹2,797.50 for this order: the shop will refund it to you the way you paid.',
    );
  });

  it("'Refund due' tells the customer their late payment comes back", () => {
    const message = refundDueMessage(
      { ...order, cancellationCause: 'payment not received in time' },
      { amountPaise: 279_750, description: 'UPI, UTR 412345678901', testMode: false },
      undefined,
    );
    expect(message.subject).toBe('Refund due for order RS-7KQ29XD3 – Silk House');
    expect(message.text.split('\n').slice(2, 5)).toEqual([
      'Your payment of ₹2,797.50 for order RS-7KQ29XD3 arrived after the order was cancelled (payment not received in time), and its items are no longer in stock.',
      '',
      'The order stays cancelled and the shop will refund ₹2,797.50 to you the way you paid (UPI, UTR 412345678901).',
    ]);
  });

  it("writes the customer's name as capped plain text that is never a link, and escapes the HTML", () => {
    const message = paymentReceivedMessage(
      { ...order, fullName: '<b>Win</b> at http://win.example' },
      undefined,
    );
    expect(message.text.split('\n')[0]).toBe('Dear <b>Win</b> at http[:]//win[.]example,');
    expect(message.html).toContain('<p>Dear &lt;b&gt;Win&lt;/b&gt; at http[:]//win[.]example,</p>');
  });
});

describe("the shop's refund mail", () => {
  it('names the order, the amount and the payment reference, and why it stays cancelled', () => {
    const message = shopRefundDueMessage(
      { ...order, cancellationCause: 'payment not received in time' },
      { amountPaise: 279_750, description: 'UPI, UTR 412345678901', testMode: false },
      'care@silk.example',
      undefined,
    );
    expect(message).toMatchObject({
      from: { name: 'Silk House', address: 'care@silk.example' },
      to: 'care@silk.example',
      subject: 'Refund due: order RS-7KQ29XD3 paid ₹2,797.50 after cancellation',
    });
    expect(message.text.split('\n')).toEqual([
      'Order RS-7KQ29XD3 was cancelled (payment not received in time) and its items are no longer in stock, so it stays Cancelled.',
      'Refund ₹2,797.50 to the customer the way they paid.',
      '',
      'Paid:      ₹2,797.50 via UPI, UTR 412345678901',
      'Customer:  Asha Verma, asha@example.com',
      'Ship to:   Varanasi, Uttar Pradesh 221005',
      'Items:',
      '- Banarasi Silk Fabric (Colour: Red): 2.5 m × ₹450 = ₹1,125',
      '- Cotton Kurta (Size: M, Colour: White): 2 × ₹836.25 = ₹1,672.50',
      '',
      'Full order: npm run orders -- show RS-7KQ29XD3',
      '',
      'Silk House',
      '',
    ]);
  });

  it('is TEST-marked for a payment made in test mode', () => {
    const message = shopRefundDueMessage(
      { ...order, cancellationCause: 'cancelled by the customer' },
      { amountPaise: 279_750, description: 'PayU sandbox (TEST), txnid RS-7KQ29XD3-4K7Q2M', testMode: true },
      'care@silk.example',
      undefined,
    );
    expect(message.subject).toBe('[TEST] Refund due: order RS-7KQ29XD3 paid ₹2,797.50 after cancellation');
    expect(message.text.split('\n').slice(0, 3)).toEqual([
      TEST_REFUND_NOTICE,
      '',
      'Order RS-7KQ29XD3 was cancelled (cancelled by the customer) before this payment arrived, so it stays Cancelled.',
    ]);
    expect(message.html).toContain(`>${TEST_REFUND_NOTICE}</p>`);
  });
});
