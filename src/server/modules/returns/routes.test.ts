/**
 * `POST /orders/{orderId}/returns` through `app.inject()` on a real database: the return as answered and as
 * stored (lines, refund values, exchange variant, pickup fee, event, mails), the order answer that carries it,
 * every refusal with its exact text and the line it names, who may ask (the order's shopper, in its store),
 * and two requests at once for a one-piece line.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { returnWindowClosedMessage, returnWindowLastDay } from '@shared/returns/return-rules';
import type { OrderReturn } from '@shared/returns/return-schemas';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderReturns, returnEvents, returnLines } from '../../db/schema/return-tables';
import { insertDeliveredOrder, setReturnSettings } from '../../test/delivered-order';
import { insertTestOrder, orderLineIds, type TestOrder } from '../../test/order-fixture';
import { insertShoppersOfTwoShops, type ShoppersOfTwoShops } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const DAY = 86_400_000;

describe.each(testDatabaseKinds)('POST /orders/:orderId/returns on %s', (kind) => {
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
    world = await insertShoppersOfTwoShops(database.db, HOST, OTHER_HOST);
    // Built after the shops: the app reads the store hosts when it starts.
    app = await buildTestApp(database);
  });

  /** Asha's Delivered order: 2 sarees, 1 kurta in M, 2 m of fabric, 1 dupatta. */
  const delivered = (deliveredAt?: Date) =>
    insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      email: world.asha.email,
      deliveredAt,
      lines: [
        { productId: world.shop.saree, quantity: 2 },
        { productId: world.shop.kurta, variantId: world.shop.kurtaM, quantity: 1 },
        { productId: world.shop.fabric, quantity: 2 },
        { productId: world.shop.dupatta, quantity: 1 },
      ],
    });
  const lineIds = async (order: TestOrder) => (await orderLineIds(database.db, order.id)).map(String);
  const ask = (order: TestOrder, payload: unknown, headers: Record<string, string> = world.asha.headers) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.orderNumber}/returns`,
      headers: { host: HOST, ...headers },
      payload: payload as object,
    });
  const orderAnswer = async (order: TestOrder) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.orderNumber}`,
        headers: { host: HOST, ...world.asha.headers },
      })
    ).json<Order>();

  it('201: an exchange of the kurta M for L and a refund of a saree, stored, mailed and on the order', async () => {
    await setReturnSettings(database.db, world.shop.storeId, { pickupFeePaise: 5_000 });
    const order = await delivered();
    const [saree, kurta] = await lineIds(order);
    const response = await ask(order, {
      lines: [
        { lineId: kurta, quantity: 1, reason: 'size-too-small', exchangeVariantId: world.shop.kurtaL },
        { lineId: Number(saree), quantity: 1, reason: 'Changed my mind' },
      ],
      note: '  The kurta is tight at the shoulders.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<OrderReturn>();
    expect(created.number).toMatch(/^RT-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(created).toMatchObject({
      orderId: order.orderNumber,
      status: 'requested',
      statusLabel: 'Return requested',
      note: 'The kurta is tight at the shoulders.',
      photos: [],
      pickupFee: 50,
      pickupNote: null,
      rejectionReason: null,
      refundAmount: 2_449,
      replacement: null,
      history: [{ status: 'requested', note: 'The kurta is tight at the shoulders.' }],
    });
    expect(
      created.lines.map((line) => [
        line.lineId,
        line.productTitle,
        line.quantity,
        line.reasonLabel,
        line.exchange,
        line.refundAmount,
      ]),
    ).toEqual([
      [saree, 'Katan Silk Saree', 1, 'Changed my mind', null, 2_499],
      [
        kurta,
        'Cotton Kurta',
        1,
        'Size too small',
        { variantId: world.shop.kurtaL, size: 'L', color: 'White' },
        0,
      ],
    ]);
    const [stored] = await database.db.select().from(orderReturns);
    expect(stored).toMatchObject({
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      pickupFeePaise: 5_000,
    });
    const lines = await database.db.select().from(returnLines).orderBy(asc(returnLines.id));
    expect(
      lines.map((line) => [line.refundPaise, line.exchangeVariantId, line.exchangeSize, line.reason]),
    ).toEqual([
      [0, world.shop.kurtaL, 'L', 'size-too-small'],
      [249_900, null, null, 'changed-mind'],
    ]);
    expect(
      await database.db
        .select({ status: returnEvents.status, actor: returnEvents.actorUserId })
        .from(returnEvents),
    ).toEqual([{ status: 'requested', actor: null }]);
    const mails = await database.db
      .select({ to: outgoingMail.recipient, subject: outgoingMail.subject, message: outgoingMail.message })
      .from(outgoingMail)
      .orderBy(asc(outgoingMail.id));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [world.asha.email, `Return ${created.number} requested for order ${order.orderNumber} – Silk House`],
      ['care@silk.example', `Return requested: ${created.number} for order ${order.orderNumber}`],
    ]);
    expect(mails[0]!.message.text).toContain(
      '- Cotton Kurta (Size: M, Colour: White): 1 — Size too small — exchange for Size: L, Colour: White',
    );
    expect(mails[0]!.message.text).toContain('A return pickup fee of ₹50 is deducted from the refund.');
    expect(mails[1]!.message.text).toContain('Their note: The kurta is tight at the shoulders.');

    const answer = await orderAnswer(order);
    expect(answer.returns).toEqual([created]);
    expect(answer.refunds).toEqual([]);
    expect(answer.creditNotes).toEqual([]);
    expect(answer.returnWindowLastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.items.map((item) => [item.returnable, item.returnableQuantity])).toEqual([
      [true, 1],
      [true, 0],
      [false, 2],
      [true, 1],
    ]);
    const list = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/orders',
        headers: { host: HOST, ...world.asha.headers },
      })
    ).json<Order[]>();
    expect(list[0]!.returns).toEqual([created]);
    const tracked = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.orderNumber}?contactInfo=${encodeURIComponent(world.asha.email)}`,
        headers: { host: HOST },
      })
    ).json<Order>();
    expect(tracked.returns).toEqual([created]);
  });

  it("201 without the pickup fee when every line came back through the shop's fault", async () => {
    await setReturnSettings(database.db, world.shop.storeId, { pickupFeePaise: 5_000 });
    const order = await delivered();
    const [saree] = await lineIds(order);
    const response = await ask(order, {
      lines: [{ lineId: saree, quantity: 1, reason: 'damaged-or-defective' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<OrderReturn>()).toMatchObject({ pickupFee: 0, refundAmount: 2_499 });
  });

  it('400 naming each refused line: not returnable, more than is left, exchange not available', async () => {
    await database.db.update(products).set({ returnable: false }).where(eq(products.id, world.shop.dupatta));
    const order = await delivered();
    const [saree, kurta, fabric, dupatta] = await lineIds(order);
    const refused = await ask(order, {
      lines: [
        { lineId: saree, quantity: 3, reason: 'damaged-or-defective' },
        { lineId: fabric, quantity: 1, reason: 'not-as-described' },
        { lineId: dupatta, quantity: 1, reason: 'wrong-item' },
        { lineId: kurta, quantity: 1, reason: 'size-too-large', exchangeVariantId: world.otherShop.kurtaL },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'You can return at most 2 of this item',
      fields: {
        'lines.0.quantity': 'You can return at most 2 of this item',
        'lines.1.lineId': 'This item cannot be returned',
        'lines.2.lineId': 'This item cannot be returned',
        'lines.3.exchangeVariantId': 'Please choose an available size of the same item',
      },
    });
    expect(await database.db.select().from(orderReturns)).toEqual([]);
    expect(await database.db.select().from(outgoingMail)).toEqual([]);

    // What a return already holds is not left; a rejected one holds nothing.
    expect(
      (await ask(order, { lines: [{ lineId: saree, quantity: 1, reason: 'wrong-item' }] })).statusCode,
    ).toBe(201);
    const tooMany = await ask(order, { lines: [{ lineId: saree, quantity: 2, reason: 'wrong-item' }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: 'You can return at most 1 of this item',
      fields: { 'lines.0.quantity': 'You can return at most 1 of this item' },
    });
    await database.db.update(orderReturns).set({ status: 'rejected' });
    expect(
      (await ask(order, { lines: [{ lineId: saree, quantity: 2, reason: 'wrong-item' }] })).statusCode,
    ).toBe(201);

    const unknown = await ask(order, { lines: [{ lineId: '999999', quantity: 1, reason: 'wrong-item' }] });
    expect(unknown.json()).toEqual({
      error: 'This item is not part of the order',
      fields: { 'lines.0.lineId': 'This item is not part of the order' },
    });
    const half = await ask(order, { lines: [{ lineId: kurta, quantity: 0.5, reason: 'wrong-item' }] });
    expect(half.json()).toMatchObject({ fields: { 'lines.0.quantity': 'Please return whole pieces' } });
  });

  it('400 for an exchange that is sold out, of another product, of another price, or switched off', async () => {
    const order = await delivered();
    const [saree, kurta] = await lineIds(order);
    const exchange = (lineId: string, variantId: string) =>
      ask(order, {
        lines: [{ lineId, quantity: 1, reason: 'size-too-small', exchangeVariantId: variantId }],
      });
    const unavailable = (lineIndex = 0) => ({
      error: 'Please choose an available size of the same item',
      fields: {
        [`lines.${lineIndex}.exchangeVariantId`]: 'Please choose an available size of the same item',
      },
    });

    await database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, world.shop.kurtaL));
    expect((await exchange(kurta!, world.shop.kurtaL)).json()).toEqual(unavailable());
    await database.db
      .update(productVariants)
      .set({ stock: 2, regularPricePaise: 129_900 })
      .where(eq(productVariants.id, world.shop.kurtaL));
    expect((await exchange(kurta!, world.shop.kurtaL)).json()).toEqual(unavailable());
    expect((await exchange(saree!, world.shop.kurtaL)).json()).toEqual(unavailable());
    await database.db
      .update(productVariants)
      .set({ regularPricePaise: null })
      .where(eq(productVariants.id, world.shop.kurtaL));
    await setReturnSettings(database.db, world.shop.storeId, { exchanges: false });
    expect((await exchange(kurta!, world.shop.kurtaL)).json()).toEqual(unavailable());
    await setReturnSettings(database.db, world.shop.storeId, { exchanges: true });
    expect((await exchange(kurta!, world.shop.kurtaL)).statusCode).toBe(201);
  });

  it('409 after the window, for an order not delivered, and in a shop taking no returns', async () => {
    const lateAt = new Date(Date.now() - 9 * DAY);
    const late = await delivered(lateAt);
    const [saree] = await lineIds(late);
    const closed = await ask(late, { lines: [{ lineId: saree, quantity: 1, reason: 'wrong-item' }] });
    expect(closed.statusCode).toBe(409);
    const lastDay = returnWindowLastDay(lateAt, 7);
    expect(closed.json()).toEqual({ error: returnWindowClosedMessage(lastDay) });
    expect(closed.json<{ error: string }>().error).toMatch(
      /^The return window for this order closed on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    expect((await orderAnswer(late)).returnWindowLastDay).toBe(lastDay);

    const shipped = await insertTestOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      status: ORDER_STATUS.shipped,
      lines: [{ productId: world.shop.saree, quantity: 1 }],
    });
    const [shippedLine] = await lineIds(shipped);
    const notDelivered = await ask(shipped, {
      lines: [{ lineId: shippedLine, quantity: 1, reason: 'wrong-item' }],
    });
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json()).toEqual({ error: 'Only a delivered order can be returned or exchanged' });
    expect((await orderAnswer(shipped)).returnWindowLastDay).toBeNull();

    const recent = await delivered();
    const [recentSaree] = await lineIds(recent);
    await setReturnSettings(database.db, world.shop.storeId, { windowDays: 0 });
    const none = await ask(recent, { lines: [{ lineId: recentSaree, quantity: 1, reason: 'wrong-item' }] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'This shop does not accept returns' });
    expect((await orderAnswer(recent)).returnWindowLastDay).toBeNull();
  });

  it("404 for another shopper's order and in another store; 401 without a session; 400 for a bad body", async () => {
    const order = await delivered();
    const [saree] = await lineIds(order);
    const body = { lines: [{ lineId: saree, quantity: 1, reason: 'wrong-item' }] };
    const notFound = { error: 'Order not found or access denied' };
    const ravi = await ask(order, body, world.ravi.headers);
    expect([ravi.statusCode, ravi.json()]).toEqual([404, notFound]);
    const otherStore = await ask(order, body, { ...world.otherStoreShopper.headers, host: OTHER_HOST });
    expect([otherStore.statusCode, otherStore.json()]).toEqual([404, notFound]);
    expect((await ask(order, body, {})).statusCode).toBe(401);
    const bad = await ask(order, { lines: [{ lineId: saree, quantity: 0, reason: 'bored' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: { 'lines.0.quantity': 'must be more than 0', 'lines.0.reason': 'Please choose a reason' },
    });
    expect(await database.db.select().from(orderReturns)).toEqual([]);
  });

  it('two requests at once for a one-piece line: exactly one is taken', async () => {
    const order = await delivered();
    const [, kurta] = await lineIds(order);
    const body = { lines: [{ lineId: kurta, quantity: 1, reason: 'size-too-small' }] };
    const answers = await Promise.all([ask(order, body), ask(order, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({
      error: 'You can return at most 0 of this item',
      fields: { 'lines.0.quantity': 'You can return at most 0 of this item' },
    });
    expect(await database.db.select().from(returnLines)).toHaveLength(1);
  });
});
