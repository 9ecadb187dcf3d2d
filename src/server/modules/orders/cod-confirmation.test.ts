/**
 * Order messages and the COD confirmation through the real app: the checkout's WhatsApp opt-in and the
 * channel it chooses, an opted-out number getting nothing, the shop's SMS setting, the messages of the order's
 * moves, and the COD link — shown without the address, confirmed or cancelled once, refused when used, expired
 * or unknown — with the expiry pass flagging or cancelling what nobody answered.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { COD_LINK_GONE } from '@shared/orders/cod-confirmation-schemas';
import { orders } from '../../db/schema/order-tables';
import { products } from '../../db/schema/catalog-tables';
import { outgoingMessages, phoneConsents } from '../../db/schema/notification-tables';
import { users } from '../../db/schema/user-tables';
import { codConfirmToken } from '../../test/cod-token';
import { openDeliveryTestShop, pune, type DeliveryTestShop } from '../../test/delivery-test-shop';
import { insertSignedInCustomers } from '../../test/session-customer';
import { testDatabaseKinds } from '../../test/test-database';
import { recordOptOut } from '../notifications/phone-consent';
import { expireCodConfirmations } from './cod-confirmation-expiry';
import { transition } from './order-lifecycle';

const PHONE = '+919414012345';

describe.each(testDatabaseKinds)('order messages and COD confirmation on %s', (kind) => {
  let shop: DeliveryTestShop;
  beforeAll(async () => {
    shop = await openDeliveryTestShop(kind);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const messagesOf = async (orderNumber: string) =>
    (await shop.database.db.select().from(outgoingMessages).orderBy(outgoingMessages.id)).filter(
      (row) => row.variables.orderNumber === orderNumber,
    );
  const placeWith = async (body: Record<string, unknown>) => {
    const [buyer] = await insertSignedInCustomers(shop.database.db, 1);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: pune,
        lines: [{ productId: shop.ids['KUR-2800'], quantity: 1 }],
        ...body,
      },
    });
    expect(response.statusCode).toBe(201);
    return { buyer: buyer!, orderNumber: response.json<{ id: string }>().id };
  };
  /** Saves the order-message settings as the owner does (the rest at their defaults). */
  const setSettings = async (settings: Record<string, unknown>) => {
    const response = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/order-messages',
      headers: shop.owner.headers,
      payload: {
        transactionalSms: true,
        ownerWhatsapp: '',
        codConfirmHours: 24,
        codUnanswered: 'flag',
        ...settings,
      },
    });
    expect(response.statusCode).toBe(200);
  };

  it('order placed: SMS with the payment link without consent; WhatsApp with it, remembered on the account', async () => {
    const plain = await placeWith({});
    const [sms] = await messagesOf(plain.orderNumber);
    expect(sms).toMatchObject({ channel: 'sms', recipient: PHONE, template: 'order-placed' });
    expect(sms!.text).toMatch(
      new RegExp(
        `Order ${plain.orderNumber} for ₹[\\d,.]+ is placed\\. Pay here: http://[^ ]+/payment\\?orderId=${plain.orderNumber}$`,
      ),
    );

    const consenting = await placeWith({ whatsappOptIn: true });
    const [whatsapp] = await messagesOf(consenting.orderNumber);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', recipient: PHONE, template: 'order-placed' });
    const [consent] = await shop.database.db
      .select()
      .from(phoneConsents)
      .where(eq(phoneConsents.phone, PHONE));
    expect(consent!.whatsappOptInAt).toBeInstanceOf(Date);
    const [account] = await shop.database.db
      .select({ at: users.whatsappOptInAt })
      .from(users)
      .where(eq(users.email, consenting.buyer.email));
    expect(account!.at).toBeInstanceOf(Date);
  });

  it('an opted-out number gets nothing; with transactional SMS off a number without WhatsApp gets nothing', async () => {
    await recordOptOut(shop.database.db, 1, PHONE, new Date());
    const stopped = await placeWith({});
    expect(await messagesOf(stopped.orderNumber)).toEqual([]);
    await shop.database.db.delete(phoneConsents);
    await setSettings({ transactionalSms: false });
    const noSms = await placeWith({});
    expect(await messagesOf(noSms.orderNumber)).toEqual([]);
    await setSettings({ transactionalSms: true, ownerWhatsapp: '98765 43210' });
  });

  it('the moves: paid (and the owner told), shipped with the tracking link, delivered, cancelled', async () => {
    const paid = await placeWith({});
    const [row] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, paid.orderNumber));
    await transition(shop.database.db, 1, row!.id, ORDER_STATUS.processing, 'test: paid');
    await transition(shop.database.db, 1, row!.id, ORDER_STATUS.shipped, 'test: ship', {
      trackingNumber: 'DL123',
      courier: 'Delhivery',
    });
    await transition(shop.database.db, 1, row!.id, ORDER_STATUS.delivered, 'test: delivered');
    const sent = (await messagesOf(paid.orderNumber)).map((message) => [message.template, message.recipient]);
    expect(sent).toEqual([
      ['order-placed', PHONE],
      ['order-paid', PHONE],
      ['owner-paid-order', '+919876543210'],
      ['order-shipped', PHONE],
      ['order-delivered', PHONE],
    ]);
    const shipped = (await messagesOf(paid.orderNumber)).find((m) => m.template === 'order-shipped');
    expect(shipped!.text).toContain('has shipped with Delhivery. Track it: https://www.delhivery.com/');

    const cancelled = await placeWith({});
    const [other] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, cancelled.orderNumber));
    await transition(shop.database.db, 1, other!.id, ORDER_STATUS.cancelled, 'test: cancel');
    expect((await messagesOf(cancelled.orderNumber)).at(-1)!.text).toMatch(/order RS-[\w-]+ is cancelled\.$/);
  });

  it('COD: awaiting confirmation with the short link; the page shows no address; confirm once, then refused', async () => {
    const { buyer, orderNumber } = await shop.place(pune, [{ sku: 'KUR-2800', quantity: 1 }]);
    expect((await shop.payCodUnconfirmed(buyer, orderNumber!)).statusCode).toBe(200);
    expect((await shop.storedOrder(orderNumber!)).status).toBe(ORDER_STATUS.codAwaitingConfirmation);
    const [message] = await shop.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.template, 'cod-confirmation'))
      .orderBy(desc(outgoingMessages.id))
      .limit(1);
    const token = await codConfirmToken(shop.database.db, orderNumber!);
    expect(message!.variables.confirmLink).toMatch(new RegExp(`^http://[^/]+/c/${token}$`));
    expect(message!.channel).toBe('sms');

    const page = await shop.app.inject({ method: 'GET', url: `/api/v1/cod-confirmations/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ orderNumber, items: [{ title: expect.any(String), quantity: 1 }] });
    expect(page.body).not.toContain('MI Road');
    expect(page.body).not.toContain('9414');

    const answer = (answer: string, value = token) =>
      shop.app.inject({ method: 'POST', url: `/api/v1/cod-confirmations/${value}`, payload: { answer } });
    expect((await answer('maybe')).json()).toEqual({
      error: 'Invalid field: answer',
      fields: { answer: 'must be confirm or cancel' },
    });
    const confirmed = await answer('confirm');
    expect(confirmed.json()).toEqual({ orderNumber, status: ORDER_STATUS.processing });
    expect((await shop.storedOrder(orderNumber!)).status).toBe(ORDER_STATUS.processing);
    for (const again of [await answer('cancel'), await answer('confirm')]) {
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: COD_LINK_GONE });
    }
    expect((await answer('confirm', 'not-a-token')).json()).toEqual({ error: COD_LINK_GONE });
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/v1/cod-confirmations/${token}` })).statusCode,
    ).toBe(404);
  });

  it('COD: cancel puts the stock back; an expired link is refused; the pass flags, or cancels by the setting', async () => {
    const stockOf = async () =>
      (await shop.database.db.select().from(products).where(eq(products.sku, 'KUR-2800')))[0]!.stock;
    const cod = async () => {
      const { buyer, orderNumber } = await shop.place(pune, [{ sku: 'KUR-2800', quantity: 1 }]);
      expect((await shop.payCodUnconfirmed(buyer, orderNumber!)).statusCode).toBe(200);
      return { orderNumber: orderNumber!, token: await codConfirmToken(shop.database.db, orderNumber!) };
    };
    const before = await stockOf();
    const cancelled = await cod();
    if (before !== null) expect(await stockOf()).toBe(before - 1);
    const answer = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/cod-confirmations/${cancelled.token}`,
      payload: { answer: 'cancel' },
    });
    expect(answer.json()).toEqual({ orderNumber: cancelled.orderNumber, status: ORDER_STATUS.cancelled });
    const [events] = await shop.database.db
      .select({ cause: orders.cancellationCause })
      .from(orders)
      .where(eq(orders.orderNumber, cancelled.orderNumber));
    expect(events!.cause).toBe('cancelled by the customer');
    expect(await stockOf()).toBe(before);

    const expired = await cod();
    await shop.database.db
      .update(orders)
      .set({ codConfirmDueAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNumber, expired.orderNumber));
    const late = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/cod-confirmations/${expired.token}`,
      payload: { answer: 'confirm' },
    });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ error: COD_LINK_GONE });

    await setSettings({ codUnanswered: 'flag', codConfirmHours: 24 });
    const pass = await expireCodConfirmations(shop.database.db, { now: new Date() });
    expect(pass.flagged).toContain(expired.orderNumber);
    const flagged = await shop.storedOrder(expired.orderNumber);
    expect(flagged).toMatchObject({
      status: ORDER_STATUS.codAwaitingConfirmation,
      codConfirmTokenHash: null,
    });
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?status=cod-unconfirmed',
      headers: shop.owner.headers,
    });
    expect(list.json<{ orders: { orderNumber: string }[] }>().orders.map((o) => o.orderNumber)).toEqual([
      expired.orderNumber,
    ]);
    const confirm = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${expired.orderNumber}/cod-confirm`,
      headers: shop.owner.headers,
    });
    expect(confirm.statusCode).toBe(200);
    expect((await shop.storedOrder(expired.orderNumber)).status).toBe(ORDER_STATUS.processing);

    await setSettings({ codUnanswered: 'cancel', codConfirmHours: 1 });
    const unanswered = await cod();
    const early = await expireCodConfirmations(shop.database.db, { now: new Date() });
    expect(early.cancelled).not.toContain(unanswered.orderNumber);
    const later = await expireCodConfirmations(shop.database.db, {
      now: new Date(Date.now() + 61 * 60_000),
    });
    expect(later.cancelled).toEqual([unanswered.orderNumber]);
    expect(await shop.storedOrder(unanswered.orderNumber)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      cancellationCause: 'cash on delivery not confirmed in time',
    });
    expect(
      await shop.database.db
        .select()
        .from(outgoingMessages)
        .where(and(eq(outgoingMessages.template, 'order-cancelled'))),
    ).not.toHaveLength(0);
  });
});
