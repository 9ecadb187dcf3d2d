import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shared/orders/order-schemas';
import { products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { idempotencyKeys, orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp, testConfig } from '../../test/test-app';
import { insertSignedInCustomers } from '../../test/session-customer';
import { signUpCustomer } from '../../test/test-customer';
import {
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';
import { buildApp } from '../../app';
import { seedCatalog } from '../../test/seed-catalog';
import type { Mailer } from '../mail/mailer';

const SECOND_HOST = 'second.example';
const PASSWORD = 'Banarasi-silk-1987';
const NOT_FOUND = { error: 'Order not found or access denied' };
const QUANTITY_MESSAGE = 'quantity must be a whole number from 1 to 10';
const ORDER_NUMBER = /^RS-[0-9A-HJKMNP-TV-Z]{8}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A valid Indian shipping address (docs/product.md §3 "Shipping form"). */
const address = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
  ...overrides,
});

type SentMail = {
  from: { name?: string; address: string } | string;
  to: { address: string }[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

describe.each(testDatabaseKinds)('orders API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** Messages the app sent, as nodemailer's JSON transport rendered them. */
  const sent: SentMail[] = [];
  /** Product id by SKU (default store), and one product of the second store. */
  const ids: Record<string, string> = {};
  let otherStoreProductId: string;
  let addressCounter = 0;
  const freshAddress = () => `203.0.113.${++addressCounter}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
    const second = fixtureCatalog();
    second.store = { storeName: 'Second Shop', hosts: [SECOND_HOST] };
    second.products = second.products.slice(0, 1);
    await seedCatalog(database.db, second, { host: SECOND_HOST });
    const rows = await database.db
      .select({ id: products.id, sku: products.sku, storeId: products.storeId })
      .from(products);
    for (const row of rows) {
      if (row.storeId === 1) ids[row.sku] = row.id;
      else otherStoreProductId = row.id;
    }
    const json = nodemailer.createTransport({ jsonTransport: true });
    const mailer: Mailer = {
      async sendMail(message) {
        const info = await json.sendMail(message);
        sent.push(JSON.parse(info.message) as SentMail);
        return info;
      },
    };
    app = await buildApp({ ...testConfig }, { database, logger: false, mailer });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (options: InjectOptions): Promise<LightMyRequestResponse> => app.inject(options);

  /** Registers a new customer (optionally in the second store) and returns a bearer header for them. */
  const customer = async (email?: string, host?: string) => {
    const { headers, email: used } = await signUpCustomer(app, {
      email,
      headers: host ? { 'x-store-host': host } : {},
      remoteAddress: freshAddress(),
    });
    return { ...headers, email: used };
  };

  const post = (
    headers: Record<string, string>,
    payload: unknown,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    call({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...withoutEmail(headers), ...extra },
      payload: payload as object,
    });

  const withoutEmail = (headers: Record<string, string>) => {
    const { email: _email, ...rest } = headers;
    return rest;
  };

  const track = (orderId: string, query: Record<string, string> = {}, options: Partial<InjectOptions> = {}) =>
    call({
      method: 'GET',
      url: `/api/v1/orders/${encodeURIComponent(orderId)}`,
      query,
      remoteAddress: freshAddress(),
      ...options,
    });

  const setStock = (sku: string, stock: number | null) =>
    database.db.update(products).set({ stock }).where(eq(products.id, ids[sku]!));
  const stockOf = async (sku: string) =>
    (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, ids[sku]!)))[0]
      ?.stock;
  const orderCount = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
  const storedOrder = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];

  describe('POST /orders', () => {
    it('answers 401 without a token, with a bad token and with a token of another store', async () => {
      const payload = { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() };
      const anonymous = await post({}, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Authentication required' });
      const bad = await post({ authorization: `Bearer ${'x'.repeat(43)}` }, payload);
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ error: 'Invalid or expired session' });
      // 401 comes before the body is looked at.
      expect((await post({ authorization: 'Bearer nonsense' }, { products: 'x' })).statusCode).toBe(401);
      const elsewhere = await customer(undefined, SECOND_HOST);
      expect((await post({ authorization: elsewhere.authorization }, payload)).statusCode).toBe(401);
      expect(await orderCount()).toBe(0);
    });

    it('creates an order priced from the catalogue, copies the lines, records the event and decrements stock', async () => {
      const buyer = await customer();
      const kurta = ids['MEN-KUR-001']!; // regular 1299, discounted 999.50
      const sherwani = ids['MEN-SHE-002']!; // regular 19000
      const silk = ids['FAB-SLK']!; // 899, stock 40
      const response = await post(buyer, {
        products: { [kurta]: 2, [sherwani]: 1, [silk.toUpperCase()]: 3 },
        shippingAddress: { ...address({ fullName: '  Asha Verma  ' }), price: 1 },
        price: 1,
        total: 1,
        subtotal: 1,
        items: [{ productId: kurta, price: 1, quantity: 2 }],
        userId: 999,
        status: 3,
      });
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json())).toEqual(['id']);
      const id = response.json<{ id: string }>().id;
      expect(id).toMatch(ORDER_NUMBER);

      const order = await storedOrder(id);
      expect(order).toMatchObject({
        storeId: 1,
        email: buyer.email,
        status: 0,
        fullName: 'Asha Verma',
        address: '14 Assi Ghat Road',
        city: 'Varanasi',
        state: 'Uttar Pradesh',
        postalCode: '221005',
        phone: '+91 98390 41736',
        phoneDigits: '9839041736',
        shippingMethod: 'Standard Shipping',
        trackingNumber: null,
        subtotalPaise: 2 * 99950 + 1900000 + 3 * 89900,
        shippingFeePaise: 0,
        totalPaise: 2 * 99950 + 1900000 + 3 * 89900,
      });
      expect(order?.userId).not.toBe(999);
      const lines = await database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order!.id))
        .orderBy(orderLines.position);
      expect(
        lines.map((line) => [
          line.productId,
          line.productTitle,
          line.sku,
          line.unitPricePaise,
          line.quantity,
          line.lineTotalPaise,
        ]),
      ).toEqual([
        [kurta, 'Cotton Kurta 1', 'MEN-KUR-001', 99950, 2, 199900],
        [sherwani, 'Brocade Sherwani 2', 'MEN-SHE-002', 1900000, 1, 1900000],
        [silk, 'Katan Silk Fabric', 'FAB-SLK', 89900, 3, 269700],
      ]);
      const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
      expect(events.map((event) => [event.fromStatus, event.toStatus, event.cause])).toEqual([
        [null, 0, 'created'],
      ]);
      expect(await stockOf('FAB-SLK')).toBe(37);
      expect(await stockOf('MEN-KUR-001')).toBeNull();
    });

    itOnPgliteOnly(kind).each([
      ['fullName', { fullName: '   ' }, 'is required'],
      ['address', { address: '' }, 'is required'],
      ['city', { city: undefined }, 'is required'],
      ['state', { state: ' \t ' }, 'is required'],
      ['postalCode', { postalCode: '012345' }, 'must be a 6-digit PIN code not starting with 0'],
      ['postalCode', { postalCode: '22100' }, 'must be a 6-digit PIN code not starting with 0'],
      ['postalCode', { postalCode: '2210055' }, 'must be at most 6 characters'],
      ['postalCode', { postalCode: 221005 }, 'is required'],
      [
        'phone',
        { phone: '12345' },
        'must be an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9',
      ],
      [
        'phone',
        { phone: '+91 58390 41736' },
        'must be an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9',
      ],
      [
        'phone',
        { phone: '+44 7700 900123' },
        'must be an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9',
      ],
      ['fullName', { fullName: 'A'.repeat(101) }, 'must be at most 100 characters'],
      ['address', { address: 'Gali\u0007 3' }, 'must not contain control characters'],
      // NUL is refused for every input of every route before the route's own schema runs.
      ['address', { address: 'Gali\u0000 3' }, 'must not contain the NUL character (U+0000)'],
    ])('answers 400 naming shippingAddress.%s for %j', async (field, override, message) => {
      const buyer = await customer();
      const before = await orderCount();
      const response = await post(buyer, {
        products: { [ids['FAB-COT']!]: 1 },
        shippingAddress: address(override),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `Invalid field: shippingAddress.${field}`,
        fields: { [`shippingAddress.${field}`]: message },
      });
      expect(await orderCount()).toBe(before);
    });

    it('names every bad address field at once, and a missing address', async () => {
      const buyer = await customer();
      const response = await post(buyer, {
        products: { [ids['FAB-COT']!]: 1 },
        shippingAddress: { fullName: '', address: ' ', city: '', state: '', postalCode: 'abc', phone: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual(
        [
          'shippingAddress.address',
          'shippingAddress.city',
          'shippingAddress.fullName',
          'shippingAddress.phone',
          'shippingAddress.postalCode',
          'shippingAddress.state',
        ].sort(),
      );
      const missing = await post(buyer, { products: { [ids['FAB-COT']!]: 1 } });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json<{ fields: object }>().fields)).toEqual(['shippingAddress']);
    });

    it.each([0, 11, 1.5, -1, '2', null, true, 1e308])('answers 400 for quantity %j', async (quantity) => {
      const buyer = await customer();
      const key = ids['FAB-COT']!;
      const response = await post(buyer, {
        products: { [ids['FAB-SLK']!]: 1, [key]: quantity },
        shippingAddress: address(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `Invalid field: products.${key}`,
        fields: { [`products.${key}`]: QUANTITY_MESSAGE },
      });
    });

    it('answers 400 "is not available" for unknown, malformed and other-store product ids, naming each', async () => {
      const buyer = await customer();
      const unknown = randomUUID();
      const before = await orderCount();
      const stockBefore = await stockOf('FAB-SLK');
      const response = await post(buyer, {
        products: {
          [ids['FAB-SLK']!]: 1,
          [unknown]: 1,
          'not-a-uuid': 2,
          "1' OR '1'='1": 1,
          [otherStoreProductId]: 1,
        },
        shippingAddress: address(),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: string; fields: Record<string, string> }>();
      expect(body.fields).toEqual({
        [`products.${unknown}`]: 'is not available',
        'products.not-a-uuid': 'is not available',
        "products.1' OR '1'='1": 'is not available',
        [`products.${otherStoreProductId}`]: 'is not available',
      });
      expect(body.error).toMatch(/^Invalid fields: products\./);
      expect(await orderCount()).toBe(before);
      expect(await stockOf('FAB-SLK')).toBe(stockBefore);

      // The other store's own customers can order it through their host.
      const there = await customer(undefined, SECOND_HOST);
      const ok = await post(there, { products: { [otherStoreProductId]: 1 }, shippingAddress: address() });
      expect(ok.statusCode).toBe(201);
      expect((await storedOrder(ok.json<{ id: string }>().id))?.storeId).not.toBe(1);
    });

    it('answers 400 for no products, more than 50 lines and a product listed twice', async () => {
      const buyer = await customer();
      const none = await post(buyer, { products: {}, shippingAddress: address() });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        error: 'Invalid field: products',
        fields: { products: 'must contain at least one product' },
      });
      const many = Object.fromEntries(Array.from({ length: 51 }, () => [randomUUID(), 1]));
      const tooMany = await post(buyer, { products: many, shippingAddress: address() });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        error: 'Invalid field: products',
        fields: { products: 'must contain at most 50 products' },
      });
      const id = ids['FAB-COT']!;
      const twice = await post(buyer, {
        products: { [id]: 1, [id.toUpperCase()]: 1 },
        shippingAddress: address(),
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({
        error: `Invalid field: products.${id.toUpperCase()}`,
        fields: { [`products.${id.toUpperCase()}`]: 'is listed more than once' },
      });
    });

    it('accepts many lines of quantity 10 and totals them from the catalogue', async () => {
      const buyer = await customer();
      const all = Object.values(ids).filter((id) => id !== ids['FAB-SLK']);
      const lines = Object.fromEntries(all.map((id) => [id, 10]));
      const response = await post(buyer, { products: lines, shippingAddress: address() });
      expect(response.statusCode).toBe(201);
      const order = await storedOrder(response.json<{ id: string }>().id);
      const catalogue = await database.db.select().from(products).where(inArray(products.id, all));
      const expected = catalogue.reduce(
        (sum, product) => sum + 10 * (product.discountedPricePaise ?? product.regularPricePaise),
        0,
      );
      expect(order?.totalPaise).toBe(expected);
    });

    it('answers 409 naming the product when stock is short, and changes nothing', async () => {
      const buyer = await customer();
      await setStock('FAB-SLK', 2);
      const before = await orderCount();
      const silk = ids['FAB-SLK']!;
      const response = await post(buyer, {
        products: { [ids['FAB-COT']!]: 1, [silk]: 3 },
        shippingAddress: address(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'Not enough stock for Katan Silk Fabric',
        fields: { [`products.${silk}`]: 'only 2 left' },
      });
      expect(await stockOf('FAB-SLK')).toBe(2);
      expect(await orderCount()).toBe(before);

      await setStock('FAB-SLK', 0);
      const soldOut = await post(buyer, { products: { [silk]: 1 }, shippingAddress: address() });
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json()).toEqual({
        error: 'Not enough stock for Katan Silk Fabric',
        fields: { [`products.${silk}`]: 'only 0 left' },
      });
      await setStock('FAB-SLK', 40);
    });

    it('never oversells: 50 parallel orders against stock 5 give exactly 5 orders', async () => {
      await setStock('FAB-SLK', 5);
      // One buyer per order: the limit of unpaid orders per account stays out of the way.
      const buyers = await insertSignedInCustomers(database.db, 50);
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post(buyers[i]!.headers, {
            products: { [ids['FAB-SLK']!]: 1, [ids['FAB-COT']!]: 1 },
            shippingAddress: address(),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(45);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json()).toEqual({
          error: 'Not enough stock for Katan Silk Fabric',
          fields: { [`products.${ids['FAB-SLK']}`]: 'only 0 left' },
        });
      }
      expect(await stockOf('FAB-SLK')).toBe(0);
      expect(await orderCount()).toBe(before + 5);
      const ids201 = responses.filter((r) => r.statusCode === 201).map((r) => r.json<{ id: string }>().id);
      expect(new Set(ids201).size).toBe(5);
      await setStock('FAB-SLK', 40);
    });

    it('never deadlocks or oversells with parallel orders naming tracked products in opposite orders', async () => {
      await setStock('FAB-SLK', 5);
      await setStock('ACC-STO', 5);
      await setStock('ACC-JHU', 1000);
      const buyers = await insertSignedInCustomers(database.db, 40);
      const [silk, stole, jhumka] = [ids['FAB-SLK']!, ids['ACC-STO']!, ids['ACC-JHU']!];
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(buyers[i]!.headers, {
            products:
              i % 2 === 0 ? { [silk]: 1, [stole]: 1, [jhumka]: 2 } : { [jhumka]: 2, [stole]: 1, [silk]: 1 },
            shippingAddress: address(),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(35);
      expect(await stockOf('FAB-SLK')).toBe(0);
      expect(await stockOf('ACC-STO')).toBe(0);
      expect(await stockOf('ACC-JHU')).toBe(1000 - 5 * 2);
      expect(await orderCount()).toBe(before + 5);
      const refused = responses
        .find((response) => response.statusCode === 409)!
        .json<{
          error: string;
          fields: Record<string, string>;
        }>();
      expect(Object.values(refused.fields).every((message) => message === 'only 0 left')).toBe(true);
      await setStock('FAB-SLK', 40);
      await setStock('ACC-STO', null);
      await setStock('ACC-JHU', null);
    });

    it('answers a retried request with the same Idempotency-Key with the same order, once', async () => {
      const buyer = await customer();
      const key = randomUUID();
      const payload = { products: { [ids['FAB-SLK']!]: 2 }, shippingAddress: address() };
      const stockBefore = (await stockOf('FAB-SLK'))!;
      const before = await orderCount();
      const first = await post(buyer, payload, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      // The same content with keys in another order and untrimmed text is the same request.
      const again = await post(
        buyer,
        { shippingAddress: { ...address(), city: ' Varanasi ' }, products: payload.products, price: 5 },
        { 'idempotency-key': key },
      );
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await orderCount()).toBe(before + 1);
      expect(await stockOf('FAB-SLK')).toBe(stockBefore - 2);

      const changed = await post(
        buyer,
        { ...payload, products: { [ids['FAB-SLK']!]: 3 } },
        { 'idempotency-key': key },
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({
        error: 'This Idempotency-Key was already used with a different request',
        fields: { 'idempotency-key': 'This Idempotency-Key was already used with a different request' },
      });

      // Keys belong to a user: another customer's identical key makes their own order.
      const other = await customer();
      const theirs = await post(other, payload, { 'idempotency-key': key });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
      expect(await orderCount()).toBe(before + 2);
      const keys = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(keys).toHaveLength(2);
    });

    it('creates one order for parallel requests with the same Idempotency-Key', async () => {
      const buyer = await customer();
      const key = `checkout-${randomUUID()}`;
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(
            buyer,
            { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() },
            { 'idempotency-key': key },
          ),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    });

    it('answers parallel retries of an order that takes the last unit with that order', async () => {
      await setStock('FAB-SLK', 1);
      const buyer = await customer();
      const key = randomUUID();
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          post(
            buyer,
            { products: { [ids['FAB-SLK']!]: 1 }, shippingAddress: address() },
            { 'idempotency-key': key },
          ),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(responses.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
      expect(await stockOf('FAB-SLK')).toBe(0);
      // Another request (no key) now finds no stock.
      const other = await post(buyer, { products: { [ids['FAB-SLK']!]: 1 }, shippingAddress: address() });
      expect(other.statusCode).toBe(409);
      await setStock('FAB-SLK', 40);
    });

    it('does not store a key whose request failed, so a corrected retry goes through', async () => {
      const buyer = await customer();
      const key = randomUUID();
      const bad = await post(
        buyer,
        { products: { [randomUUID()]: 1 }, shippingAddress: address() },
        { 'idempotency-key': key },
      );
      expect(bad.statusCode).toBe(400);
      const good = await post(
        buyer,
        { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() },
        { 'idempotency-key': key },
      );
      expect(good.statusCode).toBe(201);
    });

    itOnPgliteOnly(kind).each(['', 'x'.repeat(256), 'with space', 'ключ'])(
      'answers 400 for the Idempotency-Key %j',
      async (key) => {
        const buyer = await customer();
        const response = await post(
          buyer,
          { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() },
          { 'idempotency-key': key },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'Invalid header: idempotency-key',
          fields: { 'idempotency-key': 'must be 1 to 255 visible ASCII characters' },
        });
      },
    );

    it('answers 400, not 5xx, for bodies that are not orders', async () => {
      const buyer = await customer();
      for (const payload of [
        'null',
        '[]',
        '"text"',
        '{"products": [1, 2], "shippingAddress": {}}',
        '{"products": {"__proto__": 1}}',
        '{"products": {"constructor": 1}, "shippingAddress": null}',
        '{',
      ]) {
        const response = await call({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { ...withoutEmail(buyer), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBe(400);
      }
    });

    it('sends the order e-mail with the payment link and window, the items, ₹ totals and the address', async () => {
      const buyer = await customer();
      const response = await post(buyer, {
        products: { [ids['MEN-KUR-001']!]: 2, [ids['WOM-1']!]: 1 },
        shippingAddress: address({ fullName: 'Asha <b>Verma</b>', address: '14 Assi Ghat & Lane' }),
      });
      expect(response.statusCode).toBe(201);
      const id = response.json<{ id: string }>().id;
      const mail = await vi.waitFor(() => {
        const found = sent.find((message) => message.subject.includes(id));
        if (!found) throw new Error('not sent yet');
        return found;
      });
      expect(mail.from).toEqual({ name: 'Test Silk House', address: 'care@testsilk.example' });
      expect(mail.to).toEqual([{ address: buyer.email, name: '' }]);
      expect(mail.subject).toBe(`Order received — complete your payment (${id})`);
      expect(mail.headers['X-Order-Number']).toBe(id);
      const order = await storedOrder(id);
      expect(order!.paymentDueAt!.getTime() - order!.createdAt.getTime()).toBe(30 * 60_000);
      const inIst = (date: Date) => new Date(date.getTime() + 330 * 60_000).toISOString();
      const dueInIst = inIst(order!.paymentDueAt!).slice(11, 16);
      // An order placed in the last half hour of an Indian day is due on the next one: the date is added.
      const dueDay = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(order!.paymentDueAt!);
      const onDay =
        inIst(order!.paymentDueAt!).slice(0, 10) === inIst(order!.createdAt).slice(0, 10)
          ? ''
          : ` on ${dueDay}`;
      expect(mail.text).toContain(
        `Please pay within 30 minutes, by ${dueInIst} IST${onDay}; after that the order is cancelled and the items go back on sale.\n` +
          `Pay now: http://localhost:80/payment?orderId=${id}\n`,
      );
      expect(mail.html).toContain(`<a href="http://localhost:80/payment?orderId=${id}"`);
      expect(mail.text).toContain(`Order number: ${id}`);
      expect(mail.text).toContain('- Cotton Kurta 1: 2 × ₹999.50 = ₹1,999');
      expect(mail.text).toContain('- Banarasi Saree: 1 × ₹11,999 = ₹11,999');
      expect(mail.text).toContain('Subtotal: ₹13,998');
      expect(mail.text).toContain('Shipping (Standard Shipping): Free');
      expect(mail.text).toContain('Total: ₹13,998');
      expect(mail.text).toContain(
        'Asha <b>Verma</b>\n14 Assi Ghat & Lane\nVaranasi, Uttar Pradesh 221005\nPhone: +91 98390 41736',
      );
      expect(mail.html).toContain('Asha &lt;b&gt;Verma&lt;/b&gt;');
      expect(mail.html).toContain('14 Assi Ghat &amp; Lane');
      expect(mail.html).not.toContain('<b>Verma</b>');
      expect(mail.html).toContain('₹1,999');
      expect(mail.html).toContain(`<strong>${id}</strong>`);
    });

    it('sends no second e-mail for an idempotent replay', async () => {
      const buyer = await customer();
      const key = randomUUID();
      const payload = { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() };
      const first = await post(buyer, payload, { 'idempotency-key': key });
      const id = first.json<{ id: string }>().id;
      await vi.waitFor(() => expect(sent.some((m) => m.subject.includes(id))).toBe(true));
      const replayed = await post(buyer, payload, { 'idempotency-key': key });
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      // The confirmation is written to the outbox in the order's own transaction: the replay wrote none,
      // and the one there was sent.
      const queued = await database.db
        .select({ status: outgoingMail.status, attempts: outgoingMail.attempts })
        .from(outgoingMail)
        .where(like(outgoingMail.subject, `%${id}%`));
      expect(queued).toEqual([{ status: 'sent', attempts: 1 }]);
      expect(sent.filter((m) => m.subject.includes(id))).toHaveLength(1);
    });
  });

  describe('GET /orders', () => {
    it('answers 401 without a valid token', async () => {
      expect((await call({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
      const bad = await call({
        method: 'GET',
        url: '/api/v1/orders',
        headers: { authorization: 'Bearer abc' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it("lists the user's own orders, newest first, in the server shape", async () => {
      const buyer = await customer();
      const other = await customer();
      expect(
        (await call({ method: 'GET', url: '/api/v1/orders', headers: withoutEmail(buyer) })).json(),
      ).toEqual([]);
      const first = await post(buyer, {
        products: { [ids['MEN-KUR-001']!]: 2, [ids['FAB-COT']!]: 1 },
        shippingAddress: address(),
      });
      await post(other, { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() });
      const second = await post(buyer, {
        products: { [ids['ACC-JUT']!]: 1 },
        shippingAddress: address({ fullName: 'Ravi Verma', phone: '07007 123456' }),
      });
      const response = await call({ method: 'GET', url: '/api/v1/orders', headers: withoutEmail(buyer) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const list = response.json<Order[]>();
      expect(list.map((order) => order.id)).toEqual([second.json().id, first.json().id]);
      const older = list[1]!;
      expect(Object.keys(older).sort()).toEqual(
        [
          'cancellationCause',
          'cashOnDelivery',
          'charges',
          'codFee',
          'couponCode',
          'courier',
          'courierStatus',
          'createdAt',
          'creditNote',
          'creditNotes',
          'discount',
          'exchangesOffered',
          'gstSupply',
          'history',
          'id',
          'invoice',
          'items',
          'paidBy',
          'paymentDueAt',
          'paymentReported',
          'refundDue',
          'refunds',
          'returnWindowLastDay',
          'returns',
          'shippingAddress',
          'shippingFee',
          'shippingMethod',
          'status',
          'subtotal',
          'tax',
          'total',
          'trackingNumber',
          'trackingUrl',
        ].sort(),
      );
      expect(older.paymentDueAt).toMatch(ISO_TIMESTAMP);
      expect(Date.parse(older.paymentDueAt!) - Date.parse(older.createdAt)).toBe(30 * 60_000);
      expect(older).toMatchObject({
        cancellationCause: null,
        refundDue: false,
        courier: null,
        trackingUrl: null,
      });
      // The fixture's store set no delivery charges: shipping is Free, no COD.
      expect(older).toMatchObject({ shippingFee: 0, cashOnDelivery: false, codFee: 0, charges: [] });
      // The fixture's store has no GSTIN: not registered, no tax on any line.
      expect(older).toMatchObject({ tax: 0, gstSupply: 'not-registered' });
      const untaxed = (lineTotal: number) => ({
        hsn: null,
        gstRate: 0,
        taxableValue: lineTotal,
        tax: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
      });
      expect(older.createdAt).toMatch(ISO_TIMESTAMP);
      expect(older).toMatchObject({
        id: first.json().id,
        status: 0,
        shippingAddress: address(),
        shippingMethod: 'Standard Shipping',
        trackingNumber: null,
        subtotal: 2398,
        shippingFee: 0,
        total: 2398,
      });
      const plainLine = { variantId: null, size: null, color: null, unit: 'piece' };
      expect(older.items.map(({ id, ...item }) => [typeof id, item])).toEqual([
        [
          'string',
          {
            ...plainLine,
            productId: ids['MEN-KUR-001'],
            productTitle: 'Cotton Kurta 1',
            sku: 'MEN-KUR-001',
            imgUrl: '/media/demo/men-kur-001.svg',
            quantity: 2,
            price: 999.5,
            lineTotal: 1999,
            ...untaxed(1999),
          },
        ],
        [
          'string',
          {
            ...plainLine,
            productId: ids['FAB-COT'],
            productTitle: 'Mulmul Cotton Fabric',
            sku: 'FAB-COT',
            imgUrl: '/media/demo/fab-cot.svg',
            quantity: 1,
            price: 399,
            lineTotal: 399,
            ...untaxed(399),
          },
        ],
      ]);
      expect(older.items.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(older.total);
      expect(list[0]?.shippingAddress).toMatchObject({ fullName: 'Ravi Verma', phone: '07007 123456' });
      const theirs = await call({ method: 'GET', url: '/api/v1/orders', headers: withoutEmail(other) });
      expect(theirs.json<Order[]>()).toHaveLength(1);
    });

    it("keeps the order's title and price when the catalogue changes or the product is deleted", async () => {
      const buyer = await customer();
      const created = await post(buyer, { products: { [ids['ACC-BAG']!]: 1 }, shippingAddress: address() });
      await database.db
        .update(products)
        .set({ title: 'Renamed', regularPricePaise: 1 })
        .where(eq(products.id, ids['ACC-BAG']!));
      await database.db.delete(products).where(eq(products.id, ids['ACC-BAG']!));
      const list = (await call({ method: 'GET', url: '/api/v1/orders', headers: withoutEmail(buyer) })).json<
        Order[]
      >();
      expect(list[0]).toMatchObject({ id: created.json().id, total: 1000 });
      expect(list[0]?.items[0]).toMatchObject({
        productId: null,
        productTitle: 'Zari Potli Bag',
        price: 1000,
      });
    });
  });

  describe('GET /orders/{orderId} (track order)', () => {
    let owner: Record<string, string>;
    let orderId: string;

    beforeAll(async () => {
      owner = await customer('Track.Me@Example.com');
      const created = await post(owner, {
        products: { [ids['WOM-2']!]: 1 },
        shippingAddress: address({ phone: '+91 98390 41736' }),
      });
      orderId = created.json<{ id: string }>().id;
    });

    it('answers the order for its e-mail in any case and with spaces', async () => {
      for (const contactInfo of ['track.me@example.com', '  TRACK.ME@Example.COM ']) {
        const response = await track(orderId, { contactInfo });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json<Order>()).toMatchObject({
          id: orderId,
          status: 0,
          total: 8500,
          items: [{ productTitle: 'Chanderi Suit Set', quantity: 1, price: 8500 }],
        });
      }
    });

    it.each([
      '+91 98390 41736',
      '09839041736',
      '9839041736',
      '+919839041736',
      '91-98390-41736',
      '98390 41736',
    ])('answers the order for the phone written %j', async (contactInfo) => {
      const response = await track(orderId, { contactInfo });
      expect(response.statusCode).toBe(200);
      expect(response.json<Order>().id).toBe(orderId);
    });

    it('finds the order by its number typed in lower case, without the dash, or with O for 0', async () => {
      const typed = [orderId.toLowerCase(), orderId.replace('-', ''), ` ${orderId} `];
      if (orderId.slice(3).includes('0')) typed.push(`RS-${orderId.slice(3).replaceAll('0', 'o')}`);
      for (const number of typed) {
        const response = await track(number, { contactInfo: 'track.me@example.com' });
        expect(response.statusCode, number).toBe(200);
        expect(response.json<Order>().id).toBe(orderId);
      }
    });

    it('gives a wrong contact and an unknown order the same 404', async () => {
      const responses = [
        await track(orderId, { contactInfo: 'someone@example.com' }),
        await track(orderId, { contactInfo: '9999999999' }),
        await track(orderId, { contactInfo: 'not a contact' }),
        await track(orderId, { contactInfo: '' }),
        await track(orderId),
        await track('RS-ZZZZZZZZ', { contactInfo: 'track.me@example.com' }),
        await track('no-such-order', { contactInfo: 'track.me@example.com' }),
        await track(
          orderId,
          { contactInfo: 'track.me@example.com' },
          { headers: { 'x-store-host': SECOND_HOST } },
        ),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    });

    it('answers 4xx, never 5xx, for odd order numbers and contacts', async () => {
      const odd: [string, string][] = [
        ["RS-' OR 1=1 --", 'track.me@example.com'],
        ['x'.repeat(90), 'track.me@example.com'],
        [orderId, '😀@example.com'],
        [orderId, '\uD800@example.com'],
      ];
      for (const [orderNumber, contactInfo] of odd) {
        const response = await track(orderNumber, { contactInfo });
        expect(response.statusCode, orderNumber).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      const nulNumber = await track('\u0000', { contactInfo: 'track.me@example.com' });
      expect(nulNumber.statusCode).toBe(400);
      expect(nulNumber.json()).toMatchObject({ error: 'Invalid path parameter: orderId' });
      const nulContact = await track(orderId, { contactInfo: '\u0000' });
      expect(nulContact.statusCode).toBe(400);
      expect(nulContact.json()).toMatchObject({ error: 'Invalid query parameter: contactInfo' });
      const tooLong = await track(orderId, { contactInfo: 'x'.repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({
        error: 'Invalid query parameter: contactInfo',
        fields: { contactInfo: expect.any(String) },
      });
    });

    it('answers the signed-in owner without a contact, and nobody else', async () => {
      const mine = await track(orderId, {}, { headers: withoutEmail(owner) });
      expect(mine.statusCode).toBe(200);
      expect(mine.json<Order>().id).toBe(orderId);
      const stranger = await customer();
      const theirs = await track(orderId, {}, { headers: withoutEmail(stranger) });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(NOT_FOUND);
      // A stale token is ignored, not a 401: tracking is open to anyone with the contact.
      const stale = await track(
        orderId,
        { contactInfo: '9839041736' },
        { headers: { authorization: `Bearer ${'y'.repeat(43)}` } },
      );
      expect(stale.statusCode).toBe(200);
    });

    it("needs a given contact to match for the signed-in owner too: else the unknown order's 404", async () => {
      const buyer = await customer();
      const created = await post(buyer, { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() });
      const target = created.json<{ id: string }>().id;
      const bearer = { headers: withoutEmail(buyer) };
      const unknown = await track('RS-ZZZZZZZZ', { contactInfo: 'wrong@example.com' }, bearer);
      expect(unknown.statusCode).toBe(404);
      for (const contactInfo of ['wrong@example.com', '9999999999', 'not a contact']) {
        const wrong = await track(target, { contactInfo }, bearer);
        expect(wrong.statusCode, contactInfo).toBe(404);
        expect(wrong.json()).toEqual(NOT_FOUND);
        expect(wrong.body).toBe(unknown.body);
      }
      expect((await track(target, { contactInfo: buyer.email }, bearer)).statusCode).toBe(200);
      expect((await track(target, { contactInfo: '+91 98390 41736' }, bearer)).statusCode).toBe(200);
      // A blank contact counts as none: the owner's session decides.
      expect((await track(target, { contactInfo: '  ' }, bearer)).statusCode).toBe(200);
    });

    it('answers 429 with Retry-After on the 11th failed look-up of one order number', async () => {
      const buyer = await customer();
      const created = await post(buyer, { products: { [ids['FAB-COT']!]: 1 }, shippingAddress: address() });
      const target = created.json<{ id: string }>().id;
      for (let i = 0; i < 10; i++) {
        // A success in between does not count.
        if (i === 5) expect((await track(target, { contactInfo: buyer.email })).statusCode).toBe(200);
        expect((await track(target.toLowerCase(), { contactInfo: `guess${i}@example.com` })).statusCode).toBe(
          404,
        );
      }
      const eleventh = await track(target, { contactInfo: `guess-last@example.com` });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ error: 'Too many order look-ups. Please try again later.' });
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Even the right contact now waits; the signed-in owner does not.
      expect((await track(target, { contactInfo: buyer.email })).statusCode).toBe(429);
      expect((await track(target, {}, { headers: withoutEmail(buyer) })).statusCode).toBe(200);
      // Other orders are not affected.
      expect((await track(orderId, { contactInfo: 'track.me@example.com' })).statusCode).toBe(200);
    });

    it('answers 429 after 30 failed look-ups from one client address, whatever the order', async () => {
      const remoteAddress = '192.0.2.77';
      for (let i = 0; i < 30; i++) {
        const response = await track(
          `RS-${String(i).padStart(8, '0')}`,
          { contactInfo: 'x@example.com' },
          { remoteAddress },
        );
        expect(response.statusCode).toBe(404);
      }
      const blocked = await track(orderId, { contactInfo: 'track.me@example.com' }, { remoteAddress });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await track(orderId, { contactInfo: 'track.me@example.com' })).statusCode).toBe(200);
    });
  });

  it('stores only orders of its own store and user in every list', async () => {
    const there = await customer(undefined, SECOND_HOST);
    await post(there, { products: { [otherStoreProductId]: 1 }, shippingAddress: address() });
    const list = await call({ method: 'GET', url: '/api/v1/orders', headers: withoutEmail(there) });
    const mine = list.json<Order[]>();
    expect(mine).toHaveLength(1);
    const rows = await database.db
      .select({ storeId: orders.storeId })
      .from(orders)
      .where(and(eq(orders.orderNumber, mine[0]!.id)));
    expect(rows[0]?.storeId).not.toBe(1);
  });
});

describe('order e-mail delivery', () => {
  const kind = testDatabaseKinds[0]!;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
  });

  afterAll(async () => {
    await database?.close();
  });

  const placeOrder = async (app: FastifyInstance, email: string) => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD },
    });
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/users/authorize',
        payload: { email, password: PASSWORD },
      })
    ).json<{ token: string }>().token;
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1);
    return app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: { products: { [product!.id]: 1 }, shippingAddress: address() },
    });
  };

  it('writes the message as an .eml file to DATA_DIR/outbox without SMTP_URL', async () => {
    const { mkdtemp, readdir, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = await mkdtemp(join(tmpdir(), 'resham-outbox-'));
    const app = await buildTestApp(database, { DATA_DIR: dataDir });
    let closed = false;
    try {
      const response = await placeOrder(app, 'outbox@example.com');
      expect(response.statusCode).toBe(201);
      const id = response.json<{ id: string }>().id;
      // The order's confirmation waits in the outbox; a tick sends it (or the app's own tick already is,
      // and closing the app waits for it).
      await app.mailSender.tick(new Date(Date.now() + 1000));
      await app.close();
      closed = true;
      const outbox = join(dataDir, 'outbox');
      // The order's SMS is kept beside it, in outbox/messages/ (docs/messages.md).
      const files = (await readdir(outbox)).filter((name) => name !== 'messages');
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z-${id}\\.eml$`));
      const eml = await readFile(join(outbox, files[0]!), 'utf8');
      expect(eml).toMatch(/^From: Test Silk House <care@testsilk\.example>$/m);
      expect(eml).toMatch(/^To: outbox@example\.com$/m);
      expect(eml).toMatch(new RegExp(`^X-Order-Number: ${id}$`, 'm'));
      expect(eml).toContain('Content-Type: text/plain');
      expect(eml).toContain('Content-Type: text/html');
    } finally {
      if (!closed) await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('still creates the order when the mail server cannot be reached', async () => {
    // A real SMTP transport to a port nobody listens on: the connection is refused.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: 1, connectionTimeout: 2000 });
    const app = await buildApp({ ...testConfig }, { database, logger: false, mailer });
    try {
      const response = await placeOrder(app, 'unreachable@example.com');
      expect(response.statusCode).toBe(201);
      const id = response.json<{ id: string }>().id;
      const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, id));
      expect(order?.email).toBe('unreachable@example.com');
      // The confirmation stays in the outbox for a retry, with the reason and without the address.
      const retry = await vi.waitFor(
        async () => {
          const [mail] = await database.db
            .select()
            .from(outgoingMail)
            .where(like(outgoingMail.subject, `%${id}%`));
          if (mail?.status !== 'pending' || mail.attempts !== 1) throw new Error('not tried yet');
          return mail;
        },
        { timeout: 10_000 },
      );
      expect(retry.recipient).toBe('unreachable@example.com');
      expect(retry.lastError).toMatch(/^Error E[A-Z]+: /);
      expect(retry.lastError).not.toContain('@');
    } finally {
      await app.close();
    }
  });
});
