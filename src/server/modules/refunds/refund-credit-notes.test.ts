/**
 * The GST credit notes of refunds (CGST Rule 53, docs/gst.md "Credit notes") through the real app: a return's
 * refunded lines with the tax split of the invoice pro rata (IGST across states), a goodwill refund on value
 * (CGST + SGST within the state), an exchange that issues none, an RTO (a shipped order cancelled: the
 * existing credit note) also after a partial refund, the PDF naming the original invoice for the shopper and
 * the owner, the refund mail's attachment, and a month of it all in GSTR-1 (B2CS netting, CDNR, CDNUR).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Refund } from '@shared/returns/return-schemas';
import { taxDocuments } from '../../db/schema/gst-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderLineIds } from '../../test/order-fixture';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { pdfText } from '../../test/pdf-text';
import {
  insertTestReturn,
  payThroughSandbox,
  placeTestOrderThroughApi,
  shipTestOrderThrough,
  type TestPayer,
  seedGstTestCatalog,
} from '../../test/refund-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { financialYearOf } from '../gst/document-number';
import { gstr1Export } from '../gst/gstr1-export';
import { gstDate } from '../gst/gstr1-sheet-format';
import type { TaxDocumentContent } from '../gst/tax-document-content';
import { transition } from '../orders/order-lifecycle';

const jaipur = { ...PUNE_ADDRESS, city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' };
const now = new Date();
const FY = financialYearOf(now);
const MONTH = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 7);
const TODAY = gstDate(now.toISOString());
const csvLines = (csv: string) => csv.split('\r\n').filter(Boolean);
const cn = (sequence: number) => `CN/${FY}/${String(sequence).padStart(6, '0')}`;

describe.each(testDatabaseKinds)('credit notes of refunds on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    app = await buildTestApp(database);
    owner = await insertSignedInMember(database.db, 1, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** An order of `lines` (SKU → quantity) to `address`, paid through the sandbox, shipped and delivered. */
  const delivered = async (
    address: typeof PUNE_ADDRESS,
    lines: Record<string, number>,
    payer: TestPayer = {},
  ) => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(
      app,
      database.db,
      buyer!,
      address,
      Object.fromEntries(Object.entries(lines).map(([sku, quantity]) => [ids[sku]!, quantity])),
    );
    await payThroughSandbox(app, buyer!, placed.orderNumber, payer);
    await shipTestOrderThrough(database.db, 1, placed.id, true);
    return { ...placed, buyer: buyer!, lineIds: await orderLineIds(database.db, placed.id) };
  };
  const refund = async (orderNumber: string, body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: owner.headers,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<Refund>();
  };
  const document = async (number: string) => {
    const [row] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.number, number));
    return row!.document as TaxDocumentContent;
  };
  const invoiceOf = async (orderId: string) => {
    const [row] = await database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'tax-invoice')));
    return row!.document as TaxDocumentContent;
  };
  const download = (url: string, buyer?: SessionCustomer) =>
    app.inject({ method: 'GET', url, headers: buyer?.headers ?? owner.headers });

  it('a month: return refund (lines pro rata), goodwill on value, exchange (none), RTO, B2CL and B2B — and GSTR-1', async () => {
    // 1. A return of one of two kurtas, and a fabric exchanged: the credit note lists the kurta only.
    const a = await delivered(PUNE_ADDRESS, { 'KUR-2800': 2, 'FAB-450': 2 });
    const aInvoice = await invoiceOf(a.id);
    const ret = await insertTestReturn(database.db, {
      storeId: 1,
      orderId: a.id,
      userId: a.buyer.userId,
      lines: [
        { orderLineId: a.lineIds[0]!, quantity: 1, refundPaise: 280_000 },
        { orderLineId: a.lineIds[1]!, quantity: 2, refundPaise: 0, exchangeSize: 'Indigo' },
      ],
    });
    const returned = await refund(a.orderNumber, {
      amount: 2800,
      reason: 'Returned kurta',
      method: 'gateway',
      returnId: ret.id,
    });
    expect(returned).toMatchObject({ status: 'processed', returnNumber: ret.number });
    expect(returned.creditNote?.number).toBe(cn(1));
    const first = await document(cn(1));
    expect(first.refersTo).toEqual({ number: aInvoice.number, issuedAt: aInvoice.issuedAt });
    expect(first.lines).toEqual([
      {
        ...aInvoice.lines[0]!,
        quantity: 1,
        taxableValuePaise: 237_288,
        igstPaise: 42_712,
        totalPaise: 280_000,
        invoiceLine: 0,
      },
    ]);
    expect(first.totals).toEqual({
      taxableValuePaise: 237_288,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 42_712,
      taxPaise: 42_712,
      totalPaise: 280_000,
    });
    expect(first.totalInWords).toBe('Rupees Two Thousand Eight Hundred Only');

    // The shopper's mail carries it; the shopper and the owner download it (encoded or dashed number).
    const [mail] = await database.db
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.recipient, a.buyer.email), like(outgoingMail.subject, 'Refund of%')));
    expect(mail!.message.text).toContain(
      `Credit note ${cn(1)} against invoice ${aInvoice.number} is attached.`,
    );
    expect(mail!.message.attachments?.map((file) => file.filename)).toEqual([
      `Credit-Note-${cn(1).replace(/\//g, '-')}.pdf`,
    ]);
    const shopper = await download(
      `/api/v1/orders/${a.orderNumber}/credit-notes/${encodeURIComponent(cn(1))}`,
      a.buyer,
    );
    expect(shopper.statusCode).toBe(200);
    expect(shopper.headers['content-type']).toBe('application/pdf');
    const [text] = await pdfText(shopper.rawPayload);
    for (const expected of [
      'Credit Note',
      `Credit note no.: ${cn(1)}`,
      `Order: ${a.orderNumber}`,
      `Against invoice ${aInvoice.number} of`,
      'Maroon Raw Silk Kurta 6211 1 PCS ₹2,800 ₹2,372.88 18 % ₹427.12 ₹2,800',
      'Taxable value ₹2,372.88 IGST ₹427.12 Total ₹2,800',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Sanganeri');
    const dashed = await download(
      `/api/v1/orders/${a.orderNumber}/credit-notes/${cn(1).replace(/\//g, '-')}`,
      a.buyer,
    );
    expect(dashed.statusCode).toBe(200);
    const [stranger] = await insertSignedInCustomers(database.db, 1);
    const refused = await download(
      `/api/v1/orders/${a.orderNumber}/credit-notes/${encodeURIComponent(cn(1))}`,
      stranger,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('Order not found or access denied');
    const admin = await download(
      `/api/v1/admin/orders/${a.orderNumber}/credit-notes/${encodeURIComponent(cn(1))}`,
    );
    expect(admin.statusCode).toBe(200);
    const missing = await download(`/api/v1/admin/orders/${a.orderNumber}/credit-notes/CN-${FY}-000099`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('This order has no credit note with that number');

    // 2. A goodwill refund within the state: on value, CGST and SGST worked back, whole paise.
    const b = await delivered(jaipur, { 'KUR-1299': 1, 'FAB-450': 2 });
    const bInvoice = await invoiceOf(b.id);
    const goodwill = await refund(b.orderNumber, {
      amount: 500,
      reason: 'Goodwill',
      method: 'bank',
      reference: 'N1',
    });
    expect(goodwill.creditNote?.number).toBe(cn(2));
    const second = await document(cn(2));
    expect(second.lines.map((line) => [line.quantity, line.totalPaise])).toEqual([
      [0, 29_537],
      [0, 20_463],
    ]);
    for (const [index, line] of second.lines.entries()) {
      const original = bInvoice.lines[index]!;
      expect(line.cgstPaise).toBe(Math.round((original.cgstPaise * line.totalPaise) / original.totalPaise));
      expect(line.sgstPaise).toBe(line.cgstPaise);
      expect(line.igstPaise).toBe(0);
      expect(line.taxableValuePaise).toBe(line.totalPaise - line.cgstPaise - line.sgstPaise);
      expect(line.cgstRate).toBe(2.5);
    }
    expect(second.totals.totalPaise).toBe(50_000);
    const [goodwillText] = await pdfText(
      (await download(`/api/v1/admin/orders/${b.orderNumber}/credit-notes/${cn(2).replace(/\//g, '-')}`))
        .rawPayload,
    );
    for (const expected of [
      'Mulmul Cotton Kurta 6211 — — ₹281.31 2.5 % ₹7.03 2.5 % ₹7.03 ₹295.37',
      'Sanganeri Cotton Fabric 5208 — — ₹194.89 2.5 % ₹4.87 2.5 % ₹4.87 ₹204.63',
      'Taxable value ₹476.20 CGST ₹11.90 SGST ₹11.90 Total ₹500',
    ])
      expect(goodwillText).toContain(expected);
    expect(goodwillText).toContain(`Against invoice ${bInvoice.number} of`);

    // 3. An exchange only: no money moves, no refund, no credit note.
    const c = await delivered(PUNE_ADDRESS, { 'KUR-1299': 1 });
    await insertTestReturn(database.db, {
      storeId: 1,
      orderId: c.id,
      userId: c.buyer.userId,
      lines: [{ orderLineId: c.lineIds[0]!, quantity: 1, refundPaise: 0, exchangeSize: 'L' }],
    });

    // 4. An RTO: a shipped order cancelled gets the existing full credit note; 5. the same after a partial
    // refund credits what is left.
    const [rtoBuyer] = await insertSignedInCustomers(database.db, 1);
    const d = await placeTestOrderThroughApi(app, database.db, rtoBuyer!, PUNE_ADDRESS, {
      [ids['FAB-450']!]: 4,
    });
    await payThroughSandbox(app, rtoBuyer!, d.orderNumber);
    await shipTestOrderThrough(database.db, 1, d.id);
    await transition(database.db, 1, d.id, ORDER_STATUS.cancelled, 'test: returned to origin');
    const third = await document(cn(3));
    expect(third.totals.totalPaise).toBe(180_000);
    expect(third.lines[0]!.quantity).toBe(4);
    const rtoRefund = await refund(d.orderNumber, { amount: 1800, reason: 'RTO', method: 'gateway' });
    expect(rtoRefund.creditNote).toBeNull(); // the RTO's credit note already reversed it all

    const [partBuyer] = await insertSignedInCustomers(database.db, 1);
    const e = await placeTestOrderThroughApi(app, database.db, partBuyer!, PUNE_ADDRESS, {
      [ids['FAB-450']!]: 4,
    });
    await payThroughSandbox(app, partBuyer!, e.orderNumber);
    await shipTestOrderThrough(database.db, 1, e.id);
    expect(
      (await refund(e.orderNumber, { amount: 300, reason: 'Late', method: 'cash' })).creditNote?.number,
    ).toBe(cn(4));
    await transition(database.db, 1, e.id, ORDER_STATUS.cancelled, 'test: returned to origin');
    expect((await document(cn(5))).totals.totalPaise).toBe(150_000);

    // 6. A B2CL invoice (inter-state, above ₹1,00,000) partly refunded: CDNUR. 7. A business buyer: CDNR.
    const large = await delivered(PUNE_ADDRESS, { 'SAR-8900': 10, 'KUR-2800': 10 });
    const largeInvoice = await invoiceOf(large.id);
    await refund(large.orderNumber, { amount: 1170, reason: 'Goodwill', method: 'gateway' });
    const business = await delivered(
      PUNE_ADDRESS,
      { 'BAG-599': 1 },
      { businessName: 'Joshi Traders', gstin: '27AAACR5055K1Z7' },
    );
    const businessInvoice = await invoiceOf(business.id);
    await refund(business.orderNumber, { amount: 599, reason: 'Returned', method: 'gateway' });

    const sheets = await gstr1Export(database.db, 1, MONTH);
    expect(csvLines(sheets.cdnr)).toEqual([
      'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,Original Invoice Number,Original Invoice date',
      `27AAACR5055K1Z7,Joshi Traders,${cn(7)},${TODAY},C,27-Maharashtra,N,Regular B2B,599.00,,18,507.63,0.00,${businessInvoice.number},${TODAY}`,
    ]);
    expect(csvLines(sheets.cdnur)).toEqual([
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,Original Invoice Number,Original Invoice date',
      `B2CL,${cn(6)},${TODAY},C,27-Maharashtra,1170.00,,5,847.62,0.00,${largeInvoice.number},${TODAY}`,
      `B2CL,${cn(6)},${TODAY},C,27-Maharashtra,1170.00,,18,237.29,0.00,${largeInvoice.number},${TODAY}`,
    ]);
    // B2CS: the consumer invoices not in B2CL less their credit notes (returned kurta, goodwill, RTOs).
    expect(csvLines(sheets.b2cs)).toEqual([
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      'OE,08-Rajasthan,,5,1618.08,0.00,', // 2,094.28 invoiced less the goodwill's 476.20
      // Fabric (A) 857.14 + kurta (C) 1,237.14: the RTOs' invoices are reversed exactly by their credit notes.
      'OE,27-Maharashtra,,5,2094.28,0.00,',
      'OE,27-Maharashtra,,18,2372.88,0.00,',
    ]);
    expect(csvLines(sheets.docs).at(-1)).toBe(`Credit Note,${cn(1)},${cn(7)},7,0`);
  });
});
