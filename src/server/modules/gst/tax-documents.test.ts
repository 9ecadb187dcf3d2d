/**
 * Tax documents through the real app and the order lifecycle: the invoice issued when an order ships (number,
 * contents per CGST Rule 46, PDF text, the 'Shipped' mail's attachment), the shopper's download, numbering
 * under concurrent shipping, the credit note of a shipped order cancelled, and the bill of supply of a store
 * not registered under GST.
 */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { products } from '../../db/schema/catalog-tables';
import { taxDocuments } from '../../db/schema/gst-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';
import { pdfText } from '../../test/pdf-text';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { payTestOrder, returnTestOrder, shipTestOrder } from '../../test/order-moves';
import { financialYearOf } from './document-number';
import { GST_TEST_GSTIN, gstTestCatalog, PUNE_ADDRESS } from '../../test/gst-test-catalog';

const jaipur = { ...PUNE_ADDRESS, city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' };
const FY = financialYearOf(new Date());

describe.each(testDatabaseKinds)('tax documents on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, gstTestCatalog());
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Places an order of `lines` (SKU → quantity) to `address` and pays it; its uuid, number and buyer. */
  const paidOrder = async (address: Record<string, string>, lines: Record<string, number>) => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: address,
        lines: Object.entries(lines).map(([sku, quantity]) => ({ productId: ids[sku], quantity })),
      },
    });
    expect(response.statusCode).toBe(201);
    const orderNumber = response.json<{ id: string }>().id;
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    await payTestOrder(database.db, 1, order!.id);
    return { id: order!.id, orderNumber, buyer: buyer! };
  };
  const ship = (id: string) => shipTestOrder(database.db, 1, id, 'EE123456789IN');
  const download = (orderNumber: string, document: string, buyer?: SessionCustomer, contactInfo?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderNumber}/${document}`,
      headers: buyer?.headers ?? {},
      query: contactInfo ? { contactInfo } : {},
    });

  it('shipping issues a numbered tax invoice: IGST at 18 % and 5 %, words, downloadable and attached to the mail', async () => {
    const { id, orderNumber, buyer } = await paidOrder(PUNE_ADDRESS, { 'KUR-2800': 1, 'FAB-450': 2 });
    await ship(id);
    const [invoice] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
    const number = invoice!.number;
    expect(number).toMatch(new RegExp(`^JS/${FY}/\\d{6}$`));
    expect(number.length).toBeLessThanOrEqual(16);
    expect(invoice).toMatchObject({ kind: 'tax-invoice', financialYear: FY });

    const answered = (
      await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers })
    ).json<Order[]>();
    expect(answered[0]!.invoice).toEqual({
      number,
      kind: 'tax-invoice',
      issuedAt: invoice!.issuedAt.toISOString(),
    });
    expect(answered[0]!.creditNote).toBeNull();

    const response = await download(orderNumber, 'invoice', buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Tax-Invoice-${number.replace(/\//g, '-')}.pdf"`,
    );
    const [text] = await pdfText(response.rawPayload);
    for (const expected of [
      'Tax Invoice',
      'Jaipur Silk House Private Limited',
      '14 Johari Bazar, Jaipur, Rajasthan 302003',
      `GSTIN: ${GST_TEST_GSTIN}`,
      `Invoice no.: ${number}`,
      `Order: ${orderNumber}`,
      'Meera Joshi 12 FC Road, Pune, Maharashtra 411001',
      'Place of supply: Maharashtra (27)',
      'IGST rate IGST Total',
      'Maroon Raw Silk Kurta 6211 1 PCS ₹2,800 ₹2,372.88 18 % ₹427.12 ₹2,800',
      'Sanganeri Cotton Fabric 5208 2 MTR ₹450 ₹857.14 5 % ₹42.86 ₹900',
      'Taxable value ₹3,230.02 IGST ₹469.98 Total ₹3,700',
      'Total in words: Rupees Three Thousand Seven Hundred Only',
      'Tax is not payable on reverse charge',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');

    const [mail] = await database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `Order ${orderNumber} shipped – Jaipur Silk House`));
    expect(mail!.message.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      [`Tax-Invoice-${number.replace(/\//g, '-')}.pdf`, 'application/pdf'],
    ]);
    const [attached] = await pdfText(Buffer.from(mail!.message.attachments![0]!.content, 'base64'));
    expect(attached).toContain(`Invoice no.: ${number}`);
  });

  it('within the state: CGST and SGST halves; a business buyer with a valid GSTIN is named', async () => {
    const { id, orderNumber } = await paidOrder(jaipur, { 'KUR-1299': 1 });
    await database.db.insert(payments).values({
      storeId: 1,
      orderId: id,
      provider: 'upi',
      method: 'upi',
      amountPaise: 129_900,
      status: 'succeeded',
      payer: {
        name: 'Meera',
        email: 'm@example.com',
        phone: '9414012345',
        businessName: 'Joshi Traders',
        gstin: '27aaacr5055k1z7',
      },
    });
    await ship(id);
    const [text] = await pdfText(
      (await download(orderNumber, 'invoice', undefined, PUNE_ADDRESS.phone)).rawPayload,
    );
    expect(text).toContain('Joshi Traders (Meera Joshi)');
    expect(text).toContain('GSTIN: 27AAACR5055K1Z7');
    expect(text).toContain('Place of supply: Rajasthan (08)');
    expect(text).toContain('CGST rate CGST SGST rate SGST Total');
    expect(text).toContain(
      'Mulmul Cotton Kurta 6211 1 PCS ₹1,299 ₹1,237.14 2.5 % ₹30.93 2.5 % ₹30.93 ₹1,299',
    );
    expect(text).toContain('Taxable value ₹1,237.14 CGST ₹30.93 SGST ₹30.93 Total ₹1,299');
    expect(text).toContain('Rupees One Thousand Two Hundred Ninety-Nine Only');
  });

  it('numbers stay consecutive and unique when many orders ship at once', async () => {
    const placed = [];
    for (let index = 0; index < 12; index++) placed.push(await paidOrder(PUNE_ADDRESS, { 'BAG-599': 1 }));
    const before = (await database.db.select().from(taxDocuments)).length;
    const results = await Promise.allSettled(placed.map((order) => ship(order.id)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const numbers = (await database.db.select().from(taxDocuments).orderBy(asc(taxDocuments.number)))
      .filter((row) => row.kind === 'tax-invoice')
      .map((row) => Number(row.number.split('/')[2]));
    expect(numbers).toEqual(Array.from({ length: before + 12 }, (_, index) => index + 1));
  });

  it('refuses the download to others and before shipping; cancelling a shipped order issues a credit note', async () => {
    const { id, orderNumber, buyer } = await paidOrder(PUNE_ADDRESS, { 'SAR-8900': 1 });
    expect((await download(orderNumber, 'invoice', buyer)).json()).toEqual({
      error: 'No invoice has been issued for this order yet',
    });
    await ship(id);
    const [stranger] = await insertSignedInCustomers(database.db, 1);
    const refused = await download(orderNumber, 'invoice', stranger);
    expect([refused.statusCode, refused.json()]).toEqual([
      404,
      { error: 'Order not found or access denied' },
    ]);
    expect((await download(orderNumber, 'invoice', undefined, 'wrong@example.com')).statusCode).toBe(404);
    expect((await download(orderNumber, 'receipt', buyer)).statusCode).toBe(400);
    expect((await download(orderNumber, 'credit-note', buyer)).json()).toEqual({
      error: 'No credit note has been issued for this order',
    });

    await returnTestOrder(database.db, 1, id, 'returned to the shop');
    const documents = await database.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, id))
      .orderBy(asc(taxDocuments.id));
    expect(documents.map((row) => [row.kind, row.refersTo])).toEqual([
      ['tax-invoice', null],
      ['credit-note', documents[0]!.id],
    ]);
    expect(documents[1]!.number).toMatch(new RegExp(`^CN/${FY}/\\d{6}$`));
    const response = await download(orderNumber, 'credit-note', buyer);
    expect(response.statusCode).toBe(200);
    const [text] = await pdfText(response.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note no.: ${documents[1]!.number}`);
    expect(text).toContain(`Against invoice ${documents[0]!.number}`);
    expect(text).toContain('Tussar Silk Saree 5007 1 PCS ₹8,900 ₹8,476.19 5 % ₹423.81 ₹8,900');
    const mine = (await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers })).json<
      Order[]
    >();
    expect(mine[0]!.creditNote).toMatchObject({ number: documents[1]!.number, kind: 'credit-note' });
  });

  it('an order placed before GST was recorded is taxed from its line snapshots when it ships', async () => {
    const { id, orderNumber, buyer } = await paidOrder(PUNE_ADDRESS, { 'KUR-2800': 1 });
    await database.db
      .update(orders)
      .set({ supplierGstin: null, supplierStateCode: null, placeOfSupplyCode: null, taxPaise: 0 })
      .where(eq(orders.id, id));
    await database.db
      .update(orderLines)
      .set({ hsn: null, gstRate: null, taxableValuePaise: null, taxPaise: 0, igstPaise: 0 })
      .where(eq(orderLines.orderId, id));
    await ship(id);
    const [text] = await pdfText((await download(orderNumber, 'invoice', buyer)).rawPayload);
    expect(text).toContain(`GSTIN: ${GST_TEST_GSTIN}`);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Maroon Raw Silk Kurta 1 PCS ₹2,800 ₹2,372.88 18 % ₹427.12 ₹2,800');
  });

  it('a store not registered under GST issues a bill of supply without tax', async () => {
    await database.db.update(stores).set({ gstin: null }).where(eq(stores.id, 1));
    try {
      const { id, orderNumber, buyer } = await paidOrder(PUNE_ADDRESS, { 'KUR-2800': 1 });
      await ship(id);
      const [document] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
      expect(document!.kind).toBe('bill-of-supply');
      const response = await download(orderNumber, 'invoice', buyer);
      expect(response.headers['content-disposition']).toContain('Bill-of-Supply-JS-');
      const [text] = await pdfText(response.rawPayload);
      expect(text).toContain('Bill of Supply Not registered under GST');
      expect(text).toContain('Maroon Raw Silk Kurta 6211 1 PCS ₹2,800 ₹2,800');
      expect(text).toContain('Not registered under GST: no tax is charged on this supply.');
      expect(text).not.toContain('IGST');
      expect(text).not.toContain('reverse charge');
    } finally {
      await database.db.update(stores).set({ gstin: GST_TEST_GSTIN }).where(eq(stores.id, 1));
    }
  });
});
