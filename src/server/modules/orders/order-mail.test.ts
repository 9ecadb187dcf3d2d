import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../mail/shop-sender';
import {
  orderConfirmationMessage,
  PAY_FROM_MY_ORDERS,
  paymentWindowSentence,
  windowText,
  type OrderConfirmation,
} from './order-mail';

const store = {
  storeName: 'Silk House',
  companyName: 'Silk House Pvt Ltd',
  companyEmail: 'care@silk.example',
};

const piece = (item: {
  title: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}) => ({
  ...item,
  size: null,
  color: null,
  unit: 'piece' as const,
});

const order: OrderConfirmation = {
  store,
  orderNumber: 'RS-7KQ29XD3',
  email: 'asha@example.com',
  createdAt: new Date('2025-04-18T06:30:00Z'),
  items: [
    piece({ title: 'Banarasi Saree', quantity: 1, unitPricePaise: 12499900, lineTotalPaise: 12499900 }),
    piece({ title: 'Cotton "Kurta" <M>', quantity: 3, unitPricePaise: 99950, lineTotalPaise: 299850 }),
    {
      title: 'Maroon Raw Silk Kurta',
      size: 'M',
      color: 'Maroon',
      unit: 'piece',
      quantity: 2,
      unitPricePaise: 129900,
      lineTotalPaise: 259800,
    },
    {
      title: 'Katan Silk Fabric',
      size: null,
      color: 'Gold & <Zari>',
      unit: 'm',
      quantity: 2.5,
      unitPricePaise: 45000,
      lineTotalPaise: 112500,
    },
  ],
  subtotalPaise: 13172050,
  shippingFeePaise: 0,
  discountPaise: 0,
  couponCode: null,
  totalPaise: 13172050,
  shippingMethod: 'Standard Shipping',
  shippingAddress: {
    fullName: "Asha O'Brien <script>",
    address: '14 Assi Ghat & Lane',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    postalCode: '221005',
    phone: '+91 98390 41736',
  },
  // 12:00 IST; the window of 30 minutes ends at 12:30 IST.
  paymentDueAt: new Date('2025-04-18T07:00:00Z'),
  paymentWindowMinutes: 30,
  paymentUrl: 'https://silk.example/payment?orderId=RS-7KQ29XD3',
};

describe('orderConfirmationMessage', () => {
  it('lists items with size, colour and unit, unit prices, line totals and the total in ₹, and the address', () => {
    const message = orderConfirmationMessage(order, undefined);
    expect(message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    expect(message.to).toBe('asha@example.com');
    expect(message.subject).toBe('Order received — complete your payment (RS-7KQ29XD3)');
    const text = String(message.text);
    expect(text).toContain('Order number: RS-7KQ29XD3');
    expect(text).toContain('Order date: 18 April 2025');
    expect(text).toContain('- Banarasi Saree: 1 × ₹1,24,999 = ₹1,24,999');
    expect(text).toContain('- Cotton "Kurta" <M>: 3 × ₹999.50 = ₹2,998.50');
    expect(text).toContain('- Maroon Raw Silk Kurta — Size M, Colour Maroon: 2 × ₹1,299 = ₹2,598');
    expect(text).toContain('- Katan Silk Fabric — Colour Gold & <Zari>: 2.5 m × ₹450 = ₹1,125');
    expect(text).toContain('Subtotal: ₹1,31,720.50');
    expect(text).toContain('Shipping (Standard Shipping): Free');
    expect(text).toContain('Total: ₹1,31,720.50');
    expect(text).toContain(
      "Asha O'Brien <script>\n14 Assi Ghat & Lane\nVaranasi, Uttar Pradesh 221005\nPhone: +91 98390 41736",
    );
  });

  it('escapes every interpolated value in the HTML part', () => {
    const html = String(
      orderConfirmationMessage({ ...order, store: { ...store, storeName: 'Silk & <Co>' } }, undefined).html,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<M>');
    expect(html).toContain('Asha O&#39;Brien &lt;script&gt;');
    expect(html).toContain('Cotton &quot;Kurta&quot; &lt;M&gt;');
    expect(html).toContain('14 Assi Ghat &amp; Lane');
    expect(html).toContain('Silk &amp; &lt;Co&gt;');
    expect(html).toContain('₹1,31,720.50');
    expect(html).toContain('Katan Silk Fabric<br><small>Colour Gold &amp; &lt;Zari&gt;</small>');
    expect(html).toContain('>2.5 m</td>');
    expect(html).toContain('>₹450 / metre</td>');
    expect(html).not.toContain('<Zari>');
  });

  it('asks for the payment with the link and the window in IST', () => {
    const message = orderConfirmationMessage(order, undefined);
    expect(message.text).toContain(
      [
        'Please pay within 30 minutes, by 12:30 IST; after that the order is cancelled and the items go back on sale.',
        'Pay now: https://silk.example/payment?orderId=RS-7KQ29XD3',
      ].join('\n'),
    );
    expect(message.html).toContain(
      '<strong>Please pay within 30 minutes, by 12:30 IST; after that the order is cancelled and the items go back on sale.</strong>',
    );
    expect(message.html).toContain('<a href="https://silk.example/payment?orderId=RS-7KQ29XD3"');
    expect(message.html).toContain('>Pay for order RS-7KQ29XD3</a>');
  });

  it('says where to pay when no link is known, and escapes a link', () => {
    const noLink = orderConfirmationMessage({ ...order, paymentUrl: null }, undefined);
    expect(noLink.text).toContain(
      'the items go back on sale.\nTo pay, sign in on our shop and open My Orders: the order is waiting there.\n',
    );
    expect(noLink.html).toContain(`<p>${PAY_FROM_MY_ORDERS}</p>`);
    expect(noLink.html).not.toContain('<a ');
    const odd = orderConfirmationMessage(
      { ...order, paymentUrl: 'https://silk.example/payment?orderId=RS-1&x="><b>' },
      undefined,
    );
    expect(odd.html).toContain('href="https://silk.example/payment?orderId=RS-1&amp;x=&quot;&gt;&lt;b&gt;"');
  });

  it('names the day when the deadline falls after midnight IST, and writes longer windows in hours or days', () => {
    // 23:50 IST on 18 April + 30 minutes.
    expect(
      paymentWindowSentence({
        createdAt: new Date('2025-04-18T18:20:00Z'),
        paymentDueAt: new Date('2025-04-18T18:50:00Z'),
        paymentWindowMinutes: 30,
      }),
    ).toBe(
      'Please pay within 30 minutes, by 00:20 IST on 19 April 2025; after that the order is cancelled and the items go back on sale.',
    );
    expect([1, 45, 60, 90, 120, 1440, 2880, 10_080].map(windowText)).toEqual([
      '1 minute',
      '45 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
      '1 day',
      '2 days',
      '7 days',
    ]);
  });

  it("writes the customer's name and address as plain text, capped, that no mail client links", () => {
    // The shop's own payment link aside (none here), nothing in the mail is a link.
    const spam = {
      ...order,
      paymentUrl: null,
      shippingAddress: {
        ...order.shippingAddress,
        fullName: 'Claim your prize at www.win-big.example or https://win-big.example/claim today!!',
        address: 'Go to bit.ly/x\u200b now',
      },
    };
    const message = orderConfirmationMessage(spam, undefined);
    const name = 'Claim your prize at www[.]win-big[.]example or https[:]//win-big[.]…';
    expect(message.text).toContain(`Dear ${name},`);
    expect(message.text).toContain(`${name}\nGo to bit[.]ly/x now\n`);
    expect(message.html).toContain(`Dear ${name},`);
    for (const part of [message.text, message.html]) {
      expect(part).not.toMatch(/www\.|https?:\/\/|bit\.ly|win-big\.example/);
      expect(part).not.toContain('\u200b');
    }
  });

  it('falls back to the company name, then MAIL_FROM, then the default sender', () => {
    expect(
      orderConfirmationMessage({ ...order, store: { ...store, storeName: null } }, undefined).from,
    ).toEqual({
      name: 'Silk House Pvt Ltd',
      address: 'care@silk.example',
    });
    const noEmail = { storeName: 'Silk House', companyName: null, companyEmail: null };
    expect(orderConfirmationMessage({ ...order, store: noEmail }, 'Shop <orders@shop.example>').from).toBe(
      'Shop <orders@shop.example>',
    );
    expect(orderConfirmationMessage({ ...order, store: noEmail }, undefined).from).toBe(DEFAULT_MAIL_FROM);
    expect(DEFAULT_MAIL_FROM).toBe('Resham <orders@localhost>');
  });

  it('shows a shipping fee in ₹ when there is one', () => {
    const text = String(orderConfirmationMessage({ ...order, shippingFeePaise: 4900 }, undefined).text);
    expect(text).toContain('Shipping (Standard Shipping): ₹49');
  });
});

describe('the confirmation through a real transport', () => {
  it("goes from the store's name and company e-mail to the customer", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent = await transport.sendMail(orderConfirmationMessage(order, undefined));
    const message = JSON.parse(sent.message) as { from: unknown; to: unknown; headers: unknown };
    expect(message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    expect(message.to).toEqual([{ address: 'asha@example.com', name: '' }]);
    expect(message.headers).toEqual({ 'X-Order-Number': 'RS-7KQ29XD3' });
  });
});
