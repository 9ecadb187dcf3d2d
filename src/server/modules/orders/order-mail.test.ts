import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, orderConfirmationMessage, type OrderConfirmation } from './order-mail';

const store = {
  storeName: 'Silk House',
  companyName: 'Silk House Pvt Ltd',
  companyEmail: 'care@silk.example',
};

const order: OrderConfirmation = {
  store,
  orderNumber: 'RS-7KQ29XD3',
  email: 'asha@example.com',
  createdAt: new Date('2025-04-18T06:30:00Z'),
  items: [
    { title: 'Banarasi Saree', quantity: 1, unitPricePaise: 12499900, lineTotalPaise: 12499900 },
    { title: 'Cotton "Kurta" <M>', quantity: 3, unitPricePaise: 99950, lineTotalPaise: 299850 },
  ],
  subtotalPaise: 12799750,
  shippingFeePaise: 0,
  totalPaise: 12799750,
  shippingMethod: 'Standard Shipping',
  shippingAddress: {
    fullName: "Asha O'Brien <script>",
    address: '14 Assi Ghat & Lane',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    postalCode: '221005',
    phone: '+91 98390 41736',
  },
};

describe('orderConfirmationMessage', () => {
  it('lists items, unit prices, line totals and the total in ₹ with 2 decimals, and the address', () => {
    const message = orderConfirmationMessage(order, undefined);
    expect(message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    expect(message.to).toBe('asha@example.com');
    expect(message.subject).toBe('Order confirmation RS-7KQ29XD3 – Silk House');
    const text = String(message.text);
    expect(text).toContain('Order number: RS-7KQ29XD3');
    expect(text).toContain('Order date: 18 April 2025');
    expect(text).toContain('- Banarasi Saree: 1 × ₹1,24,999.00 = ₹1,24,999.00');
    expect(text).toContain('- Cotton "Kurta" <M>: 3 × ₹999.50 = ₹2,998.50');
    expect(text).toContain('Subtotal: ₹1,27,997.50');
    expect(text).toContain('Shipping (Standard Shipping): Free');
    expect(text).toContain('Total: ₹1,27,997.50');
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
    expect(html).toContain('₹1,27,997.50');
  });

  it("writes the customer's name and address as plain text, capped, that no mail client links", () => {
    const spam = {
      ...order,
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
    expect(text).toContain('Shipping (Standard Shipping): ₹49.00');
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
