/**
 * The owner's returns queue through `app.inject()` on a real database: the tabs with their counts and the
 * money involved, one return, each step (approve with the exchange size held, reject with its reason, receive
 * with restock or write-off, ship the replacement, close) with its event, audit entry and shopper's mail,
 * every illegal move (409 with the sentence, nothing changed), bad bodies (400 with fields), roles (a shopper
 * 403, staff allowed) and another store's returns (404).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { auditLog } from '../../db/schema/admin-tables';
import { productVariants } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderReturns, refunds, returnEvents, returnLines } from '../../db/schema/return-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import {
  insertUpiPayment,
  insertTestOrder,
  insertTestShop,
  stockOf,
  type TestOrder,
  type TestShop,
} from '../../test/order-fixture';
import { insertTestReturn, type TestReturnInput } from '../../test/return-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('admin returns routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;
  let staff: SessionMember;
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
    shop = await insertTestShop(database.db, { host: 'silk.test' });
    other = await insertTestShop(database.db, { host: 'other.test', isDefault: false });
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    // Kurta M × 2 (variant stock 6 → 4), saree × 1 (product stock 20 → 19), dupatta × 1 (untracked).
    order = await insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId: await insertTestCustomer(database.db, shop.storeId),
      status: ORDER_STATUS.delivered,
      lines: [
        { productId: shop.kurta, variantId: shop.kurtaM, quantity: 2 },
        { productId: shop.saree, quantity: 1 },
        { productId: shop.dupatta, quantity: 1 },
      ],
    });
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = staff.headers) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { ...headers, 'x-store-host': 'silk.test' },
      ...(payload ? { payload } : {}),
    });
  const newReturn = (lines: TestReturnInput['lines'], extra: Partial<TestReturnInput> = {}) =>
    insertTestReturn(database.db, { storeId: shop.storeId, orderId: order.id, lines, ...extra });
  /** Kurta M × 1 exchanged for L. */
  const exchange = () => newReturn([{ position: 0, quantity: 1, exchangeVariantId: shop.kurtaL }]);
  /** Saree × 1 for a refund. */
  const refundReturn = () => newReturn([{ position: 1, quantity: 1, reason: 'damaged-or-defective' }]);
  const statusOf = async (id: string) =>
    (await database.db.select().from(orderReturns).where(eq(orderReturns.id, id)))[0]!.status;
  const subjects = async () =>
    (await database.db.select({ subject: outgoingMail.subject }).from(outgoingMail)).map(
      (row) => row.subject,
    );
  const mailText = async (subject: string) =>
    (
      await database.db
        .select({ message: outgoingMail.message })
        .from(outgoingMail)
        .where(eq(outgoingMail.subject, subject))
    )[0]!.message.text;

  it('lists each tab with its counts, oldest first while waiting, with the money involved', async () => {
    const first = await newReturn([{ position: 1, quantity: 1 }], {
      createdAt: new Date(Date.now() - 3 * 3_600_000),
      pickupFeePaise: 10_000,
      photos: ['/media/returns/pulled-thread.jpg'],
      note: 'A pulled thread on the pallu',
    });
    const second = await exchange();
    const third = await refundReturn();
    const rejected = await refundReturn();
    expect((await call('POST', `/returns/${third.id}/approve`, {})).statusCode).toBe(200);
    expect((await call('POST', `/returns/${rejected.id}/reject`, { reason: 'Worn' })).statusCode).toBe(200);
    await insertUpiPayment(database.db, shop.storeId, order);
    await database.db.insert(refunds).values([
      {
        storeId: shop.storeId,
        orderId: order.id,
        amountPaise: 50_000,
        reason: 'x',
        method: 'upi',
        status: 'processed',
      },
      { storeId: shop.storeId, orderId: order.id, amountPaise: 30_050, reason: 'x', method: 'gateway' },
      {
        storeId: shop.storeId,
        orderId: order.id,
        amountPaise: 99_900,
        reason: 'x',
        method: 'gateway',
        status: 'failed',
      },
    ]);

    const requested = await call('GET', '/returns');
    expect(requested.statusCode).toBe(200);
    const body = requested.json();
    expect(body).toMatchObject({
      total: 2,
      page: 1,
      counts: { requested: 2, approved: 1, received: 0, closed: 1 },
    });
    expect(body.data.map((row: { id: string }) => row.id)).toEqual([first.id, second.id]);
    expect(body.data[0]).toMatchObject({
      number: first.number,
      orderId: order.orderNumber,
      status: 'requested',
      statusLabel: 'Return requested',
      note: 'A pulled thread on the pallu',
      photos: ['/media/returns/pulled-thread.jpg'],
      pickupFee: 100,
      refundAmount: 2_399,
      orderTotal: order.totalPaise / 100,
      paidBy: 'upi',
      shopper: { name: 'Asha Verma', email: 'asha@example.com', phone: '+91 98390 41736' },
      refunded: 800.5,
      lines: [
        {
          productTitle: 'Katan Silk Saree',
          quantity: 1,
          reason: 'changed-mind',
          reasonLabel: 'Changed my mind',
          exchange: null,
          outcome: null,
          refundAmount: 2_499,
        },
      ],
    });
    expect(body.data[1].lines[0]).toMatchObject({
      productTitle: 'Cotton Kurta',
      size: 'M',
      exchange: { variantId: shop.kurtaL, size: 'L', color: 'White' },
      refundAmount: 0,
    });
    const closed = await call('GET', '/returns?status=closed');
    expect(closed.json()).toMatchObject({ total: 1, data: [{ id: rejected.id, status: 'rejected' }] });
    const page = await call('GET', '/returns?status=requested&limit=1&page=2');
    expect(page.json()).toMatchObject({ total: 2, page: 2, data: [{ id: second.id }] });
    const bad = await call('GET', '/returns?status=lost&limit=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['limit', 'status']);
  });

  it('shows one return, and lists the returns of an order', async () => {
    const one = await exchange();
    const response = await call('GET', `/returns/${one.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: one.id,
      paidBy: null,
      refunded: 0,
      history: [{ status: 'requested', note: null }],
    });
    const ofOrder = await call('GET', `/orders/${order.orderNumber.toLowerCase()}/returns`);
    expect(ofOrder.json().data.map((row: { number: string }) => row.number)).toEqual([one.number]);
    const notAReturn = await call('GET', '/returns/not-a-uuid');
    expect([notAReturn.statusCode, notAReturn.json().fields]).toEqual([
      400,
      { returnId: 'must be a return id' },
    ]);
  });

  it('approves an exchange: holds the new size, records the pickup note, audits and mails', async () => {
    const one = await exchange();
    const response = await call('POST', `/returns/${one.id}/approve`, {
      pickupNote: ' Pickup on Monday 10–1 ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      pickupNote: 'Pickup on Monday 10–1',
      history: [{ status: 'requested' }, { status: 'approved', note: 'Pickup on Monday 10–1' }],
    });
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaL: 1, kurtaM: 4 });
    const [line] = await database.db.select().from(returnLines).where(eq(returnLines.id, one.lineIds[0]!));
    expect(line!.exchangeHeld).toBe(1);
    const [event] = await database.db
      .select()
      .from(returnEvents)
      .where(and(eq(returnEvents.returnId, one.id), eq(returnEvents.status, 'approved')));
    expect(event!.actorUserId).toBe(staff.userId);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, one.number));
    expect(audit).toEqual([
      expect.objectContaining({
        actor: staff.email,
        entity: 'return',
        action: 'approve',
        before: { status: 'Return requested' },
        after: { status: 'Return approved', pickupNote: 'Pickup on Monday 10–1' },
      }),
    ]);
    const subject = `Return ${one.number} approved – Silk House`;
    expect(await subjects()).toEqual([subject]);
    const text = await mailText(subject);
    expect(text).toContain(`We have approved your return ${one.number} for order ${order.orderNumber}.`);
    expect(text).toContain('Pickup: Pickup on Monday 10–1');
    expect(text).toContain('The size you asked for in exchange is set aside for you.');
    expect(text).toContain('- Cotton Kurta (Size: M, Colour: White): 1 — exchange for size L, White');
  });

  it('refuses to approve an exchange whose size sold out, naming it and changing nothing', async () => {
    const one = await exchange();
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, shop.kurtaL));
    const response = await call('POST', `/returns/${one.id}/approve`, { pickupNote: 'Monday' });
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { error: 'Cotton Kurta in size L (White) is sold out: the exchange cannot be held' },
    ]);
    expect(await statusOf(one.id)).toBe('requested');
    expect(await database.db.select().from(auditLog)).toEqual([]);
    expect(await subjects()).toEqual([]);
    expect(
      await database.db.select().from(returnEvents).where(eq(returnEvents.returnId, one.id)),
    ).toHaveLength(1);
    // An untracked variant holds nothing and is always available.
    await database.db.update(productVariants).set({ stock: null }).where(eq(productVariants.id, shop.kurtaL));
    expect((await call('POST', `/returns/${one.id}/approve`, {})).statusCode).toBe(200);
    const [line] = await database.db.select().from(returnLines).where(eq(returnLines.id, one.lineIds[0]!));
    expect(line!.exchangeHeld).toBe(0);
  });

  it('holds the whole quantity of an exchange line: 2 × M for 2 × L', async () => {
    const two = await newReturn([{ position: 0, quantity: 2, exchangeVariantId: shop.kurtaL }]);
    expect((await call('POST', `/returns/${two.id}/approve`, {})).statusCode).toBe(200);
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaL: 0, kurtaM: 4 });
    // Nothing is left for a third L.
    const more = await exchange();
    const refused = await call('POST', `/returns/${more.id}/approve`, {});
    expect(refused.statusCode).toBe(409);
  });

  it('two exchanges for the last L: the first approval holds it, the second is refused', async () => {
    await database.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, shop.kurtaL));
    const first = await exchange();
    const second = await exchange();
    const answers = await Promise.all([
      call('POST', `/returns/${first.id}/approve`, {}),
      call('POST', `/returns/${second.id}/approve`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await stockOf(database.db, shop)).kurtaL).toBe(0);
  });

  it('rejects with the reason the shopper reads; a reason is required', async () => {
    const one = await refundReturn();
    const empty = await call('POST', `/returns/${one.id}/reject`, { reason: '  ' });
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { reason: 'Please give a reason' }]);
    const response = await call('POST', `/returns/${one.id}/reject`, { reason: 'The saree has been worn' });
    expect(response.json()).toMatchObject({
      status: 'rejected',
      statusLabel: 'Return rejected',
      rejectionReason: 'The saree has been worn',
      history: [{ status: 'requested' }, { status: 'rejected', note: 'The saree has been worn' }],
    });
    const subject = `Return ${one.number} not accepted – Silk House`;
    expect(await mailText(subject)).toContain('The shop says: The saree has been worn');
    expect(await stockOf(database.db, shop)).toMatchObject({ saree: 19 });
  });

  it('receives: a restocked line goes back on sale, a written-off line does not', async () => {
    const one = await newReturn([
      { position: 0, quantity: 2 },
      { position: 1, quantity: 1 },
      { position: 2, quantity: 1 },
    ]);
    await call('POST', `/returns/${one.id}/approve`, {});
    const response = await call('POST', `/returns/${one.id}/receive`, {
      lines: [
        { id: String(one.lineIds[0]), outcome: 'restocked' },
        { id: String(one.lineIds[1]), outcome: 'written-off' },
        { id: String(one.lineIds[2]), outcome: 'restocked' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'received', refundAmount: 2 * 999.5 + 2_499 + 350 });
    expect(response.json().lines.map((line: { outcome: string }) => line.outcome)).toEqual([
      'restocked',
      'written-off',
      'restocked',
    ]);
    // Kurta M back from 4 to 6; the damaged saree stays at 19; the untracked dupatta stays untracked.
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaM: 6, saree: 19, dupatta: null });
    const text = await mailText(`Return ${one.number} received – Silk House`);
    expect(text).toContain(
      `We have received the items of your return ${one.number} for order ${order.orderNumber}.`,
    );
    expect(text).toContain('Your refund of ₹4,848 follows; we will e-mail you when it is processed.');
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, one.number), eq(auditLog.action, 'receive')));
    expect(audit!.after).toMatchObject({ status: 'Return received' });
  });

  it('two receipts of one return at once restock it once; the second is refused', async () => {
    const one = await newReturn([{ position: 0, quantity: 2 }]);
    await call('POST', `/returns/${one.id}/approve`, {});
    const body = { lines: [{ id: String(one.lineIds[0]), outcome: 'restocked' }] };
    const answers = await Promise.all([
      call('POST', `/returns/${one.id}/receive`, body),
      call('POST', `/returns/${one.id}/receive`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      error: `Return ${one.number} is already received`,
    });
    expect((await stockOf(database.db, shop)).kurtaM).toBe(6);
  });

  it('refuses a receipt that leaves a line out, names another line or lists one twice', async () => {
    const one = await newReturn([
      { position: 0, quantity: 1 },
      { position: 1, quantity: 1 },
    ]);
    const foreign = await refundReturn();
    await call('POST', `/returns/${one.id}/approve`, {});
    const [a, b] = one.lineIds.map(String) as [string, string];
    for (const [lines, fields] of [
      [[{ id: a, outcome: 'restocked' }], { lines: 'Please say what became of each item' }],
      [
        [
          { id: a, outcome: 'restocked' },
          { id: String(foreign.lineIds[0]), outcome: 'restocked' },
        ],
        { 'lines.1.id': 'is not an item of this return' },
      ],
      [
        [
          { id: a, outcome: 'restocked' },
          { id: a, outcome: 'written-off' },
          { id: b, outcome: 'restocked' },
        ],
        { 'lines.1.id': 'each item may be listed once' },
      ],
      [[], { lines: 'Please say what became of each item' }],
      [[{ id: a, outcome: 'lost' }], { 'lines.0.outcome': expect.any(String) }],
    ] as const) {
      const response = await call('POST', `/returns/${one.id}/receive`, { lines });
      expect([response.statusCode, response.json().fields]).toEqual([400, fields]);
    }
    expect(await statusOf(one.id)).toBe('approved');
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaM: 4, saree: 19 });
  });

  it('ships the replacement of a received exchange from the held stock, then closes it', async () => {
    const one = await exchange();
    await call('POST', `/returns/${one.id}/approve`, {});
    await call('POST', `/returns/${one.id}/receive`, {
      lines: [{ id: String(one.lineIds[0]), outcome: 'restocked' }],
    });
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaM: 5, kurtaL: 1 });
    const early = await call('POST', `/returns/${one.id}/close`, {});
    expect([early.statusCode, early.json()]).toEqual([
      409,
      { error: `Return ${one.number} can be closed once its replacement has shipped` },
    ]);
    const noTracking = await call('POST', `/returns/${one.id}/ship-replacement`, { courier: 'Delhivery' });
    expect(noTracking.statusCode).toBe(400);
    const shipped = await call('POST', `/returns/${one.id}/ship-replacement`, {
      courier: ' bluedart ',
      trackingNumber: '90123456789',
    });
    expect(shipped.statusCode).toBe(200);
    const link =
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=90123456789';
    expect(shipped.json()).toMatchObject({
      status: 'received',
      replacement: { courier: 'Blue Dart', trackingNumber: '90123456789', trackingUrl: link },
    });
    expect(shipped.json().history.at(-1)).toMatchObject({
      status: 'replacement-shipped',
      note: 'Blue Dart 90123456789',
    });
    // The replacement went out of the stock held at approval: no second decrement.
    expect(await stockOf(database.db, shop)).toMatchObject({ kurtaM: 5, kurtaL: 1 });
    const text = await mailText(`Replacement for return ${one.number} shipped – Silk House`);
    expect(text).toContain('There is nothing to pay.');
    expect(text).toContain(
      `Courier: Blue Dart\n\nTracking number: 90123456789\n\nTrack your parcel on the Blue Dart website: ${link}\n`,
    );
    const again = await call('POST', `/returns/${one.id}/ship-replacement`, { trackingNumber: 'X1' });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: `The replacement of return ${one.number} has already shipped` },
    ]);
    const closed = await call('POST', `/returns/${one.id}/close`, {});
    expect(closed.json()).toMatchObject({ status: 'closed', statusLabel: 'Return closed' });
    expect((await call('GET', '/returns?status=closed')).json().counts).toEqual({
      requested: 0,
      approved: 0,
      received: 0,
      closed: 1,
    });
    expect(
      (await database.db.select().from(auditLog).where(eq(auditLog.entityId, one.number))).map(
        (entry) => entry.action,
      ),
    ).toEqual(['approve', 'receive', 'ship-replacement', 'close']);
  });

  it('refuses the replacement of a return without an exchange, and of one not received', async () => {
    const refund = await refundReturn();
    await call('POST', `/returns/${refund.id}/approve`, {});
    await call('POST', `/returns/${refund.id}/receive`, {
      lines: [{ id: String(refund.lineIds[0]), outcome: 'restocked' }],
    });
    const none = await call('POST', `/returns/${refund.id}/ship-replacement`, { trackingNumber: 'AWB1' });
    expect([none.statusCode, none.json()]).toEqual([
      409,
      { error: `Return ${refund.number} has no exchange to ship` },
    ]);
    const one = await exchange();
    await call('POST', `/returns/${one.id}/approve`, {});
    const early = await call('POST', `/returns/${one.id}/ship-replacement`, { trackingNumber: 'AWB1' });
    expect([early.statusCode, early.json()]).toEqual([
      409,
      { error: `Return ${one.number} is not received yet` },
    ]);
    // A refund-only return closes at once after receipt.
    expect((await call('POST', `/returns/${refund.id}/close`, {})).json()).toMatchObject({
      status: 'closed',
    });
  });

  it('refuses every illegal move with 409 and its sentence, changing nothing', async () => {
    const requested = await refundReturn();
    const approved = await refundReturn();
    const rejected = await refundReturn();
    const closed = await refundReturn();
    await call('POST', `/returns/${approved.id}/approve`, {});
    await call('POST', `/returns/${rejected.id}/reject`, { reason: 'Worn' });
    await call('POST', `/returns/${closed.id}/approve`, {});
    await call('POST', `/returns/${closed.id}/receive`, {
      lines: [{ id: String(closed.lineIds[0]), outcome: 'written-off' }],
    });
    await call('POST', `/returns/${closed.id}/close`, {});
    const before = (await database.db.select().from(auditLog)).length;
    const receive = (id: number) => ({ lines: [{ id: String(id), outcome: 'restocked' }] });
    for (const [target, step, body, error] of [
      [requested, 'receive', receive(requested.lineIds[0]!), 'is not approved yet'],
      [requested, 'close', {}, 'is not received yet'],
      [requested, 'ship-replacement', { trackingNumber: 'A1' }, 'is not received yet'],
      [approved, 'approve', {}, 'is already approved'],
      [approved, 'reject', { reason: 'No' }, 'is already approved'],
      [approved, 'close', {}, 'is not received yet'],
      [rejected, 'approve', {}, 'is already rejected'],
      [rejected, 'receive', receive(rejected.lineIds[0]!), 'is already rejected'],
      [rejected, 'close', {}, 'is already rejected'],
      [closed, 'approve', {}, 'is already closed'],
      [closed, 'reject', { reason: 'No' }, 'is already closed'],
      [closed, 'receive', receive(closed.lineIds[0]!), 'is already closed'],
      [closed, 'close', {}, 'is already closed'],
      [closed, 'ship-replacement', { trackingNumber: 'A1' }, 'is already closed'],
    ] as const) {
      const response = await call('POST', `/returns/${target.id}/${step}`, body);
      expect([step, response.statusCode, response.json()]).toEqual([
        step,
        409,
        { error: `Return ${target.number} ${error}` },
      ]);
    }
    expect(await database.db.select().from(auditLog)).toHaveLength(before);
    expect([
      await statusOf(requested.id),
      await statusOf(approved.id),
      await statusOf(rejected.id),
      await statusOf(closed.id),
    ]).toEqual(['requested', 'approved', 'rejected', 'closed']);
    expect(await stockOf(database.db, shop)).toMatchObject({ saree: 19 });
  });

  it('lets owner and staff in; a shopper gets 403, no session 401', async () => {
    const one = await refundReturn();
    const owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    expect((await call('GET', '/returns', undefined, owner.headers)).statusCode).toBe(200);
    const [shopper] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    for (const [method, url, body] of [
      ['GET', '/returns', undefined],
      ['GET', `/returns/${one.id}`, undefined],
      ['POST', `/returns/${one.id}/approve`, {}],
      ['POST', `/orders/${order.orderNumber}/rto`, {}],
    ] as const) {
      expect((await call(method, url, body, shopper!.headers)).statusCode).toBe(403);
      expect((await call(method, url, body, {} as typeof staff.headers)).statusCode).toBe(401);
    }
    expect(await statusOf(one.id)).toBe('requested');
  });

  it("answers 404 for another store's return on every route", async () => {
    const foreignOrder = await insertTestOrder(database.db, {
      storeId: other.storeId,
      userId: await insertTestCustomer(database.db, other.storeId),
      status: ORDER_STATUS.delivered,
      lines: [{ productId: other.saree, quantity: 1 }],
    });
    const foreign = await insertTestReturn(database.db, {
      storeId: other.storeId,
      orderId: foreignOrder.id,
      lines: [{ position: 0, quantity: 1 }],
    });
    for (const [method, url, body] of [
      ['GET', `/returns/${foreign.id}`, undefined],
      ['POST', `/returns/${foreign.id}/approve`, {}],
      ['POST', `/returns/${foreign.id}/reject`, { reason: 'No' }],
      [
        'POST',
        `/returns/${foreign.id}/receive`,
        { lines: [{ id: String(foreign.lineIds[0]), outcome: 'restocked' }] },
      ],
      ['POST', `/returns/${foreign.id}/ship-replacement`, { trackingNumber: 'A1' }],
      ['POST', `/returns/${foreign.id}/close`, {}],
      ['GET', `/orders/${foreignOrder.orderNumber}/returns`, undefined],
    ] as const) {
      const response = await call(method, url, body);
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect((await call('GET', '/returns')).json()).toMatchObject({ total: 0, data: [] });
    expect(await statusOf(foreign.id)).toBe('requested');
  });
});
