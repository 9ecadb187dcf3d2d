import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import type { PaymentResponse } from '@shared/payments/payment-response';
import { products } from '../../db/schema/catalog-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import {
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { transition } from '../orders/order-lifecycle';
import { payuRequestHash, payuResponseHash } from './providers/payu-hash';
import { TEST_PAYMENT_NOTICE } from './paid-order-mail';
import { SANDBOX_HASH_ERROR } from './providers/sandbox-payu';
import { upiWebhookSignature } from './providers/upi-provider';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from './settings';

const HOST = 'shop.test';
const WEBHOOK_SECRET = 'whsec-test-0123456789abcdef';
const LIVE = { key: 'LiveKey42', salt: 'live-salt-for-tests' };
const NOT_FOUND = 'Order not found or access denied';

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};
const payer = { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736' };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The forms of a server-rendered page: action and hidden fields (values unescaped) and button label. */
function formsOf(html: string) {
  return [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map((match) => ({
    action: unescape(match[1]!),
    fields: Object.fromEntries(
      [...match[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [
        unescape(input[1]!),
        unescape(input[2]!),
      ]),
    ),
    button: /<button[^>]*>([^<]*)<\/button>/.exec(match[2]!)?.[1],
  }));
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDatabaseKinds)('payments API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let live: FastifyInstance;
  let closed: FastifyInstance;
  const ids: Record<string, string> = {};
  let addressCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
    const second = fixtureCatalog();
    second.store = { storeName: 'Second Shop', hosts: ['second.example'] };
    second.products = second.products.slice(0, 1);
    await seedCatalog(database.db, second, { host: 'second.example' });
    for (const row of await database.db
      .select({ id: products.id, sku: products.sku, storeId: products.storeId })
      .from(products)) {
      if (row.storeId === 1) ids[row.sku] = row.id;
      else ids.OTHER = row.id;
    }
    // Plenty of tracked stock: every test places orders of the silk fabric.
    await database.db.update(products).set({ stock: 1_000_000 }).where(eq(products.id, ids['FAB-SLK']!));
    app = await buildTestApp(database, { UPI_WEBHOOK_SECRET: WEBHOOK_SECRET });
    live = await buildTestApp(database, {
      NODE_ENV: 'production',
      PAYU_KEY: LIVE.key,
      PAYU_SALT: LIVE.salt,
      PUBLIC_URL: 'https://silk.example',
      UPI_VPA: 'silkhouse@okaxis',
      UPI_PAYEE_NAME: 'Silk House',
    });
    closed = await buildTestApp(database, { NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await app?.close();
    await live?.close();
    await closed?.close();
    await database?.close();
  });

  const call = (options: InjectOptions, on = app) =>
    on.inject({ ...options, headers: { host: HOST, ...(options.headers as Record<string, string>) } });

  /** A new customer's bearer header (optionally in the second store). */
  const customer = async (host?: string) =>
    (
      await signUpCustomer(app, {
        headers: { host: HOST, ...(host ? { 'x-store-host': host } : {}) },
        remoteAddress: `203.0.113.${++addressCounter % 250}`,
      })
    ).headers;

  /** A pending order of 2 × Katan Silk Fabric (₹899) + 1 × Cotton Kurta 1 (₹999.50) = ₹2,797.50. */
  const placeOrder = async (headers: Record<string, string>, productId = ids['FAB-SLK']!) => {
    const extra = productId === ids['FAB-SLK'] ? { [ids['MEN-KUR-001']!]: 1 } : {};
    const response = await call({
      method: 'POST',
      url: '/api/v1/orders',
      headers,
      payload: { products: { [productId]: 2, ...extra }, shippingAddress: address },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  const pay = (
    headers: Record<string, string>,
    orderId: unknown,
    fields: Record<string, unknown>,
    on = app,
  ) => call({ method: 'POST', url: '/api/v1/payments', headers, payload: { orderId, fields } as object }, on);

  const orderRow = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const paymentsOf = async (orderNumber: string) =>
    database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await orderRow(orderNumber)).id))
      .orderBy(asc(payments.id));
  const eventsOf = async (orderNumber: string) =>
    database.db
      .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(orderNumber)).id))
      .orderBy(asc(orderEvents.id));

  /** The shop's paid-order notices of an order, as written to the mail outbox with the payment. */
  const shopNoticesOf = async (orderNumber: string) =>
    database.db
      .select({ subject: outgoingMail.subject, message: outgoingMail.message })
      .from(outgoingMail)
      .where(
        and(
          eq(outgoingMail.recipient, 'care@testsilk.example'),
          like(outgoingMail.subject, `%${orderNumber}%`),
        ),
      );

  /** Starts a sandbox gateway payment and returns its form data. */
  const startGateway = async (headers: Record<string, string>, orderId: string) => {
    const response = await pay(headers, orderId, { ...payer, method: 'gateway' });
    expect(response.statusCode).toBe(200);
    return response.json<PaymentResponse>().action!.formParams!;
  };

  /** The sandbox's post-back for `choice` ('Success' or 'Failure') of a started payment. */
  const sandboxChoice = async (data: Record<string, string>, choice: 'Success' | 'Failure') => {
    const page = await call({
      method: 'POST',
      url: '/sandbox/payu',
      headers: FORM_TYPE,
      payload: form(data),
    });
    expect(page.statusCode).toBe(200);
    const chosen = formsOf(page.body).find((candidate) => candidate.button === choice)!;
    expect(chosen).toBeDefined();
    return chosen;
  };

  const callback = (fields: Record<string, string>, on = app) =>
    call(
      { method: 'POST', url: '/api/v1/payments/payu/callback', headers: FORM_TYPE, payload: form(fields) },
      on,
    );

  /** A callback for `data` signed with the sandbox salt (a valid hash over whatever it says). */
  const signedCallback = (
    data: Record<string, string>,
    status: string,
    overrides: Record<string, string> = {},
    salt = SANDBOX_PAYU_SALT,
  ) => {
    const fields = {
      key: data.key!,
      txnid: data.txnid!,
      amount: data.amount!,
      productinfo: data.productinfo!,
      firstname: data.firstname!,
      email: data.email!,
      udf1: data.udf1 ?? '',
      status,
      mihpayid: '403993715000001',
      ...overrides,
    };
    return { ...fields, hash: payuResponseHash(fields, salt) };
  };

  describe('GET /payments/fields', () => {
    it('needs a session', async () => {
      expect((await call({ method: 'GET', url: '/api/v1/payments/fields' })).statusCode).toBe(401);
    });

    it('answers the field definitions, prefilled from the account, only configured methods', async () => {
      const headers = await customer();
      const response = await call({ method: 'GET', url: '/api/v1/payments/fields', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const fields = response.json<PaymentFieldDefinition[]>();
      expect(fields.map((field) => field.name)).toEqual([
        'name',
        'email',
        'phone',
        'method',
        'businessName',
        'gstin',
      ]);
      expect(fields[0]!.defaultValue).toBe('Asha Verma');
      expect(fields[1]!.defaultValue).toMatch(/^buyer-.*@example\.com$/);
      expect(fields[3]!.options!.map((option) => option.value)).toEqual(['upi_qr', 'upi_intent', 'gateway']);
      expect(fields[3]!.description).toMatch(/^TEST MODE/);

      const liveFields = (
        await call({ method: 'GET', url: '/api/v1/payments/fields', headers: await customer() }, live)
      ).json<PaymentFieldDefinition[]>();
      expect(liveFields[3]!.description).toBeUndefined();
      const closedFields = (
        await call({ method: 'GET', url: '/api/v1/payments/fields', headers: await customer() }, closed)
      ).json<PaymentFieldDefinition[]>();
      expect(closedFields[3]!.options).toEqual([]);
    });
  });

  describe('POST /payments', () => {
    it('answers a UPI QR code for the order, marked test mode for the demo VPA, idempotently', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const first = await pay(headers, orderId.toLowerCase(), { ...payer, method: 'upi_qr' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        action: {
          type: 'qr',
          qr: `upi://pay?pa=resham.demo@upi&pn=Resham%20Demo%20Store%20(TEST)&am=2797.50&cu=INR&tr=${orderId}&tn=Order%20${orderId}`,
        },
        amount: 2797.5,
        orderId,
        upiId: 'resham.demo@upi',
        testMode: true,
      });
      const again = await pay(headers, orderId, { ...payer, name: 'Asha V', method: 'upi_intent' });
      expect(again.json()).toMatchObject({
        success: true,
        action: { type: 'deeplink', redirectUrl: first.json<PaymentResponse>().action!.qr },
      });
      const rows = await paymentsOf(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        provider: 'upi',
        method: 'upi_intent',
        gatewayId: null,
        status: 'initiated',
        amountPaise: 279_750,
        testMode: true,
        payer: { ...payer, name: 'Asha V' },
      });
      expect((await orderRow(orderId)).status).toBe(0);
    });

    it("answers the shop's own VPA without test mode when it is configured", async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const response = await pay(headers, orderId, { ...payer, method: 'upi_qr' }, live);
      expect(response.statusCode).toBe(200);
      const answer = response.json<PaymentResponse>();
      expect(answer.action!.qr).toMatch(
        /^upi:\/\/pay\?pa=silkhouse@okaxis&pn=Silk%20House&am=2797\.50&cu=INR&tr=/,
      );
      expect(answer.testMode).toBeUndefined();
      expect(answer.upiId).toBe('silkhouse@okaxis');
    });

    it('answers a redirect_post to the bridge page for the sandbox gateway, with a correct hash', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const response = await pay(headers, orderId, {
        ...payer,
        method: 'gateway',
        businessName: 'Kashi Weaves',
        gstin: '09AAACR5055K1Z5',
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<PaymentResponse>();
      // Only a UPI method names the UPI ID.
      expect(answer.upiId).toBeUndefined();
      expect(answer).toMatchObject({
        success: true,
        amount: 2797.5,
        orderId,
        testMode: true,
        action: {
          type: 'redirect_post',
          redirectUrl: '/api/v1/payments/redirect',
          formParams: { type: 'POST', url: `http://${HOST}/sandbox/payu` },
        },
      });
      const data = answer.action!.formParams!.data;
      expect(data).toMatchObject({
        key: SANDBOX_PAYU_KEY,
        amount: '2797.50',
        productinfo: `Order ${orderId}`,
        firstname: 'Asha Verma',
        email: 'asha@example.com',
        phone: '9839041736',
        surl: `http://${HOST}/api/v1/payments/payu/callback`,
        furl: `http://${HOST}/api/v1/payments/payu/callback`,
        udf1: orderId,
      });
      expect(data.txnid).toMatch(new RegExp(`^${orderId}-[0-9A-Z]{6}$`));
      expect(data.hash).toBe(payuRequestHash(data as never, SANDBOX_PAYU_SALT));
      const [row] = await paymentsOf(orderId);
      expect(row).toMatchObject({
        provider: 'payu-sandbox',
        method: 'gateway',
        gatewayId: data.txnid,
        status: 'initiated',
        testMode: true,
        payer: { ...payer, businessName: 'Kashi Weaves', gstin: '09AAACR5055K1Z5' },
      });
      expect(JSON.stringify(row!.raw)).not.toContain(SANDBOX_PAYU_SALT);
    });

    it('posts to the configured PayU URL with PUBLIC_URL return addresses on a live shop', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const answer = (
        await pay(headers, orderId, { ...payer, method: 'gateway' }, live)
      ).json<PaymentResponse>();
      expect(answer.testMode).toBeUndefined();
      expect(answer.action!.formParams).toMatchObject({
        url: 'https://test.payu.in/_payment',
        data: { key: LIVE.key, surl: 'https://silk.example/api/v1/payments/payu/callback' },
      });
      expect(answer.action!.formParams!.data.hash).toBe(
        payuRequestHash(answer.action!.formParams!.data as never, LIVE.salt),
      );
      const csp = (await call({ method: 'GET', url: '/api/v1/health' }, live)).headers[
        'content-security-policy'
      ] as string;
      expect(csp).toContain("form-action 'self' https://test.payu.in https://*.payu.in");
      const sandboxOff = await call(
        { method: 'POST', url: '/sandbox/payu', headers: FORM_TYPE, payload: 'a=1' },
        live,
      );
      expect(sandboxOff.statusCode).toBe(404);
    });

    it('validates every field with the shared rules: 400 with fields', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const response = await pay(headers, orderId, {
        name: '',
        email: 'asha@',
        phone: '9839041736',
        method: 'upi_qr',
        businessName: 'Kashi Weaves',
        gstin: 'nonsense',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid fields: name, email, phone, gstin',
        fields: {
          name: 'Please enter your name',
          email: 'Please enter a valid email address',
          phone: 'Phone number must start with +91',
          gstin: 'Enter a valid 15-character GSTIN',
        },
      });
      expect(await paymentsOf(orderId)).toEqual([]);
    });

    itOnPgliteOnly(kind).each([
      [{ method: 'bitcoin' }, { method: 'Please choose one of the options' }],
      [{ method: '' }, { method: 'Please choose a payment method' }],
      [{ phone: '+91983904173' }, { phone: 'Phone number must be 13 characters (including +91)' }],
      [{ phone: '+915839041736' }, { phone: 'Invalid phone number format' }],
    ])('refuses %j with 400', async (change, fields) => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const response = await pay(headers, orderId, { ...payer, method: 'upi_qr', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(/^Invalid field: /), fields });
    });

    it('refuses a malformed body with 400', async () => {
      const headers = await customer();
      for (const payload of [
        {},
        { orderId: 'RS-1', fields: 'x' },
        { fields: { ...payer } },
        { orderId: '', fields: {} },
      ]) {
        const response = await call({ method: 'POST', url: '/api/v1/payments', headers, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: expect.stringMatching(/^Invalid field/) });
        expect(response.json()).not.toHaveProperty('success');
      }
      const numbers = await pay(headers, 'RS-00000000', { ...payer, phone: 9839041736, method: 'upi_qr' });
      expect(numbers.json()).toEqual({
        error: 'Invalid field: fields.phone',
        fields: { 'fields.phone': expect.any(String) },
      });
    });

    it("answers 404 for a missing order, someone else's and another store's", async () => {
      const owner = await customer();
      const orderId = await placeOrder(owner);
      const stranger = await customer();
      for (const id of [orderId, 'RS-00000000', 'not an order']) {
        const response = await pay(stranger, id, { ...payer, method: 'upi_qr' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: NOT_FOUND });
      }
      const elsewhere = await customer('second.example');
      const otherOrder = await placeOrder(elsewhere, ids.OTHER);
      expect((await pay(owner, otherOrder, { ...payer, method: 'upi_qr' })).statusCode).toBe(404);
      expect((await pay(elsewhere, otherOrder, { ...payer, method: 'upi_qr' })).statusCode).toBe(200);
    });

    it('answers 409 for a paid or cancelled order', async () => {
      const headers = await customer();
      const paid = await placeOrder(headers);
      await transition(database.db, 1, (await orderRow(paid)).id, 1, 'test: paid');
      const cancelled = await placeOrder(headers);
      await transition(database.db, 1, (await orderRow(cancelled)).id, 4, 'test: cancelled');
      expect((await pay(headers, paid, { ...payer, method: 'gateway' })).json()).toEqual({
        error: `Order ${paid} is already paid`,
      });
      const refused = await pay(headers, cancelled, { ...payer, method: 'upi_qr' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: `Order ${cancelled} is cancelled and cannot be paid` });
    });

    it('needs a session, and answers 503 where no method is configured', async () => {
      const anonymous = await call({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { orderId: 'x', fields: {} },
      });
      expect(anonymous.statusCode).toBe(401);
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const response = await pay(headers, orderId, { ...payer, method: 'upi_qr' }, closed);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'This shop does not take online payments yet' });
    });
  });

  describe('the redirect bridge page', () => {
    it('turns type, url and data[…] into an auto-submitting form to the gateway, under its own CSP', async () => {
      const headers = await customer();
      const params = await startGateway(headers, await placeOrder(headers));
      const body = new URLSearchParams({ type: params.type, url: params.url });
      for (const [name, value] of Object.entries(params.data)) body.append(`data[${name}]`, value);
      body.append('data[udf2]', '"><script>alert(1)</script>');
      const page = await call({
        method: 'POST',
        url: '/api/v1/payments/redirect',
        headers: FORM_TYPE,
        payload: body.toString(),
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toContain(`form-action 'self' http://${HOST}`);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('<script src="/api/v1/payments/auto-submit.js" defer></script>');
      expect(page.body).not.toContain('<script>alert');
      const [bridge] = formsOf(page.body);
      expect(bridge!.action).toBe(`http://${HOST}/sandbox/payu`);
      expect(bridge!.fields).toEqual({ ...params.data, udf2: '' });
      expect(bridge!.button).toBe('Continue to payment');
      expect(page.body).toContain('data-auto-submit');

      const script = await call({ method: 'GET', url: '/api/v1/payments/auto-submit.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.body).toContain('form[data-auto-submit]');
    });

    it('refuses any other destination, method or an empty form', async () => {
      for (const payload of [
        form({ type: 'POST', url: 'https://evil.example/steal', 'data[key]': 'x' }),
        form({ type: 'GET', url: `http://${HOST}/sandbox/payu`, 'data[key]': 'x' }),
        form({ type: 'POST', url: `http://${HOST}/sandbox/payu` }),
      ]) {
        const page = await call({
          method: 'POST',
          url: '/api/v1/payments/redirect',
          headers: FORM_TYPE,
          payload,
        });
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('This payment link is not valid');
        expect(formsOf(page.body)).toEqual([]);
      }
    });
  });

  describe('the sandbox gateway (TEST MODE)', () => {
    it('shows the order, the amount and Success / Failure buttons posting back with a correct reverse hash', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = await startGateway(headers, orderId).then((params) => params.data);
      const page = await call({
        method: 'POST',
        url: '/sandbox/payu',
        headers: FORM_TYPE,
        payload: form(data),
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('TEST MODE');
      expect(page.body).toContain(orderId);
      expect(page.body).toContain('₹2,797.50');
      expect(page.headers['content-security-policy']).toContain(`form-action 'self' http://${HOST}`);
      const choices = formsOf(page.body);
      expect(choices.map((choice) => choice.button)).toEqual([
        'Success',
        'Failure',
        'Pay, but lose the callback',
      ]);
      for (const choice of choices) {
        // The third takes the payment without posting back (reconciliation finds it: docs/payments.md).
        expect(choice.action).toBe(
          choice.button === 'Pay, but lose the callback' ? '/sandbox/payu/lost-callback' : data.surl,
        );
        const expectedStatus = choice.button === 'Failure' ? 'failure' : 'success';
        expect(choice.fields).toMatchObject({
          status: expectedStatus,
          txnid: data.txnid,
          amount: data.amount,
          key: data.key,
        });
        expect(choice.fields.hash).toBe(payuResponseHash(choice.fields as never, SANDBOX_PAYU_SALT));
      }
      const info = await call({ method: 'GET', url: '/sandbox/payu' });
      expect(info.statusCode).toBe(200);
      expect(info.body).toContain('TEST MODE');
    });

    it('refuses a request whose hash does not match, or another merchant key, and escapes what it shows', async () => {
      const headers = await customer();
      const data = (await startGateway(headers, await placeOrder(headers))).data;
      const tampered = await call({
        method: 'POST',
        url: '/sandbox/payu',
        headers: FORM_TYPE,
        payload: form({ ...data, amount: '1.00' }),
      });
      expect(tampered.statusCode).toBe(400);
      expect(tampered.body).toContain(SANDBOX_HASH_ERROR);
      expect(formsOf(tampered.body)).toEqual([]);
      const otherKey = await call({
        method: 'POST',
        url: '/sandbox/payu',
        headers: FORM_TYPE,
        payload: form({ ...data, key: 'X' }),
      });
      expect(otherKey.statusCode).toBe(400);

      const hostile: Record<string, string> = {
        ...data,
        firstname: '<img src=x onerror=alert(1)>',
        udf1: '"><b>',
      };
      hostile.hash = payuRequestHash(hostile as never, SANDBOX_PAYU_SALT);
      const shown = await call({
        method: 'POST',
        url: '/sandbox/payu',
        headers: FORM_TYPE,
        payload: form(hostile),
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain('<img');
      expect(shown.body).not.toContain('"><b>');
      expect(shown.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });
  });

  describe('POST /payments/payu/callback', () => {
    it("pays the order on the sandbox's Success: 303 to that order's /order-success; a replay changes nothing", async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (await startGateway(headers, orderId)).data;
      const success = await sandboxChoice(data, 'Success');
      const response = await callback(success.fields);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/order-success?orderId=${orderId}`);
      expect((await orderRow(orderId)).status).toBe(1);
      const [row] = await paymentsOf(orderId);
      expect(row).toMatchObject({ status: 'succeeded', gatewayId: data.txnid });
      expect(row!.raw).toMatchObject({ response: { status: 'success', mode: 'SANDBOX' } });
      expect(JSON.stringify(row!.raw)).not.toContain(success.fields.hash!);
      const events = await eventsOf(orderId);
      expect(events.at(-1)).toEqual({
        from: 0,
        to: 1,
        cause: expect.stringContaining(`txnid ${data.txnid}`),
      });

      // The shop is told, in the payment's transaction, and warned that no money moved.
      const [notice, ...more] = await shopNoticesOf(orderId);
      expect(more).toEqual([]);
      expect(notice!.subject).toBe(`[TEST] Paid order ${orderId} – ₹2,797.50`);
      expect(notice!.message.text.split('\n')[0]).toBe(TEST_PAYMENT_NOTICE);
      expect(notice!.message.text).toContain(`via PayU sandbox (TEST), txnid ${data.txnid} — TEST`);
      expect(notice!.message.html).toContain(TEST_PAYMENT_NOTICE);

      const replay = await callback(success.fields);
      expect(replay.statusCode).toBe(303);
      expect(replay.headers.location).toBe(`/order-success?orderId=${orderId}`);
      expect(await eventsOf(orderId)).toEqual(events);
      expect(await shopNoticesOf(orderId)).toHaveLength(1);
      const failureAfter = await callback((await sandboxChoice(data, 'Failure')).fields);
      expect(failureAfter.headers.location).toBe(`/order-success?orderId=${orderId}`);
      expect((await paymentsOf(orderId))[0]!.status).toBe('succeeded');
      expect((await orderRow(orderId)).status).toBe(1);
    });

    it('leaves the order Pending on Failure: 303 to the payment page; a new attempt can still pay', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (await startGateway(headers, orderId)).data;
      const response = await callback((await sandboxChoice(data, 'Failure')).fields);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/payment?orderId=${orderId}&status=failed`);
      expect(await shopNoticesOf(orderId)).toEqual([]);
      expect((await orderRow(orderId)).status).toBe(0);
      expect((await paymentsOf(orderId))[0]!.status).toBe('failed');
      const replayedSuccess = await callback((await sandboxChoice(data, 'Success')).fields);
      expect(replayedSuccess.headers.location).toBe(`/payment?orderId=${orderId}&status=failed`);
      expect((await orderRow(orderId)).status).toBe(0);

      const retry = (await startGateway(headers, orderId)).data;
      expect(retry.txnid).not.toBe(data.txnid);
      expect((await callback((await sandboxChoice(retry, 'Success')).fields)).headers.location).toBe(
        `/order-success?orderId=${orderId}`,
      );
      expect((await orderRow(orderId)).status).toBe(1);
      expect((await paymentsOf(orderId)).map((row) => row.status)).toEqual(['failed', 'succeeded']);
    });

    it('refuses forged callbacks with 400 and changes nothing', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (await startGateway(headers, orderId)).data;
      const success = (await sandboxChoice(data, 'Success')).fields;
      const { hash: _hash, ...unsigned } = success;
      const cases: [Record<string, string>, string][] = [
        [unsigned, 'Missing hash'],
        [{ ...success, hash: 'f'.repeat(128) }, 'Invalid hash'],
        [{ ...success, amount: '1.00' }, 'Invalid hash'],
        [{ ...success, status: 'success', udf1: 'RS-00000000' }, 'Invalid hash'],
        [signedCallback(data, 'success', { amount: '1.00' }), 'Amount does not match the order'],
        [signedCallback(data, 'success', { txnid: `${orderId}-ZZZZZZ` }), 'Unknown transaction'],
        [signedCallback(data, 'success', { key: LIVE.key }), 'Unknown merchant key'],
      ];
      for (const [fields, error] of cases) {
        const response = await callback(fields);
        expect(response.statusCode, error).toBe(400);
        expect(response.json()).toEqual({ error });
      }
      const json = await call({ method: 'POST', url: '/api/v1/payments/payu/callback', payload: success });
      expect(json.statusCode).toBe(400);
      expect((await orderRow(orderId)).status).toBe(0);
      expect((await paymentsOf(orderId))[0]!.status).toBe('initiated');
      expect(await eventsOf(orderId)).toHaveLength(1);
    });

    it('accepts the equal amount written without trailing zero only when it is what was signed', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (await startGateway(headers, orderId)).data;
      const response = await callback(signedCallback(data, 'success', { amount: '2797.5' }));
      expect(response.statusCode).toBe(303);
      expect((await orderRow(orderId)).status).toBe(1);
    });

    it('records a success for an order the shop cancelled without reviving it: the refund is due', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (await startGateway(headers, orderId)).data;
      await transition(database.db, 1, (await orderRow(orderId)).id, 4, 'test: cancelled');
      const success = (await sandboxChoice(data, 'Success')).fields;
      const response = await callback(success);
      expect(response.headers.location).toBe(`/payment?orderId=${orderId}&status=failed`);
      expect(await orderRow(orderId)).toMatchObject({
        status: 4,
        cancellationCause: 'cancelled by the shop',
        refundDue: true,
      });
      expect((await paymentsOf(orderId))[0]!.status).toBe('succeeded');
      expect((await eventsOf(orderId)).at(-1)).toEqual({
        from: 4,
        to: 4,
        cause: expect.stringMatching(
          /^paid after cancellation — refund due \(payment: PayU sandbox \(TEST\) txnid /,
        ),
      });
      // No notice to pack it: the shop is told to refund it instead.
      expect((await shopNoticesOf(orderId)).map((notice) => notice.subject)).toEqual([
        `[TEST] Refund due: order ${orderId} paid ₹2,797.50 after cancellation`,
      ]);
      const replay = await callback(success);
      expect(replay.headers.location).toBe(`/payment?orderId=${orderId}&status=failed`);
      expect(await shopNoticesOf(orderId)).toHaveLength(1);
    });

    it('verifies live callbacks with the live salt only', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const data = (
        await pay(headers, orderId, { ...payer, method: 'gateway' }, live)
      ).json<PaymentResponse>().action!.formParams!.data;
      const sandboxSigned = signedCallback(data, 'success');
      expect((await callback(sandboxSigned, live)).statusCode).toBe(400);
      expect((await callback(sandboxSigned)).statusCode).toBe(400);
      const response = await callback(signedCallback(data, 'success', {}, LIVE.salt), live);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/order-success?orderId=${orderId}`);
      expect((await orderRow(orderId)).status).toBe(1);
      expect((await paymentsOf(orderId))[0]).toMatchObject({
        provider: 'payu',
        testMode: false,
        status: 'succeeded',
      });
      const notices = await shopNoticesOf(orderId);
      expect(notices.map((notice) => notice.subject)).toEqual([`Paid order ${orderId} – ₹2,797.50`]);
      expect(notices[0]!.message.text).not.toContain('TEST');
    });
  });

  describe('POST /payments/webhook/upi', () => {
    const webhook = (body: unknown, on = app, signature?: string) => {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      return call(
        {
          method: 'POST',
          url: '/api/v1/payments/webhook/upi',
          headers: {
            'content-type': 'application/json',
            'x-signature': signature ?? upiWebhookSignature(WEBHOOK_SECRET, raw),
          },
          payload: raw,
        },
        on,
      );
    };

    it('pays the order once per UTR, keeping the payer details of the QR attempt', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      await pay(headers, orderId, { ...payer, method: 'upi_qr' });
      const body = { orderId, utr: '412345678901', amount: 2797.5, status: 'SUCCESS' };
      const response = await webhook(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        orderId,
        orderStatus: 1,
        replayed: false,
        paid: true,
      });
      expect((await orderRow(orderId)).status).toBe(1);
      const rows = await paymentsOf(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        provider: 'upi',
        gatewayId: '412345678901',
        status: 'succeeded',
        payer,
      });
      expect((await eventsOf(orderId)).at(-1)!.cause).toBe('payment: UPI webhook UTR 412345678901');

      // Paid to the demo UPI ID: the shop's notice says TEST.
      expect((await shopNoticesOf(orderId)).map((notice) => notice.subject)).toEqual([
        `[TEST] Paid order ${orderId} – ₹2,797.50`,
      ]);

      const replay = await webhook(body);
      expect(replay.json()).toEqual({ success: true, orderId, orderStatus: 1, replayed: true, paid: false });
      expect(await shopNoticesOf(orderId)).toHaveLength(1);
      expect(await eventsOf(orderId)).toHaveLength(2);
      expect(await paymentsOf(orderId)).toHaveLength(1);

      const other = await placeOrder(headers);
      const reused = await webhook({ ...body, orderId: other });
      expect(reused.statusCode).toBe(409);
      expect((await orderRow(other)).status).toBe(0);
    });

    it('refuses a bad signature, bad body, wrong amount or unknown order, changing nothing', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      const body = { orderId, utr: '512345678901', amount: '2797.50', status: 'success' };
      expect((await webhook(body, app, 'a'.repeat(64))).statusCode).toBe(401);
      expect((await webhook(body, app, '')).statusCode).toBe(401);
      const unsigned = await call({
        method: 'POST',
        url: '/api/v1/payments/webhook/upi',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await webhook('{not json')).statusCode).toBe(400);
      expect((await webhook({ ...body, utr: 'x' })).statusCode).toBe(400);
      expect((await webhook({ ...body, amount: '2797.49' })).json()).toEqual({
        error: `Amount does not match order ${orderId}`,
        fields: { amount: 'must equal the order total' },
      });
      expect((await webhook({ ...body, amount: 2797.505 })).statusCode).toBe(400);
      expect((await webhook({ ...body, orderId: 'RS-00000000' })).statusCode).toBe(404);
      expect((await webhook({ ...body, status: 'failure' })).json()).toEqual({
        success: true,
        orderId,
        paid: false,
        ignored: true,
      });
      expect((await orderRow(orderId)).status).toBe(0);
      expect(await paymentsOf(orderId)).toEqual([]);
      expect((await webhook(body)).json()).toMatchObject({ paid: true });
    });

    it('records money for an order the shop cancelled without moving it: the refund is due', async () => {
      const headers = await customer();
      const orderId = await placeOrder(headers);
      await transition(database.db, 1, (await orderRow(orderId)).id, 4, 'test: cancelled');
      const response = await webhook({ orderId, utr: '612345678901', amount: 2797.5, status: 'success' });
      expect(response.json()).toEqual({
        success: true,
        orderId,
        orderStatus: 4,
        replayed: false,
        paid: false,
      });
      expect((await paymentsOf(orderId))[0]).toMatchObject({
        status: 'succeeded',
        gatewayId: '612345678901',
      });
      expect(await orderRow(orderId)).toMatchObject({ status: 4, refundDue: true });
      expect((await shopNoticesOf(orderId)).map((notice) => notice.subject)).toEqual([
        `[TEST] Refund due: order ${orderId} paid ₹2,797.50 after cancellation`,
      ]);
    });

    it('answers 503 without UPI_WEBHOOK_SECRET', async () => {
      const response = await webhook(
        { orderId: 'RS-00000000', utr: '712345678901', amount: 1, status: 'success' },
        live,
      );
      expect(response.statusCode).toBe(503);
    });
  });
});
