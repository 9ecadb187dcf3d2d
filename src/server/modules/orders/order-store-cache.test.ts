/**
 * What an order keeps of its store in process (./order-store-cache.ts, docs/decisions/037-order-store-cache.md)
 * follows the owner's writes through the real app: a template edited, the order-message settings saved, a
 * webhook endpoint added, switched off, switched on again and deleted each change the next order; the order's
 * message carries the order's stored total; on PostgreSQL, an endpoint another server added is heard by its NOTIFY.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/order-tables';
import { outgoingMessages } from '../../db/schema/notification-tables';
import { webhookDeliveries } from '../../db/schema/webhook-tables';
import { openDeliveryTestShop, pune, type DeliveryTestShop } from '../../test/delivery-test-shop';
import { insertSignedInCustomers } from '../../test/session-customer';
import { testDatabaseKinds } from '../../test/test-database';
import { QUOTE_CHANGED_CHANNEL } from '../stores/quote-change';
import { rupeesOf } from './order-mail-lines';

/** A function placing an order in the shop `shopOf()` gives; it answers the stored row, its phone messages and its `order.created` deliveries. */
function placer(shopOf: () => DeliveryTestShop) {
  return async () => {
    const shop = shopOf();
    const [buyer] = await insertSignedInCustomers(shop.database.db, 1);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: { shippingAddress: pune, lines: [{ productId: shop.ids['KUR-2800'], quantity: 2 }] },
    });
    expect(response.statusCode).toBe(201);
    const orderNumber = response.json<{ id: string }>().id;
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const messages = (await shop.database.db.select().from(outgoingMessages)).filter(
      (row) => row.variables.orderNumber === orderNumber,
    );
    const deliveries = (
      await shop.database.db
        .select({ body: webhookDeliveries.body })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventType, 'order.created'))
    ).filter((row) => row.body.includes(orderNumber));
    return { order: order!, messages, deliveries };
  };
}

describe.each(testDatabaseKinds)('the order store cache on %s', (kind) => {
  let shop: DeliveryTestShop;
  beforeAll(async () => {
    shop = await openDeliveryTestShop(kind);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const admin = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: shop.owner.headers,
      ...(payload ? { payload } : {}),
    });
  const place = placer(() => shop);

  it('a template edited and the SMS setting saved change the next order; the amount is the stored total', async () => {
    const first = await place();
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]!.variables.amount).toBe(rupeesOf(Number(first.order.totalPaise)));
    expect(first.messages[0]!.text).toMatch(/Order RS-\S+ for ₹[\d,.]+ is placed\. Pay here: /);

    const edited = await admin('PUT', '/message-templates/order-placed', {
      text: 'Thanks! {{orderNumber}} costs {{amount}}.',
      emailSubject: null,
      whatsappTemplateName: null,
      msg91TemplateId: null,
    });
    expect(edited.statusCode).toBe(200);
    const second = await place();
    expect(second.messages.map((row) => row.text)).toEqual([
      `Thanks! ${second.order.orderNumber} costs ${rupeesOf(Number(second.order.totalPaise))}.`,
    ]);

    const off = await admin('PUT', '/settings/order-messages', {
      transactionalSms: false,
      ownerWhatsapp: '',
      codConfirmHours: 24,
      codUnanswered: 'flag',
    });
    expect(off.statusCode).toBe(200);
    expect((await place()).messages).toEqual([]);
    const on = await admin('PUT', '/settings/order-messages', {
      transactionalSms: true,
      ownerWhatsapp: '',
      codConfirmHours: 24,
      codUnanswered: 'flag',
    });
    expect(on.statusCode).toBe(200);
    expect((await place()).messages).toHaveLength(1);
  });

  it('an endpoint added, switched off, on again and deleted changes whether the next order is delivered', async () => {
    expect((await place()).deliveries).toEqual([]);
    const created = await admin('POST', '/webhooks', {
      url: 'https://hooks.example.com/orders',
      events: ['order.created'],
    });
    expect(created.statusCode).toBe(201);
    const endpointId = created.json<{ endpoint: { id: number } }>().endpoint.id;
    expect((await place()).deliveries).toHaveLength(1);

    expect((await admin('PATCH', `/webhooks/${endpointId}`, { active: false })).statusCode).toBe(200);
    expect((await place()).deliveries).toEqual([]);
    expect((await admin('PATCH', `/webhooks/${endpointId}`, { active: true })).statusCode).toBe(200);
    expect((await place()).deliveries).toHaveLength(1);
    expect((await admin('PATCH', `/webhooks/${endpointId}`, { events: ['order.paid'] })).statusCode).toBe(
      200,
    );
    expect((await place()).deliveries).toEqual([]);
    expect((await admin('PATCH', `/webhooks/${endpointId}`, { events: ['order.created'] })).statusCode).toBe(
      200,
    );
    expect((await place()).deliveries).toHaveLength(1);
    expect((await admin('DELETE', `/webhooks/${endpointId}`)).statusCode).toBe(200);
    expect((await place()).deliveries).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the order store cache across servers', () => {
  let shop: DeliveryTestShop;
  beforeAll(async () => {
    shop = await openDeliveryTestShop('postgres');
  });
  afterAll(async () => {
    await shop?.close();
  });
  const place = placer(() => shop);

  it('an endpoint another server added reaches the next order by its NOTIFY alone', async () => {
    expect((await place()).deliveries).toEqual([]);
    // Another server's write, announced there: nothing moves in this process but the NOTIFY it hears.
    const other = await shop.database.pool!.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into webhook_endpoints (store_id, url, events, secret)
         values (1, 'https://hooks.example.com/orders', array['order.created'], 'whsec_test')`,
      );
      await other.query('select pg_notify($1, $2)', [QUOTE_CHANGED_CHANNEL, '1']);
      await other.query('commit');
    } finally {
      other.release();
    }
    await expect.poll(async () => (await place()).deliveries.length, { timeout: 2000, interval: 50 }).toBe(1);
  });
});
