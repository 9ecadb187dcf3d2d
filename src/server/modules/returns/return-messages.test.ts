/**
 * The shopper's phone messages of the return and refund steps through `app.inject()` on a real database:
 * 'return-update' for approve, reject and receive and 'refund-update' for a processed refund, each queued
 * beside the step's e-mail on the order messages' channel (WhatsApp where the number opted in, SMS otherwise
 * while the shop sends transactional SMS, nothing when it does not or the number opted out), with the exact
 * rendered texts; a refused step or refund queues nothing.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { outgoingMessages } from '../../db/schema/notification-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import {
  insertTestOrder,
  insertTestShop,
  insertUpiPayment,
  type TestOrder,
  type TestShop,
} from '../../test/order-fixture';
import { insertTestReturn } from '../../test/return-fixture';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { recordOptOut, setWhatsappOptIn } from '../notifications/phone-consent';

const PHONE = '+919839041736';

describe.each(testDatabaseKinds)('return and refund messages on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;
  let order: TestOrder;

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
    shop = await insertTestShop(database.db, { host: 'silk.test', storeName: 'Silk House' });
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: await insertTestCustomer(database.db, shop.storeId),
      status: ORDER_STATUS.delivered,
      lines: [{ productId: shop.saree, quantity: 1 }],
    });
  });

  const call = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin${url}`,
      headers: { ...owner.headers, 'x-store-host': 'silk.test' },
      payload,
    });
  const messages = () =>
    database.db
      .select({
        channel: outgoingMessages.channel,
        to: outgoingMessages.recipient,
        template: outgoingMessages.template,
        variables: outgoingMessages.variables,
        text: outgoingMessages.text,
      })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.storeId, shop.storeId))
      .orderBy(asc(outgoingMessages.id));
  const newReturn = () =>
    insertTestReturn(database.db, {
      storeId: shop.storeId,
      orderId: order.id,
      lines: [{ position: 0, quantity: 1 }],
    });

  it('approve and receive send return-update by SMS to a number that did not opt in', async () => {
    const one = await newReturn();
    expect((await call(`/returns/${one.id}/approve`, {})).statusCode).toBe(200);
    expect(
      (
        await call(`/returns/${one.id}/receive`, {
          lines: [{ id: String(one.lineIds[0]), outcome: 'restocked' }],
        })
      ).statusCode,
    ).toBe(200);
    const sent = await messages();
    expect(sent.map((message) => [message.channel, message.to, message.template])).toEqual([
      ['sms', PHONE, 'return-update'],
      ['sms', PHONE, 'return-update'],
    ]);
    expect(sent[0]!.variables).toMatchObject({
      returnNumber: one.number,
      orderNumber: order.orderNumber,
      returnStatus: 'approved',
    });
    expect(sent.map((message) => message.text)).toEqual([
      `Silk House: your return ${one.number} for order ${order.orderNumber} is approved.`,
      `Silk House: your return ${one.number} for order ${order.orderNumber} is received.`,
    ]);
  });

  it('reject goes by WhatsApp where the number opted in; a refused step queues nothing', async () => {
    await setWhatsappOptIn(database.db, shop.storeId, PHONE, true, new Date());
    const one = await newReturn();
    const empty = await call(`/returns/${one.id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    const early = await call(`/returns/${one.id}/receive`, {
      lines: [{ id: String(one.lineIds[0]), outcome: 'restocked' }],
    });
    expect(early.statusCode).toBe(409);
    expect(await messages()).toEqual([]);
    expect((await call(`/returns/${one.id}/reject`, { reason: 'Worn' })).statusCode).toBe(200);
    const sent = await messages();
    expect(sent.map((message) => [message.channel, message.text])).toEqual([
      ['whatsapp', `Silk House: your return ${one.number} for order ${order.orderNumber} is rejected.`],
    ]);
  });

  it('nothing goes by phone when the shop sends no transactional SMS, or the number opted out', async () => {
    await database.db
      .update(stores)
      .set({ orderMessageSettings: { transactionalSms: false } })
      .where(eq(stores.id, shop.storeId));
    const one = await newReturn();
    expect((await call(`/returns/${one.id}/approve`, {})).statusCode).toBe(200);
    expect(await messages()).toEqual([]);
    await database.db
      .update(stores)
      .set({ orderMessageSettings: { transactionalSms: true } })
      .where(eq(stores.id, shop.storeId));
    await recordOptOut(database.db, shop.storeId, PHONE, new Date());
    const two = await newReturn();
    expect((await call(`/returns/${two.id}/reject`, { reason: 'Worn' })).statusCode).toBe(200);
    expect(await messages()).toEqual([]);
  });

  it('a refund by UPI sends refund-update "completed" with the amount in rupees; a refused refund nothing', async () => {
    await insertUpiPayment(database.db, shop.storeId, order);
    const over = await call(`/orders/${order.orderNumber}/refunds`, {
      amount: order.totalPaise / 100 + 1,
      reason: 'Too much',
      method: 'cash',
    });
    expect(over.statusCode).toBe(409);
    const noReference = await call(`/orders/${order.orderNumber}/refunds`, {
      amount: 1250,
      reason: 'Goodwill',
      method: 'upi',
    });
    expect(noReference.statusCode).toBe(400);
    expect(await messages()).toEqual([]);
    const done = await call(`/orders/${order.orderNumber}/refunds`, {
      amount: 1250,
      reason: 'Goodwill',
      method: 'upi',
      reference: 'UTR123456',
    });
    expect(done.statusCode).toBe(201);
    const sent = await messages();
    expect(sent.map((message) => [message.channel, message.to, message.template, message.text])).toEqual([
      [
        'sms',
        PHONE,
        'refund-update',
        `Silk House: your refund of ₹1,250 for order ${order.orderNumber} is completed.`,
      ],
    ]);
    expect(sent[0]!.variables).toMatchObject({ amount: '₹1,250', refundStatus: 'completed' });
  });
});
