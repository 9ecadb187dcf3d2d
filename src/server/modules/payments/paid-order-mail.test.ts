import { describe, expect, it } from 'vitest';
import { paidOrderMessage, TEST_PAYMENT_NOTICE, type PaidOrder } from './paid-order-mail';

const order: PaidOrder = {
  orderNumber: 'RS-7KQ29XD3',
  totalPaise: 279_750,
  fullName: 'Asha Verma',
  email: 'asha@example.com',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  items: [
    {
      title: 'Katan Silk Fabric',
      size: null,
      color: 'Red',
      unit: 'm',
      quantity: 2.5,
      unitPricePaise: 45_000,
      lineTotalPaise: 112_500,
    },
    {
      title: 'Cotton Kurta 1',
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

describe('paidOrderMessage', () => {
  it('tells the shop which order to pack, each line with its size, colour and unit, from and to its own address', () => {
    const message = paidOrderMessage(
      order,
      { description: 'PayU, txnid RS-7KQ29XD3-4K7Q2M', testMode: false },
      'care@silk.example',
      undefined,
    );
    expect(message).toMatchObject({
      from: { name: 'Silk House', address: 'care@silk.example' },
      to: 'care@silk.example',
      subject: 'Paid order RS-7KQ29XD3 – ₹2,797.50',
      headers: { 'X-Order-Number': 'RS-7KQ29XD3' },
    });
    expect(message.text.split('\n').slice(0, 9)).toEqual([
      'Order RS-7KQ29XD3 was paid and is now Processing: please pack and ship it.',
      '',
      'Paid:      ₹2,797.50 via PayU, txnid RS-7KQ29XD3-4K7Q2M',
      'Customer:  Asha Verma, asha@example.com',
      'Ship to:   Varanasi, Uttar Pradesh 221005',
      'Items:',
      '- Katan Silk Fabric (Colour: Red): 2.5 m × ₹450 = ₹1,125',
      '- Cotton Kurta 1 (Size: M, Colour: White): 2 × ₹836.25 = ₹1,672.50',
      '',
    ]);
    expect(message.text).not.toContain('TEST');
    expect(message.html).not.toContain('TEST');
  });

  it('marks a payment made in test mode TEST in the subject, the first line and the HTML', () => {
    const message = paidOrderMessage(
      order,
      { description: 'UPI, UTR 412345678901', testMode: true },
      'care@silk.example',
      undefined,
    );
    expect(message.subject).toBe('[TEST] Paid order RS-7KQ29XD3 – ₹2,797.50');
    expect(message.text.split('\n')[0]).toBe(TEST_PAYMENT_NOTICE);
    expect(message.text).toContain('Paid:      ₹2,797.50 via UPI, UTR 412345678901 — TEST');
    expect(message.html).toContain(`>${TEST_PAYMENT_NOTICE}</p>`);
  });

  it("writes the customer's name as capped plain text that is never a link, and escapes the HTML", () => {
    const message = paidOrderMessage(
      { ...order, fullName: '<b>Win</b> at http://win.example/now', city: 'www.example.com' },
      { description: 'UPI, UTR 412345678901', testMode: false },
      'care@silk.example',
      undefined,
    );
    expect(message.text).toContain('Customer:  <b>Win</b> at http[:]//win[.]example/now, asha@example.com');
    expect(message.text).toContain('Ship to:   www[.]example[.]com, Uttar Pradesh 221005');
    expect(message.html).toContain('&lt;b&gt;Win&lt;/b&gt; at http[:]//win[.]example/now');
    expect(message.html).not.toMatch(/<b>|http:\/\/|www\.example/);
  });
});
