import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, users } from '../../db/schema/user-tables';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import { jaipur } from '../../test/delivery-test-shop';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { listMessages } from '../notifications/message-outbox';
import { setWhatsappOptIn, recordOptOut } from '../notifications/phone-consent';
import { hashOtpCode } from './otp-codes';

const EXPIRED = 'This code has expired. Please request a new one.';
const INVALID_PHONE = 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.';
const INVALID_CODE = 'Please enter the 6-digit code.';
const TOO_MANY = 'Too many codes requested. Please try again later.';

describe.each(testDatabaseKinds)('sign-in with an OTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let now = new Date('2026-11-27T10:00:00.000Z');
  let addressCounter = 0;
  /** A fresh client address per call, so the per-address limit of one test never touches another. */
  const freshAddress = () => {
    addressCounter += 1;
    return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  let phoneCounter = 0;
  /** A fresh Indian mobile, national digits: 98765 00001, 98765 00002, … */
  const freshPhone = () => `98765${String(++phoneCounter).padStart(5, '0')}`;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database, {}, { clock: () => now });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (url: string, payload: unknown, options: Partial<InjectOptions> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: payload as object,
      remoteAddress: freshAddress(),
      ...options,
    });
  const requestCode = (phone: unknown, options: Partial<InjectOptions> = {}) =>
    post('/users/otp', { phone }, options);
  const verify = (phone: unknown, code: unknown) => post('/users/otp/verify', { phone, code });

  /** The code of the newest `otp` message to `e164`, read from the outbox as a shopper reads it. */
  const lastCode = async (e164: string) => {
    const messages = await listMessages(app.db, 1, { limit: 50, template: 'otp' });
    const message = messages.find((entry) => entry.recipient === e164);
    expect(message).toBeDefined();
    return message!.variables.code!;
  };
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const accountInfo = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/accountInfo', headers: { authorization: `Bearer ${token}` } });

  it('answers 202 the same for a number with an account and one without, and queues a code to each', async () => {
    const known = freshPhone();
    await requestCode(known);
    const first = await verify(known, await lastCode(`+91${known}`));
    expect(first.statusCode).toBe(200);

    const unknown = freshPhone();
    const forKnown = await requestCode(`+91 ${known.slice(0, 5)} ${known.slice(5)}`);
    const forUnknown = await requestCode(`0${unknown}`);
    expect(forKnown.statusCode).toBe(202);
    expect(forUnknown.statusCode).toBe(202);
    const masked = (digits: string) => `+91 ${digits.slice(0, 2)}•••••${digits.slice(7)}`;
    expect(forKnown.json()).toEqual({ phone: masked(known), expiresInSeconds: 300 });
    expect(forUnknown.json()).toEqual({ phone: masked(unknown), expiresInSeconds: 300 });
    expect(Object.keys(forKnown.headers).sort()).toEqual(Object.keys(forUnknown.headers).sort());

    const messages = await listMessages(app.db, 1, { limit: 2, template: 'otp' });
    expect(messages.map((message) => message.recipient)).toEqual([`+91${unknown}`, `+91${known}`]);
    for (const message of messages) {
      expect(message.channel).toBe('sms');
      expect(message.variables.code).toMatch(/^[0-9]{6}$/);
      expect(message.text).toBe(
        `${message.variables.code} is your ${message.variables.shopName} sign-in code. It is valid for 5 minutes. Do not share it.`,
      );
    }
  });

  it('sends by WhatsApp where the number opted in, and by SMS even to a number that opted out', async () => {
    const optedIn = freshPhone();
    const optedOut = freshPhone();
    await setWhatsappOptIn(app.db, 1, `+91${optedIn}`, true, now);
    await recordOptOut(app.db, 1, `+91${optedOut}`, now);
    expect((await requestCode(optedIn)).statusCode).toBe(202);
    expect((await requestCode(optedOut)).statusCode).toBe(202);
    const [toOptedOut, toOptedIn] = await listMessages(app.db, 1, { limit: 2, template: 'otp' });
    expect([toOptedIn!.recipient, toOptedIn!.channel]).toEqual([`+91${optedIn}`, 'whatsapp']);
    expect([toOptedOut!.recipient, toOptedOut!.channel]).toEqual([`+91${optedOut}`, 'sms']);
  });

  it('stores only a salted HMAC of the code, and a new code replaces the older one', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = await lastCode(`+91${phone}`);
    const rows = await app.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.storeId, 1), eq(otpCodes.phone, `+91${phone}`)));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(row.codeHash).toBe(hashOtpCode(code, row.salt));
    expect(row.triesLeft).toBe(5);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(5 * 60 * 1000);

    await requestCode(phone);
    const newer = await lastCode(`+91${phone}`);
    const [replaced] = await app.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.phone, `+91${phone}`));
    expect(replaced!.salt).not.toBe(row.salt);
    if (newer !== code) expect((await verify(phone, code)).statusCode).toBe(401);
    expect((await verify(phone, newer)).statusCode).toBe(200);
  });

  it('makes an account for a new number that asks for a name, then signs the same number into it', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const signedIn = await verify(phone, await lastCode(`+91${phone}`));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const { token, needsName } = signedIn.json<{ token: string; needsName: boolean }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(needsName).toBe(true);
    expect(Object.keys(signedIn.json()).sort()).toEqual(['needsName', 'token']);

    const info = await accountInfo(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ firstName: '', lastName: '', email: null, phone: `+91${phone}` });

    const named = await app.inject({
      method: 'PATCH',
      url: '/api/v1/accountInfo',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: ' Meera ', lastName: 'Iyer', email: ' Meera.Iyer@Example.com ' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera.iyer@example.com',
      phone: `+91${phone}`,
    });

    // The code of a second sign-in opens the same account, which no longer asks for a name.
    await requestCode(phone);
    const again = await verify(phone, await lastCode(`+91${phone}`));
    expect(again.json<{ needsName: boolean }>().needsName).toBe(false);
    expect((await accountInfo(again.json<{ token: string }>().token)).json()).toMatchObject({
      firstName: 'Meera',
      email: 'meera.iyer@example.com',
    });
    const accounts = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, `+91${phone}`));
    expect(accounts).toHaveLength(1);
  });

  it('signs into an existing account that holds the number, with its e-mail and password kept', async () => {
    const customer = await signUpCustomer(app, { remoteAddress: freshAddress() });
    const phone = freshPhone();
    await app.db
      .update(users)
      .set({ phone: `+91${phone}` })
      .where(eq(users.id, customer.userId));
    await requestCode(phone);
    const signedIn = await verify(phone, await lastCode(`+91${phone}`));
    expect(signedIn.json<{ needsName: boolean }>().needsName).toBe(false);
    expect((await accountInfo(signedIn.json<{ token: string }>().token)).json()).toMatchObject({
      firstName: 'Asha',
      email: customer.email,
      phone: `+91${phone}`,
    });
  });

  it('counts the tries down and kills the code after the fifth wrong one', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = await lastCode(`+91${phone}`);
    const wrong = wrongCodeFor(code);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await verify(phone, wrong));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.map((answer) => answer.json())).toEqual([
      { error: 'That code is not right. 4 tries left.' },
      { error: 'That code is not right. 3 tries left.' },
      { error: 'That code is not right. 2 tries left.' },
      { error: 'That code is not right. 1 try left.' },
      { error: EXPIRED },
    ]);
    // Dead: even the right code is refused now.
    const late = await verify(phone, code);
    expect([late.statusCode, late.json()]).toEqual([401, { error: EXPIRED }]);
  });

  it('refuses a code after 5 minutes, and one never sent, as expired', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = await lastCode(`+91${phone}`);
    advance(5 * 60 * 1000 - 1000);
    await requestCode(freshPhone());
    advance(1000);
    const expired = await verify(phone, code);
    expect([expired.statusCode, expired.json()]).toEqual([401, { error: EXPIRED }]);
    const neverSent = await verify(freshPhone(), '123456');
    expect([neverSent.statusCode, neverSent.json()]).toEqual([401, { error: EXPIRED }]);
  });

  it('works once: the right code a second time is expired', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = await lastCode(`+91${phone}`);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect([again.statusCode, again.json()]).toEqual([401, { error: EXPIRED }]);
  });

  it('gives a number at most 3 codes in 15 minutes, with Retry-After', async () => {
    const phone = freshPhone();
    for (let request = 0; request < 3; request += 1) expect((await requestCode(phone)).statusCode).toBe(202);
    const refused = await requestCode(phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    // Another store's number is another count.
    advance(15 * 60 * 1000);
    expect((await requestCode(phone)).statusCode).toBe(202);
  });

  it('gives a client address at most 10 codes an hour, with Retry-After', async () => {
    const address = freshAddress();
    for (let request = 0; request < 10; request += 1) {
      expect((await requestCode(freshPhone(), { remoteAddress: address })).statusCode).toBe(202);
    }
    const refused = await requestCode(freshPhone(), { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBe(60 * 60);
    expect((await requestCode(freshPhone())).statusCode).toBe(202);
  });

  it('refuses bad numbers and codes with the exact texts', async () => {
    for (const phone of ['12345', '5876543210', '+1 415 555 0100', '98765432101', '', 42, null]) {
      const answer = await requestCode(phone);
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        { error: 'Invalid field: phone', fields: { phone: INVALID_PHONE } },
      ]);
    }
    for (const code of ['12345', '1234567', 'abcdef', '', 123456, null]) {
      const answer = await verify(freshPhone(), code);
      expect([answer.statusCode, answer.json()]).toEqual([
        400,
        { error: 'Invalid field: code', fields: { code: INVALID_CODE } },
      ]);
    }
    expect((await verify(freshPhone(), '12 34 56')).json()).toEqual({ error: EXPIRED });
  });

  it('the name step checks its names and keeps an account e-mail it already has', async () => {
    const customer = await signUpCustomer(app, { remoteAddress: freshAddress() });
    const patch = (payload: unknown, headers: Record<string, string> = customer.headers) =>
      app.inject({ method: 'PATCH', url: '/api/v1/accountInfo', headers, payload: payload as object });
    const short = await patch({ firstName: 'M', lastName: 'Iyer' });
    expect([short.statusCode, short.json()]).toEqual([
      400,
      {
        error: 'Invalid field: firstName',
        fields: { firstName: 'First name must be at least 2 characters' },
      },
    ]);
    const changed = await patch({ firstName: 'Asha', lastName: 'Verma', email: 'someone.else@example.com' });
    expect([changed.statusCode, changed.json()]).toEqual([
      400,
      {
        error: 'Your e-mail address cannot be changed here.',
        fields: { email: 'Your e-mail address cannot be changed here.' },
      },
    ]);
    expect((await patch({ firstName: 'Asha', lastName: 'Rao' })).json()).toMatchObject({ lastName: 'Rao' });
    expect((await patch({ firstName: 'Asha', lastName: 'Rao' }, {})).statusCode).toBe(401);

    // A phone account may not take an e-mail another account holds.
    const phone = freshPhone();
    await requestCode(phone);
    const token = (await verify(phone, await lastCode(`+91${phone}`))).json<{ token: string }>().token;
    const taken = await patch(
      { firstName: 'Ravi', lastName: 'Kumar', email: customer.email },
      { authorization: `Bearer ${token}` },
    );
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      {
        error: 'An account with this email already exists.',
        fields: { email: 'An account with this email already exists.' },
      },
    ]);
  });

  it('a phone account cannot order before it gives an e-mail (its receipt goes there)', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const token = (await verify(phone, await lastCode(`+91${phone}`))).json<{ token: string }>().token;
    const order = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'otp-order-without-email-0001' },
      payload: { products: { 'any-product': 1 }, shippingAddress: jaipur },
    });
    expect([order.statusCode, order.json()]).toEqual([
      400,
      {
        error:
          'Please add your e-mail address to your account before you order: your receipt and invoice go there.',
      },
    ]);
  });
});
