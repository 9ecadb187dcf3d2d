/**
 * RTO through `app.inject()` on a real database: a Shipped order marked 'Returned to origin' is cancelled with
 * that cause through the state machine — its stock returns and a credit note is issued against its invoice; an
 * order paid online is refund due, a cash-on-delivery order is not (its cash was never collected). Audited
 * (the admin order page's words), mailed. Any other status: 409, nothing changed; another store's order: 404.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditChangeLines } from '@shared/admin/change-text';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { taxDocuments } from '../../db/schema/gst-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import {
  insertTestOrder,
  insertTestShop,
  SHOP_STOCK,
  stockOf,
  type TestShop,
} from '../../test/order-fixture';
import { shipTestOrder } from '../../test/order-moves';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('RTO of a shipped order on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;
  let staff: SessionMember;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db, { host: 'silk.test' });
    other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    userId = await insertTestCustomer(database.db, shop.storeId);
  });

  const rto = (orderNumber: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/rto`,
      headers: { ...staff.headers, 'x-store-host': 'silk.test' },
      payload: {},
    });
  /** A Processing order (saree × 2, kurta M × 1) paid by `paidBy`, then shipped with its tax invoice. */
  async function shippedOrder(paidBy: 'upi' | 'cod') {
    const order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: ORDER_STATUS.processing,
      lines: [
        { productId: shop.saree, quantity: 2 },
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 1 },
      ],
    });
    if (paidBy === 'cod') {
      await database.db.update(orders).set({ cashOnDelivery: true }).where(eq(orders.id, order.id));
    }
    await database.db.insert(payments).values({
      storeId: shop.storeId,
      orderId: order.id,
      provider: paidBy,
      method: paidBy === 'upi' ? 'manual' : 'cod',
      gatewayId: paidBy === 'upi' ? '412345678901' : null,
      amountPaise: order.totalPaise,
      status: paidBy === 'upi' ? 'succeeded' : 'initiated',
    });
    await shipTestOrder(database.db, shop.storeId, order.id, 'EE123456789IN');
    return order;
  }
  const documentsOf = async (orderId: string) =>
    (
      await database.db
        .select({ kind: taxDocuments.kind })
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, orderId))
    ).map((row) => row.kind);

  // The test shop has no GSTIN: its tax invoice is a bill of supply, which the credit note refers to.
  it('a prepaid order: cancelled as returned to origin, stock back, credit note, refund due, audited', async () => {
    const order = await shippedOrder('upi');
    expect(await stockOf(database.db, shop)).toMatchObject({
      saree: SHOP_STOCK.saree - 2,
      kurtaM: SHOP_STOCK.kurtaM - 1,
    });
    const response = await rto(order.orderNumber.toLowerCase());
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'returned to origin',
      refundDue: true,
      actions: [],
    });
    expect(detail.documents.map((document: { document: string }) => document.document)).toEqual([
      'invoice',
      'credit-note',
    ]);
    expect(await documentsOf(order.id)).toEqual(['bill-of-supply', 'credit-note']);
    expect(await stockOf(database.db, shop)).toMatchObject({
      saree: SHOP_STOCK.saree,
      kurtaM: SHOP_STOCK.kurtaM,
    });
    const audit = detail.audit.at(-1);
    expect(audit).toMatchObject({ actor: staff.email, action: 'rto' });
    expect(auditChangeLines(audit.before, audit.after)).toEqual([
      'Status changed from Shipped to Cancelled',
      // jsonb keeps keys shortest first.
      'Refund due: yes',
      'Reason: returned to origin',
    ]);
    expect(detail.history.at(-1)).toMatchObject({
      from: 2,
      to: 4,
      cause: `admin: returned to origin (${staff.email})`,
    });
    const [mail] = await database.db
      .select({ message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `Order ${order.orderNumber} cancelled – Silk House`));
    expect(mail!.message.text).toContain(
      `Your order ${order.orderNumber} has been cancelled: returned to origin.`,
    );
    expect(mail!.message.text).toContain('the shop will refund it to you the way you paid');
  });

  it('a cash-on-delivery order: no refund due, its cash still uncollected, stock back, credit note', async () => {
    const order = await shippedOrder('cod');
    const response = await rto(order.orderNumber);
    expect(response.json()).toMatchObject({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'returned to origin',
      refundDue: false,
    });
    expect(await documentsOf(order.id)).toEqual(['bill-of-supply', 'credit-note']);
    expect(await stockOf(database.db, shop)).toMatchObject({
      saree: SHOP_STOCK.saree,
      kurtaM: SHOP_STOCK.kurtaM,
    });
    const [cod] = await database.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'cod')));
    expect(cod!.status).toBe('initiated');
    const audit = response.json().audit.at(-1);
    expect(auditChangeLines(audit.before, audit.after)).toContain('Refund due: no');
  });

  it("refuses an order that is not Shipped with 409, and another store's order with 404", async () => {
    const processing = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: ORDER_STATUS.processing,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    const delivered = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: ORDER_STATUS.delivered,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
    for (const [order, label] of [
      [processing, 'Processing'],
      [delivered, 'Delivered'],
    ] as const) {
      const response = await rto(order.orderNumber);
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { error: `Only a shipped order can be returned to origin: ${order.orderNumber} is ${label}` },
      ]);
    }
    const again = await shippedOrder('upi');
    expect((await rto(again.orderNumber)).statusCode).toBe(200);
    const twice = await rto(again.orderNumber);
    expect(twice.json()).toEqual({
      error: `Only a shipped order can be returned to origin: ${again.orderNumber} is Cancelled`,
    });
    expect(await stockOf(database.db, shop)).toMatchObject({ saree: SHOP_STOCK.saree - 2 });

    const foreign = await insertTestOrder(database.db, {
      storeId: other.storeId,
      userId: await insertTestCustomer(database.db, other.storeId),
      status: ORDER_STATUS.processing,
      lines: [{ productId: other.saree, quantity: 1 }],
    });
    await shipTestOrder(database.db, other.storeId, foreign.id, 'AWB9');
    expect((await rto(foreign.orderNumber)).statusCode).toBe(404);
    const [row] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, foreign.id));
    expect(row!.status).toBe(ORDER_STATUS.shipped);
  });
});
