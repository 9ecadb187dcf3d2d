import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_FROM,
  describeMailError,
  escapeHtml,
  orderConfirmationMessage,
  sendOrderConfirmation,
  type OrderConfirmation,
} from './order-mail';

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
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
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

describe('describeMailError', () => {
  it('describes a failure without any e-mail address', () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <asha@example.com> unknown"),
      { code: 'EENVELOPE', responseCode: 550 },
    );
    expect(describeMailError(error)).toEqual({
      name: 'Error',
      code: 'EENVELOPE',
      responseCode: 550,
      message: "Can't send mail - all recipients were rejected: 550 <[address]> unknown",
    });
    expect(JSON.stringify(describeMailError('plain failure for x@y.example'))).not.toContain('@');
  });
});

describe('sendOrderConfirmation', () => {
  it("sends from the store's name and company e-mail through a real transport", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const logged: unknown[] = [];
    const ok = await sendOrderConfirmation(
      {
        mailer: { sendMail: async (m) => sent.push((await transport.sendMail(m)).message) },
        log: { error: (object) => logged.push(object) },
        mailFrom: undefined,
      },
      order,
    );
    expect(ok).toBe(true);
    expect(logged).toEqual([]);
    const message = JSON.parse(sent[0]!) as { from: unknown; to: unknown };
    expect(message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    expect(message.to).toEqual([{ address: 'asha@example.com', name: '' }]);
  });

  it('logs a transport failure with the order number but without the address, and never rejects', async () => {
    const logged: { object: Record<string, unknown>; message: string }[] = [];
    const refused = nodemailer.createTransport({ host: '127.0.0.1', port: 1, connectionTimeout: 2000 });
    const ok = await sendOrderConfirmation(
      {
        mailer: refused,
        log: { error: (object, message) => logged.push({ object, message }) },
        mailFrom: undefined,
      },
      order,
    );
    expect(ok).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('order confirmation e-mail failed');
    expect(logged[0]?.object).toMatchObject({
      orderNumber: 'RS-7KQ29XD3',
      mailError: { code: expect.stringMatching(/^E[A-Z]+$/) },
    });
    expect(JSON.stringify(logged)).not.toContain('asha@example.com');
    expect(JSON.stringify(logged)).not.toContain('@');
    refused.close();
  });
});
