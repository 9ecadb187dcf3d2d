/**
 * Each webhook event fired by its real action, through `app.inject()` and the real services on a real database,
 * and received by a local receiver (docs/webhooks.md "Events"): an order placed, paid through the sandbox
 * gateway, shipped, delivered, cancelled; a return asked for; a refund processed; products changed by the
 * catalogue import and archived in the admin; stock taken to the low-stock threshold. A checkout that is
 * refused writes no event.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEndpointCreated } from '@shared/webhooks/webhook-schemas';
import { WEBHOOK_EVENT_TYPES } from '@shared/webhooks/webhook-schemas';
import { products, productVariants } from '../../db/schema/catalog-tables';
import { webhookDeliveries } from '../../db/schema/webhook-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { setReturnSettings } from '../../test/delivered-order';
import { gstTestCatalog, PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { orderLineIds } from '../../test/order-fixture';
import { returnTestOrder } from '../../test/order-moves';
import {
  payThroughSandbox,
  placeTestOrderThroughApi,
  seedGstTestCatalog,
  shipTestOrderThrough,
} from '../../test/refund-fixture';
import { seedCatalog } from '../../test/seed-catalog';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import type { WebhookPayload } from './webhook-outbox';
import { webhookSignature } from './webhook-signature';

describe.each(testDatabaseKinds)('webhook events on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let receiver: WebhookReceiver;
  let secret: string;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await seedGstTestCatalog(database.db);
    app = await buildTestApp(database, {}, { webhooks: { autoStart: false } });
    owner = await insertSignedInMember(database.db, 1, 'owner');
    receiver = await startWebhookReceiver();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      headers: owner.headers,
      payload: { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] },
    });
    secret = created.json<WebhookEndpointCreated>().secret;
  });
  beforeEach(async () => {
    await app.webhookSender.tick(new Date(Date.now() + 5000));
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await database?.close();
  });

  /** Sends what the outbox holds and answers the events received, each checked against its signature. */
  const received = async (): Promise<WebhookPayload[]> => {
    await app.webhookSender.tick(new Date(Date.now() + 5000));
    const requests = receiver.received.splice(0);
    for (const request of requests) {
      expect(request.headers['x-resham-signature']).toBe(webhookSignature(secret, request.body));
    }
    return requests.map((request) => {
      const payload = JSON.parse(request.body) as WebhookPayload;
      expect(request.headers['x-resham-event']).toBe(payload.type);
      return payload;
    });
  };
  const types = (payloads: WebhookPayload[]) => payloads.map((payload) => payload.type);

  /** A ₹3,700 order (kurta ₹2,800 + 2 m fabric ₹900) to Pune. */
  const order = async (): Promise<{ id: string; orderNumber: string; buyer: SessionCustomer }> => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    return { ...placed, buyer: buyer! };
  };

  it('order.created, order.paid, order.shipped and order.delivered from checkout, payment and the state machine', async () => {
    const { id, orderNumber, buyer } = await order();
    const [created] = await received();
    expect(created).toMatchObject({ type: 'order.created', store: { id: 1, name: 'Jaipur Silk House' } });
    expect(created!.data).toMatchObject({
      order_number: orderNumber,
      status: 'pending',
      status_code: 0,
      customer: { name: PUNE_ADDRESS.fullName, email: buyer.email },
      shipping_address: { city: PUNE_ADDRESS.city, postal_code: PUNE_ADDRESS.postalCode },
      cash_on_delivery: false,
      totals: {
        subtotal_paise: 370_000,
        subtotal_rupees: 3700,
        total_paise: 370_000,
        total_rupees: 3700,
        currency: 'INR',
      },
      lines: [
        { sku: 'KUR-2800', quantity: 1, unit: 'piece', unit_price_paise: 280_000, line_total_rupees: 2800 },
        { sku: 'FAB-450', quantity: 2, unit: 'm', unit_price_paise: 45_000, line_total_paise: 90_000 },
      ],
      tracking: null,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|token|secret/i);

    await payThroughSandbox(app, buyer, orderNumber);
    const paid = await received();
    expect(types(paid)).toEqual(['order.paid']);
    expect(paid[0]!.data).toMatchObject({ order_number: orderNumber, status: 'processing', status_code: 1 });

    await shipTestOrderThrough(database.db, 1, id, true);
    const moved = await received();
    expect(types(moved).sort()).toEqual(['order.delivered', 'order.shipped']);
    const shipped = moved.find((payload) => payload.type === 'order.shipped')!;
    expect(shipped.data).toMatchObject({ status: 'shipped', tracking: { tracking_number: 'EE123456789IN' } });
    expect(new Set(moved.map((payload) => payload.id)).size).toBe(2);
  });

  it('order.cancelled with the cause', async () => {
    const { id, orderNumber } = await order();
    await received();
    await returnTestOrder(database.db, 1, id);
    const [cancelled] = await received();
    expect(cancelled).toMatchObject({
      type: 'order.cancelled',
      data: { order_number: orderNumber, status: 'cancelled', cancellation_cause: 'cancelled by the shop' },
    });
  });

  it('a refused checkout writes no event', async () => {
    await database.db.update(products).set({ stock: 1 }).where(eq(products.id, ids['SAR-8900']!));
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: PUNE_ADDRESS,
        lines: [
          { productId: ids['KUR-2800'], quantity: 1 },
          { productId: ids['SAR-8900'], quantity: 2 },
        ],
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(await received()).toEqual([]);
    expect(
      await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending')),
    ).toEqual([]);
  });

  it('stock.low once, when an order takes the stock from above the threshold (3) to it or below', async () => {
    await database.db.update(products).set({ stock: 5 }).where(eq(products.id, ids['BAG-599']!));
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, { [ids['BAG-599']!]: 2 });
    const first = await received();
    expect(types(first).sort()).toEqual(['order.created', 'stock.low']);
    expect(first.find((payload) => payload.type === 'stock.low')!.data).toEqual({
      product_id: ids['BAG-599'],
      product_sku: 'BAG-599',
      title: 'Zari Potli Bag',
      variant_id: null,
      sku: 'BAG-599',
      size: null,
      color: null,
      unit: 'piece',
      stock: 3,
      threshold: 3,
      order_id: expect.any(String),
    });
    const [again] = await insertSignedInCustomers(database.db, 1);
    await placeTestOrderThroughApi(app, database.db, again!, PUNE_ADDRESS, { [ids['BAG-599']!]: 1 });
    expect(types(await received())).toEqual(['order.created']);
  });

  it('stock.low names the variant an order took to the threshold', async () => {
    const file: { products: object[] } = gstTestCatalog();
    file.products = [
      ...file.products,
      {
        sku: 'KUR-VAR',
        title: 'Chanderi Kurta',
        description: '',
        category: 'Men',
        parentCategory: 'Kurtas',
        regularPrice: 1800,
        variants: [
          { sku: 'KUR-VAR-M', size: 'M', color: 'Ivory', stock: 4 },
          { sku: 'KUR-VAR-L', size: 'L', color: 'Ivory', stock: 9 },
        ],
      },
    ];
    await seedCatalog(database.db, file);
    await received();
    const [product] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, 'KUR-VAR'));
    const [variant] = await database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, 'KUR-VAR-M'));
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer!.headers,
      payload: {
        shippingAddress: PUNE_ADDRESS,
        lines: [{ productId: product!.id, variantId: variant!.id, size: 'M', color: 'Ivory', quantity: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const events = await received();
    expect(types(events).sort()).toEqual(['order.created', 'stock.low']);
    expect(events.find((payload) => payload.type === 'stock.low')!.data).toMatchObject({
      product_sku: 'KUR-VAR',
      variant_id: variant!.id,
      sku: 'KUR-VAR-M',
      size: 'M',
      color: 'Ivory',
      stock: 3,
      threshold: 3,
    });
  });

  it('return.requested from the shopper’s request, refund.processed from the owner’s refund', async () => {
    await setReturnSettings(database.db, 1, { windowDays: 7 });
    const { id, orderNumber, buyer } = await order();
    await payThroughSandbox(app, buyer, orderNumber);
    await shipTestOrderThrough(database.db, 1, id, true);
    await received();
    const [kurtaLine] = await orderLineIds(database.db, id);
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderNumber}/returns`,
      headers: buyer.headers,
      payload: { lines: [{ lineId: kurtaLine, quantity: 1, reason: 'damaged-or-defective' }] },
    });
    expect(asked.statusCode).toBe(201);
    const [requested] = await received();
    expect(requested).toMatchObject({
      type: 'return.requested',
      data: {
        return_number: asked.json<{ number: string }>().number,
        order_number: orderNumber,
        status: 'requested',
        lines: [{ sku: 'KUR-2800', quantity: 1, reason: 'damaged-or-defective', refund_paise: 280_000 }],
      },
    });

    const refunded = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderNumber}/refunds`,
      headers: owner.headers,
      payload: { amount: 150.5, reason: 'Goodwill: late delivery', method: 'bank', reference: 'UTR1' },
    });
    expect(refunded.statusCode).toBe(201);
    const [refund] = await received();
    expect(refund).toMatchObject({
      type: 'refund.processed',
      data: {
        order_number: orderNumber,
        return_number: null,
        amount_paise: 15_050,
        amount_rupees: 150.5,
        currency: 'INR',
        method: 'bank',
        reference: 'UTR1',
        reason: 'Goodwill: late delivery',
      },
    });
  });

  it('product.updated for the products an import changes, and for an archive in the admin', async () => {
    const file = gstTestCatalog();
    file.products = file.products.map((product) =>
      (product as { sku?: string }).sku === 'KUR-1299' ? { ...product, discountedPrice: 1199 } : product,
    );
    await seedCatalog(database.db, file);
    const imported = await received();
    expect(types(imported)).toEqual(['product.updated']);
    expect(imported[0]!.data).toMatchObject({
      id: ids['KUR-1299'],
      sku: 'KUR-1299',
      title: 'Mulmul Cotton Kurta',
      regular_price_paise: 149_900,
      discounted_price_paise: 119_900,
      discounted_price_rupees: 1199,
      archived: false,
      variants: [],
    });

    const archived = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${ids['SAR-8900']}/archive`,
      headers: owner.headers,
    });
    expect(archived.statusCode).toBe(200);
    const [product] = await received();
    expect(product).toMatchObject({ type: 'product.updated', data: { sku: 'SAR-8900', archived: true } });
  });
});
