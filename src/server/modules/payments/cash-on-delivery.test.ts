/**
 * Cash on delivery through the real app: offered per order and refused (off, over the cap, outside its PIN
 * prefixes, a third open COD order), the fee added as a taxed charge, the move to Processing without a payment
 * window, the payment collected on delivery, and the tax invoice and GSTR-1 with the charges as SAC lines.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { taxDocuments } from '../../db/schema/gst-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { payments } from '../../db/schema/payment-tables';
import { pdfText } from '../../test/pdf-text';
import { insertSignedInCustomers } from '../../test/session-customer';
import { testDatabaseKinds } from '../../test/test-database';
import { gstr1Export } from '../gst/gstr1-export';
import type { TaxDocumentContent } from '../gst/tax-document-content';
import { transition } from '../orders/order-lifecycle';
import { TOO_MANY_COD_ORDERS } from './cash-on-delivery';
import {
  DELIVERY,
  jaipur,
  openDeliveryTestShop,
  pune,
  type DeliveryTestShop,
} from '../../test/delivery-test-shop';

describe.each(testDatabaseKinds)('cash on delivery on %s', (kind) => {
  let shop: DeliveryTestShop;
  beforeAll(async () => {
    shop = await openDeliveryTestShop(kind);
  });
  afterAll(async () => {
    await shop?.close();
  });
  beforeEach(async () => {
    expect((await shop.putSettings(DELIVERY)).statusCode).toBe(200);
  });

  it('COD: offered for the order, fee added and taxed, Processing without a payment window, paid on delivery', async () => {
    const { buyer, orderNumber } = await shop.place(pune, [
      { sku: 'KUR-2800', quantity: 1 },
      { sku: 'FAB-450', quantity: 2 },
    ]);
    expect((await shop.methodsOffered(buyer)).map((option) => option.value)).not.toContain('cod');
    // The COD choice carries what the order then costs (the total with the fee): the amount the payment
    // page shows once it is chosen, and the amount charged below.
    expect(await shop.methodsOffered(buyer, orderNumber)).toContainEqual({
      value: 'cod',
      label: 'Cash on delivery',
      amount: 3848,
    });
    const fields = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/payments/fields?orderId=${orderNumber}`,
      headers: buyer.headers,
    });
    const method = fields.json<{ name: string; description?: string }[]>().find((f) => f.name === 'method');
    expect(method?.description).toContain('Cash on delivery adds a fee of ₹49 to the total.');

    const paid = await shop.payCod(buyer, orderNumber!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      success: true,
      redirectUrl: `/order-success?orderId=${orderNumber}`,
      amount: 3_848,
      orderId: orderNumber,
    });
    const order = await shop.storedOrder(orderNumber!);
    expect(order).toMatchObject({
      status: ORDER_STATUS.processing,
      cashOnDelivery: true,
      codFeePaise: 4_900,
      totalPaise: 384_800,
      paymentDueAt: null,
      taxPaise: 42_712 + 4_286 + 1_510 + 747,
    });
    expect(
      order.charges.map((charge) => [charge.kind, charge.sac, charge.amountPaise, charge.igstPaise]),
    ).toEqual([
      ['shipping', '9965', 9_900, 1_510],
      ['cod', '9971', 4_900, 747],
    ]);
    const mails = await shop.database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, buyer.email));
    const confirmed = mails.find((mail) => mail.subject.includes('cash on delivery'));
    expect(confirmed?.subject).toBe(`Order ${orderNumber} confirmed: cash on delivery – Jaipur Silk House`);
    expect(confirmed?.message.text).toContain('Shipping: ₹99\nCash on delivery fee: ₹49\nTotal: ₹3,848');

    const codPayment = () => shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect((await codPayment()).map((row) => [row.provider, row.status])).toEqual([['cod', 'initiated']]);
    await transition(shop.database.db, 1, order.id, ORDER_STATUS.shipped, 'test: ship', {
      trackingNumber: 'EE1IN',
    });
    await transition(shop.database.db, 1, order.id, ORDER_STATUS.delivered, 'test: deliver');
    expect((await codPayment()).map((row) => [row.status, row.amountPaise])).toEqual([
      ['succeeded', 384_800],
    ]);

    const again = await shop.payCod(buyer, orderNumber!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Order ${orderNumber} is already paid`);
  });

  it('COD refused: over the cap, outside its PIN prefixes, or turned off — the form does not offer it either', async () => {
    const saree = await shop.place(pune, [{ sku: 'SAR-8900', quantity: 1 }]);
    expect((await shop.methodsOffered(saree.buyer, saree.orderNumber)).map((o) => o.value)).not.toContain(
      'cod',
    );
    const overCap = await shop.payCod(saree.buyer, saree.orderNumber!);
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toEqual({
      error: 'Invalid field: method',
      fields: { method: 'Cash on delivery is available for orders up to ₹5,000' },
    });

    expect(
      (await shop.putSettings({ ...DELIVERY, cod: { enabled: true, pinPrefixes: ['30'] } })).statusCode,
    ).toBe(200);
    const kurta = await shop.place(pune, [{ sku: 'KUR-1299', quantity: 1 }]);
    expect((await shop.methodsOffered(kurta.buyer, kurta.orderNumber)).map((o) => o.value)).not.toContain(
      'cod',
    );
    const outside = await shop.payCod(kurta.buyer, kurta.orderNumber!);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields).toEqual({ method: 'Cash on delivery is not available for this PIN code' });

    expect((await shop.putSettings({ ...DELIVERY, cod: { enabled: false } })).statusCode).toBe(200);
    const off = await shop.payCod(kurta.buyer, kurta.orderNumber!);
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toEqual({ method: 'This shop does not offer cash on delivery' });
    expect((await shop.storedOrder(kurta.orderNumber!)).status).toBe(ORDER_STATUS.pending);
  });

  it('COD: a third open COD order of one account is refused until one is delivered', async () => {
    const [buyer] = await insertSignedInCustomers(shop.database.db, 1);
    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      numbers.push((await shop.place(jaipur, [{ sku: 'FAB-450', quantity: 1 }], buyer)).orderNumber!);
    }
    expect((await shop.payCod(buyer!, numbers[0]!)).statusCode).toBe(200);
    expect((await shop.payCod(buyer!, numbers[1]!)).statusCode).toBe(200);
    const third = await shop.payCod(buyer!, numbers[2]!);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: TOO_MANY_COD_ORDERS });
    expect((await shop.storedOrder(numbers[2]!)).status).toBe(ORDER_STATUS.pending);

    const first = await shop.storedOrder(numbers[0]!);
    await transition(shop.database.db, 1, first.id, ORDER_STATUS.shipped, 'test: ship', {
      trackingNumber: 'EE2IN',
    });
    await transition(shop.database.db, 1, first.id, ORDER_STATUS.delivered, 'test: deliver');
    expect((await shop.payCod(buyer!, numbers[2]!)).statusCode).toBe(200);
  });

  it('the tax invoice prints shipping and the COD fee as SAC lines at the principal rate, IGST or CGST + SGST', async () => {
    const invoiceText = async (address: typeof pune) => {
      const { buyer, orderNumber } = await shop.place(address, [
        { sku: 'KUR-2800', quantity: 1 },
        { sku: 'FAB-450', quantity: 2 },
      ]);
      expect((await shop.payCod(buyer, orderNumber!)).statusCode).toBe(200);
      const order = await shop.storedOrder(orderNumber!);
      await transition(shop.database.db, 1, order.id, ORDER_STATUS.shipped, 'test: ship', {
        trackingNumber: 'EE3IN',
      });
      const [invoice] = await shop.database.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, order.id));
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${orderNumber}/invoice`,
        headers: buyer.headers,
      });
      expect(response.statusCode).toBe(200);
      const [text] = await pdfText(response.rawPayload);
      return { text: text!, number: invoice!.number, order };
    };
    const across = await invoiceText(pune);
    for (const expected of [
      'Maroon Raw Silk Kurta 6211 1 PCS ₹2,800 ₹2,372.88 18 % ₹427.12 ₹2,800',
      'Sanganeri Cotton Fabric 5208 2 MTR ₹450 ₹857.14 5 % ₹42.86 ₹900',
      'Shipping 9965 1 ₹99 ₹83.90 18 % ₹15.10 ₹99',
      'Cash on delivery fee 9971 1 ₹49 ₹41.53 18 % ₹7.47 ₹49',
      'Taxable value ₹3,355.45 IGST ₹492.55 Total ₹3,848',
      'Total in words: Rupees Three Thousand Eight Hundred Forty-Eight Only',
    ]) {
      expect(across.text).toContain(expected);
    }
    expect(across.order.taxPaise).toBe(49_255);

    const within = await invoiceText(jaipur);
    expect(within.text).toContain('CGST');
    expect(within.text).toContain('SGST');
    expect(within.text).not.toContain('IGST');
    expect(Number(within.number.slice(-6))).toBe(Number(across.number.slice(-6)) + 1);

    // The parcel comes back: the credit note reverses the charges too.
    await transition(shop.database.db, 1, within.order.id, ORDER_STATUS.cancelled, 'test: returned');
    const [creditNote] = await shop.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, within.order.id), eq(taxDocuments.kind, 'credit-note')));
    const content = creditNote!.document as TaxDocumentContent;
    expect(content.lines.map((line) => [line.description, line.hsn, line.totalPaise])).toEqual(
      expect.arrayContaining([
        ['Shipping', '9965', 4_900],
        ['Cash on delivery fee', '9971', 4_900],
      ]),
    );
    expect(content.totals.totalPaise).toBe(within.order.totalPaise);
    expect(within.order.totalPaise).toBe(370_000 + 4_900 + 4_900);

    // GSTR-1: the charges are in B2CS at the principal rate, and in the HSN summary by SAC, UQC NA.
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const hsnRows = (await gstr1Export(shop.database.db, 1, month)).hsn.trim().split(/\r?\n/);
    // Other tests of this file ship orders too: each SAC row adds up (value = taxable + tax), quantity 0.
    for (const sac of ['9965', '9971']) {
      const rows = hsnRows.filter((row) => row.startsWith(`B2C,${sac},`)).map((row) => row.split(','));
      expect(rows.map((row) => [row[3], row[4], row[6]])).toContainEqual(['NA', '0', '18']);
      for (const row of rows) {
        const [value, taxable, igst, cgst, sgst] = [5, 7, 8, 9, 10].map((index) =>
          Math.round(Number(row[index]) * 100),
        );
        expect(taxable! + igst! + cgst! + sgst!).toBe(value);
      }
    }
  });
});
