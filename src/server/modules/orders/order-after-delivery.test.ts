/**
 * The order answer's life after delivery (`GET /orders`, `GET /orders/{id}`): every credit note oldest first
 * (`creditNote` stays the first), refunds in the shopper's shape, the return window's last day in India time
 * and whether exchanges are offered, and per line `returnable` / `returnableQuantity` — only on Delivered orders.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { taxDocuments } from '../../db/schema/gst-tables';
import { refunds } from '../../db/schema/return-tables';
import { insertDeliveredOrder, setReturnSettings } from '../../test/delivered-order';
import { insertTestOrder } from '../../test/order-fixture';
import { insertShoppersOfTwoShops, type ShoppersOfTwoShops } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';

describe.each(testDatabaseKinds)('the order answer after delivery on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: ShoppersOfTwoShops;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    world = await insertShoppersOfTwoShops(database.db, HOST, 'second.example');
    app = await buildTestApp(database);
  });

  const read = async (orderNumber: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${orderNumber}`,
        headers: { host: HOST, ...world.asha.headers },
      })
    ).json<Order>();

  it('lists every credit note oldest first and the refunds as the shopper reads them', async () => {
    await setReturnSettings(database.db, world.shop.storeId, { windowDays: 10, exchanges: false });
    // Delivered at 20:00 UTC on 20 Nov 2026: 21 Nov in India, so the 10-day window ends on 1 Dec.
    const order = await insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      deliveredAt: new Date('2026-11-20T20:00:00Z'),
      lines: [
        { productId: world.shop.saree, quantity: 2 },
        { productId: world.shop.fabric, quantity: 1.5 },
      ],
    });
    const document = (kindOf: string, number: string, issuedAt: string) => ({
      storeId: world.shop.storeId,
      orderId: order.id,
      kind: kindOf,
      number,
      financialYear: '2026-27',
      issuedAt: new Date(issuedAt),
      document: {},
    });
    const [, , first] = await database.db
      .insert(taxDocuments)
      .values([
        document('tax-invoice', 'SH/26-27/000001', '2026-11-19T10:00:00Z'),
        document('credit-note', 'CN/26-27/000002', '2026-12-02T10:00:00Z'),
        document('credit-note', 'CN/26-27/000001', '2026-11-28T10:00:00Z'),
      ])
      .returning({ id: taxDocuments.id });
    await database.db.insert(refunds).values([
      {
        storeId: world.shop.storeId,
        orderId: order.id,
        amountPaise: 199_900,
        reason: 'Returned saree',
        method: 'upi',
        reference: '412345678901',
        status: 'processed',
        creditNoteId: first!.id,
        createdAt: new Date('2026-11-28T09:00:00Z'),
        processedAt: new Date('2026-12-05T06:00:00Z'),
      },
      {
        storeId: world.shop.storeId,
        orderId: order.id,
        amountPaise: 35_050,
        reason: 'Goodwill',
        method: 'gateway',
        status: 'failed',
        failureReason: 'Refund amount exceeds the captured amount',
        createdAt: new Date('2026-11-29T09:00:00Z'),
      },
    ]);

    const answer = await read(order.orderNumber);
    expect(answer.creditNote).toEqual({
      number: 'CN/26-27/000001',
      kind: 'credit-note',
      issuedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(answer.creditNotes!.map((note) => note.number)).toEqual(['CN/26-27/000001', 'CN/26-27/000002']);
    expect(answer.invoice!.number).toBe('SH/26-27/000001');
    expect(answer.refunds).toEqual([
      {
        id: expect.any(String),
        amount: 1999,
        reason: 'Returned saree',
        method: 'upi',
        reference: '412345678901',
        status: 'processed',
        failureReason: null,
        returnNumber: null,
        creditNote: { number: 'CN/26-27/000001', issuedAt: '2026-11-28T10:00:00.000Z' },
        createdAt: '2026-11-28T09:00:00.000Z',
        processedAt: '2026-12-05T06:00:00.000Z',
      },
      expect.objectContaining({ amount: 350.5, status: 'failed', processedAt: null }),
    ]);
    expect(answer.returnWindowLastDay).toBe('2026-12-01');
    expect(answer.exchangesOffered).toBe(false);
    expect(answer.returns).toEqual([]);
    expect(answer.items.map((item) => [item.returnable, item.returnableQuantity])).toEqual([
      [true, 2],
      [false, 1.5],
    ]);
  });

  it('leaves the window and the line fields off an order that is not Delivered', async () => {
    const shipped = await insertTestOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      status: ORDER_STATUS.shipped,
      lines: [{ productId: world.shop.saree, quantity: 1 }],
    });
    const answer = await read(shipped.orderNumber);
    expect(answer).toMatchObject({
      returnWindowLastDay: null,
      exchangesOffered: false,
      returns: [],
      refunds: [],
      creditNotes: [],
    });
    expect(answer.items[0]).not.toHaveProperty('returnable');
    expect(answer.items[0]).not.toHaveProperty('returnableQuantity');
  });
});
