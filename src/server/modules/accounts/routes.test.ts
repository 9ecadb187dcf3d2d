import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeHosts, stores } from '../../db/schema/store-tables';
import { sessions, users } from '../../db/schema/user-tables';
import { NUL_MESSAGE } from '../../refuse-nul';
import { buildTestApp } from '../../test/test-app';
import {
  describeOnPgliteOnly,
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';

const SECOND_HOST = 'second.example';
const TOO_MANY = 'Too many sign-in attempts. Please try again later.';
const TOO_MANY_SIGN_UPS = 'Too many sign-ups. Please try again later.';
const COMMON = 'This password is too common. Please choose a less common password.';
const TAKEN = 'An account with this email already exists.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDatabaseKinds)('accounts API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** Every response body of this suite, checked at the end for leaked hashes. */
  const bodies: string[] = [];
  let addressCounter = 0;
  /** A fresh client address per call, so the per-address limits of one test never touch another. */
  const freshAddress = () => `198.51.100.${++addressCounter}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
    const [second] = await database.db.insert(stores).values({ storeName: 'Second Shop' }).returning();
    await database.db.insert(storeHosts).values({ host: SECOND_HOST, storeId: second!.id });
    await app.catalogChanged();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await app.inject(options);
    bodies.push(response.body);
    return response;
  };

  const register = (payload: unknown, headers: Record<string, string> = {}, address = freshAddress()) =>
    call({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: payload as object,
      headers,
      remoteAddress: address,
    });

  const authorize = (
    payload: { email: string; password: string },
    options: { address?: string; headers?: Record<string, string> } = {},
  ) =>
    call({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload,
      headers: options.headers ?? {},
      remoteAddress: options.address ?? freshAddress(),
    });

  const accountInfo = (headers: Record<string, string> = {}) =>
    call({ method: 'GET', url: '/api/v1/accountInfo', headers });

  const logout = (headers: Record<string, string> = {}) =>
    call({ method: 'POST', url: '/api/v1/users/logout', headers });

  const newUser = (email: string, overrides: Record<string, unknown> = {}) => ({
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    password: 'Banarasi-silk-1987',
    ...overrides,
  });

  /** Registers `email` and signs in; returns the token. */
  const signedIn = async (email: string, headers: Record<string, string> = {}) => {
    expect((await register(newUser(email), headers)).statusCode).toBe(201);
    const response = await authorize({ email, password: 'Banarasi-silk-1987' }, { headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  };

  describe('POST /users/register', () => {
    it('creates an account with trimmed names and a trimmed, lower-cased e-mail', async () => {
      const response = await register({
        firstName: '  Asha ',
        lastName: ' Verma  ',
        email: '  Asha.Verma@Example.COM ',
        password: 'Banarasi-silk-1987',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<Record<string, string>>();
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'lastName',
        'phone',
        'whatsappOptIn',
      ]);
      expect(body).toMatchObject({ firstName: 'Asha', lastName: 'Verma', email: 'asha.verma@example.com' });
      expect(body.createdAt).toMatch(ISO_TIMESTAMP);

      const [row] = await database.db.select().from(users).where(eq(users.email, 'asha.verma@example.com'));
      expect(row?.firstName).toBe('Asha');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(row?.passwordHash).not.toContain('Banarasi-silk-1987');
    });

    it('ignores unknown fields, including a role', async () => {
      const response = await register(
        newUser('role@example.com', { role: 'admin', isAdmin: true, id: 1, passwordHash: 'x', storeId: 99 }),
      );
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'lastName',
        'phone',
        'whatsappOptIn',
      ]);
      const [row] = await database.db.select().from(users).where(eq(users.email, 'role@example.com'));
      expect(Object.keys(row!).sort()).toEqual(
        [
          'createdAt',
          'email',
          'firstName',
          'id',
          'lastName',
          'passwordHash',
          'phone',
          'storeId',
          'whatsappOptInAt',
        ].sort(),
      );
      expect(row?.passwordHash).not.toBe('x');
      expect(row?.storeId).not.toBe(99);
      expect(row?.id).not.toBe(1);
    });

    it('answers 409 for an e-mail already registered in this store, in any letter case', async () => {
      expect((await register(newUser('taken@example.com'))).statusCode).toBe(201);
      const again = await register(newUser(' TAKEN@example.com', { firstName: 'Other' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: TAKEN, fields: { email: TAKEN } });
      const rows = await database.db.select().from(users).where(eq(users.email, 'taken@example.com'));
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
      ['firstName', { firstName: '   A   ' }, 'First name must be at least 2 characters'],
      ['firstName', { firstName: 'A'.repeat(51) }, 'First name must be at most 50 characters'],
      ['lastName', { lastName: 'B' }, 'Last name must be at least 2 characters'],
      ['lastName', { lastName: 'B'.repeat(51) }, 'Last name must be at most 50 characters'],
      ['email', { email: 'not-an-email' }, 'Invalid email address'],
      ['email', { email: 'two words@example.com' }, 'Invalid email address'],
      ['password', { password: '12345' }, 'Password must be at least 6 characters'],
      ['password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ])('answers 400 naming %s for %j', async (field, override, message) => {
      const response = await register(
        newUser(`field-${randomBytes(4).toString('hex')}@example.com`, override),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: `Invalid field: ${field}`, fields: { [field]: message } });
    });

    it('accepts names of exactly 2 and 50 characters and a 6-character password', async () => {
      const response = await register(
        newUser('edges@example.com', { firstName: 'Al', lastName: 'V'.repeat(50), password: 'k7#pQz' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ firstName: 'Al', lastName: 'V'.repeat(50) });
    });

    it('answers 400 naming every missing field', async () => {
      const response = await register({});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid fields: firstName, lastName, email, password',
        fields: {
          firstName: 'First name must be at least 2 characters',
          lastName: 'Last name must be at least 2 characters',
          email: 'Invalid email address',
          password: 'Password must be at least 6 characters',
        },
      });
    });

    it.each(['firstName', 'lastName'])(
      'answers 400 naming %s when it holds NUL, and stores nothing',
      async (name) => {
        const email = `nul-${name.toLowerCase()}@example.com`;
        for (const value of ['As\u0000ha', 'Asha\u0000', '\u0000']) {
          const response = await register(newUser(email, { [name]: value }));
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({
            error: `Invalid field: ${name}`,
            fields: { [name]: NUL_MESSAGE },
          });
        }
        expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      },
    );

    it('names every body field that holds NUL, e-mail and password too', async () => {
      const response = await register({
        firstName: 'A\u0000',
        lastName: 'Verma',
        email: 'x\u0000@example.com',
        password: 'pass\u0000word',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid fields: firstName, email, password',
        fields: { firstName: NUL_MESSAGE, email: NUL_MESSAGE, password: NUL_MESSAGE },
      });
    });

    it.each(['password', 'Password1', 'QWERTY123', 'iloveyou', 'sunshine'])(
      'refuses the common password %s',
      async (password) => {
        const email = `common-${randomBytes(4).toString('hex')}@example.com`;
        const response = await register(newUser(email, { password }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: COMMON, fields: { password: COMMON } });
        expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      },
    );
  });

  describeOnPgliteOnly(kind)('POST /users/register rate limit', () => {
    it('answers 429 with Retry-After on the 11th sign-up from one client address within an hour', async () => {
      const address = '192.0.2.10';
      for (let i = 0; i < 10; i++) {
        const response = await register(newUser(`crowd-${i}@example.com`), {}, address);
        expect(response.statusCode).toBe(201);
      }
      const refused = await register(newUser('crowd-10@example.com'), {}, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: TOO_MANY_SIGN_UPS });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await database.db.select().from(users).where(eq(users.email, 'crowd-10@example.com'))).toEqual(
        [],
      );
      // The same address through another store, or an IPv6 neighbour: the limit is per address, server-wide.
      expect(
        (await register(newUser('crowd-11@example.com'), { 'x-store-host': SECOND_HOST }, address))
          .statusCode,
      ).toBe(429);
      expect((await register(newUser('crowd-12@example.com'), {}, '192.0.2.11')).statusCode).toBe(201);
    });

    it('counts IPv6 clients by their /64', async () => {
      for (let i = 0; i < 10; i++) {
        const response = await register(newUser(`six-${i}@example.com`), {}, `2001:db8:5:6::${i + 1}`);
        expect(response.statusCode).toBe(201);
      }
      expect((await register(newUser('six-10@example.com'), {}, '2001:db8:5:6:ffff::1')).statusCode).toBe(
        429,
      );
      expect((await register(newUser('six-11@example.com'), {}, '2001:db8:5:7::1')).statusCode).toBe(201);
    });

    it('answers 429 on the 4th sign-up of one e-mail within an hour, from any address or store', async () => {
      const email = 'popular@example.com';
      expect((await register(newUser(email))).statusCode).toBe(201);
      expect((await register(newUser(email))).statusCode).toBe(409);
      expect((await register(newUser(email), { 'x-store-host': SECOND_HOST })).statusCode).toBe(201);
      const refused = await register(newUser(` ${email.toUpperCase()}`));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: TOO_MANY_SIGN_UPS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    });

    it('does not count a sign-up refused for a common password', async () => {
      const address = '192.0.2.20';
      for (let i = 0; i < 12; i++) {
        expect(
          (await register(newUser('careful@example.com', { password: 'password' }), {}, address)).statusCode,
        ).toBe(400);
      }
      expect((await register(newUser('careful@example.com'), {}, address)).statusCode).toBe(201);
    });
  });

  describe('POST /users/authorize', () => {
    it('returns a 43-character base64url token and stores only its SHA-256 with a 30-day expiry', async () => {
      expect((await register(newUser('token@example.com'))).statusCode).toBe(201);
      const before = Date.now();
      const response = await authorize({ email: '  TOKEN@Example.com ', password: 'Banarasi-silk-1987' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ token: string }>();
      expect(Object.keys(body)).toEqual(['token']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(body.token, 'base64url')).toHaveLength(32);

      const [user] = await database.db.select().from(users).where(eq(users.email, 'token@example.com'));
      const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
      expect(rows).toHaveLength(1);
      const session = rows[0]!;
      expect(session.tokenHash).not.toBe(body.token);
      expect(session.tokenHash).toBe(sha256(body.token));
      expect(session.storeId).toBe(user!.storeId);
      expect(session.revokedAt).toBeNull();
      const lifetime = session.expiresAt.getTime() - session.createdAt.getTime();
      expect(lifetime).toBe(30 * 24 * 60 * 60 * 1000);
      expect(session.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      // No column anywhere holds the token itself.
      const dump = await database.db.execute(sql`select * from sessions`);
      expect(JSON.stringify(dump)).not.toContain(body.token);
    });

    it('gives a wrong password and an unknown e-mail byte-identical 401 answers', async () => {
      expect((await register(newUser('known@example.com'))).statusCode).toBe(201);
      const wrongPassword = await authorize({ email: 'known@example.com', password: 'not-the-password' });
      const unknownEmail = await authorize({ email: 'nobody@example.com', password: 'not-the-password' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.body).toBe('{"error":"Invalid email or password"}');
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(unknownEmail.headers['content-type']).toBe(wrongPassword.headers['content-type']);
      expect(unknownEmail.headers['content-length']).toBe(wrongPassword.headers['content-length']);
    });

    it('answers 400 for a body that is not an e-mail and password', async () => {
      const response = await authorize({ email: 'nope', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid fields: email, password',
        fields: { email: 'Invalid email address', password: 'Password is required' },
      });
    });

    it('answers 429 with Retry-After on the 11th failure for one e-mail, even with the right password', async () => {
      expect((await register(newUser('limited@example.com'))).statusCode).toBe(201);
      const address = freshAddress();
      for (let attempt = 1; attempt <= 10; attempt++) {
        const response = await authorize(
          { email: 'limited@example.com', password: `wrong-${attempt}` },
          { address },
        );
        expect(response.statusCode).toBe(401);
      }
      const eleventh = await authorize({ email: 'limited@example.com', password: 'wrong-11' }, { address });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ error: TOO_MANY });
      expect(eleventh.headers['cache-control']).toBe('no-store');
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // The right password from another address is refused too: the e-mail is locked for the window.
      const right = await authorize({ email: 'LIMITED@example.com', password: 'Banarasi-silk-1987' });
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toMatch(/^\d+$/);
      // Other accounts are not affected.
      expect((await signedIn('unaffected@example.com')).length).toBe(43);
    });

    it('answers 429 after 30 failures from one client address, whatever the e-mail', async () => {
      const address = freshAddress();
      for (let attempt = 1; attempt <= 30; attempt++) {
        const response = await authorize(
          { email: `guess-${attempt}@example.com`, password: 'wrong-pass' },
          { address },
        );
        expect(response.statusCode).toBe(401);
      }
      const next = await authorize({ email: 'guess-31@example.com', password: 'wrong-pass' }, { address });
      expect(next.statusCode).toBe(429);
      expect(next.json()).toEqual({ error: TOO_MANY });
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is still served.
      const elsewhere = await authorize({ email: 'guess-31@example.com', password: 'wrong-pass' });
      expect(elsewhere.statusCode).toBe(401);
    });

    itOnPgliteOnly(kind)('does not count successful sign-ins', async () => {
      expect((await register(newUser('often@example.com'))).statusCode).toBe(201);
      const address = freshAddress();
      for (let attempt = 1; attempt <= 12; attempt++) {
        const response = await authorize(
          { email: 'often@example.com', password: 'Banarasi-silk-1987' },
          { address },
        );
        expect(response.statusCode).toBe(200);
      }
      for (let attempt = 1; attempt <= 10; attempt++) {
        const response = await authorize({ email: 'often@example.com', password: 'wrong-pass' }, { address });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await authorize({ email: 'often@example.com', password: 'wrong-pass' }, { address });
      expect(blocked.statusCode).toBe(429);
    });
  });

  describe('GET /accountInfo', () => {
    it('answers exactly { firstName, lastName, email, phone, createdAt, whatsappOptIn } for a valid bearer token', async () => {
      const token = await signedIn('info@example.com');
      const response = await accountInfo({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<Record<string, string>>();
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'lastName',
        'phone',
        'whatsappOptIn',
      ]);
      expect(body).toMatchObject({
        firstName: 'Asha',
        lastName: 'Verma',
        email: 'info@example.com',
        phone: null,
        whatsappOptIn: false,
      });
      expect(body.createdAt).toMatch(ISO_TIMESTAMP);
      // The scheme is case-insensitive.
      expect((await accountInfo({ authorization: `bearer ${token}` })).statusCode).toBe(200);
    });

    it('answers 401 without a token, or with a token in the cookie only', async () => {
      const token = await signedIn('cookie@example.com');
      const none = await accountInfo();
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ error: 'Authentication required' });
      const cookieOnly = await accountInfo({ cookie: `auth_token=${token}` });
      expect(cookieOnly.statusCode).toBe(401);
      expect(cookieOnly.json()).toEqual({ error: 'Authentication required' });
      const basic = await accountInfo({ authorization: `Basic ${token}` });
      expect(basic.statusCode).toBe(401);
    });

    it.each([
      ['a garbage token', 'garbage'],
      ['a well-formed unknown token', randomBytes(32).toString('base64url')],
      ['an empty bearer', ''],
    ])('answers 401 with %s', async (_label, token) => {
      const response = await accountInfo({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: token === '' ? 'Authentication required' : 'Invalid or expired session',
      });
    });

    it('answers 401 once the session has expired', async () => {
      const token = await signedIn('expired@example.com');
      expect((await accountInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
      await database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.tokenHash, sha256(token)));
      const response = await accountInfo({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid or expired session' });
    });

    it("answers 401 for another store's token", async () => {
      const token = await signedIn('elsewhere@example.com', { 'x-store-host': SECOND_HOST });
      const own = await accountInfo({ authorization: `Bearer ${token}`, 'x-store-host': SECOND_HOST });
      expect(own.statusCode).toBe(200);
      const other = await accountInfo({ authorization: `Bearer ${token}` });
      expect(other.statusCode).toBe(401);
      expect(other.json()).toEqual({ error: 'Invalid or expired session' });
    });
  });

  describe('stores', () => {
    it('lets the same e-mail register and sign in independently in two stores', async () => {
      const email = 'twice@example.com';
      expect((await register(newUser(email, { firstName: 'First' }))).statusCode).toBe(201);
      const second = await register(newUser(email, { firstName: 'Second', password: 'Chanderi-suit-2024' }), {
        'x-store-host': SECOND_HOST,
      });
      expect(second.statusCode).toBe(201);

      // Each store knows only its own password.
      const crossed = await authorize(
        { email, password: 'Banarasi-silk-1987' },
        { headers: { 'x-store-host': SECOND_HOST } },
      );
      expect(crossed.statusCode).toBe(401);
      const ok = await authorize(
        { email, password: 'Chanderi-suit-2024' },
        { headers: { 'x-store-host': SECOND_HOST } },
      );
      expect(ok.statusCode).toBe(200);
      const token = ok.json<{ token: string }>().token;
      const info = await accountInfo({ authorization: `Bearer ${token}`, 'x-store-host': SECOND_HOST });
      expect(info.json()).toMatchObject({ firstName: 'Second', email });
    });

    it('keeps the sign-in limit of one store from locking the same e-mail in another', async () => {
      const email = 'locked-in-one@example.com';
      expect((await register(newUser(email))).statusCode).toBe(201);
      expect((await register(newUser(email), { 'x-store-host': SECOND_HOST })).statusCode).toBe(201);
      const address = freshAddress();
      for (let attempt = 1; attempt <= 10; attempt++) {
        expect((await authorize({ email, password: 'wrong-pass' }, { address })).statusCode).toBe(401);
      }
      expect((await authorize({ email, password: 'wrong-pass' }, { address })).statusCode).toBe(429);
      const other = await authorize(
        { email, password: 'Banarasi-silk-1987' },
        { address, headers: { 'x-store-host': SECOND_HOST } },
      );
      expect(other.statusCode).toBe(200);
    });
  });

  describe('POST /users/logout', () => {
    it('revokes the token: it no longer opens the account, and logging out again is harmless', async () => {
      const token = await signedIn('logout@example.com');
      const other = await authorize({ email: 'logout@example.com', password: 'Banarasi-silk-1987' });
      const otherToken = other.json<{ token: string }>().token;

      const response = await logout({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const [row] = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)));
      expect(row?.revokedAt).toBeInstanceOf(Date);

      expect((await accountInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
      expect((await logout({ authorization: `Bearer ${token}` })).statusCode).toBe(204);
      // Only that session ends; the user's other session stays valid.
      expect((await accountInfo({ authorization: `Bearer ${otherToken}` })).statusCode).toBe(200);
    });

    it('answers 401 without a bearer token', async () => {
      const response = await logout();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    });

    it("does not revoke a token through another store's host", async () => {
      const token = await signedIn('keep@example.com');
      expect(
        (await logout({ authorization: `Bearer ${token}`, 'x-store-host': SECOND_HOST })).statusCode,
      ).toBe(204);
      expect((await accountInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    });
  });

  it('never answers with a password hash, a token hash or anything argon2', async () => {
    expect(bodies.length).toBeGreaterThan(50);
    const userRows = await database.db.select({ hash: users.passwordHash }).from(users);
    const sessionRows = await database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(userRows.length).toBeGreaterThan(10);
    expect(sessionRows.length).toBeGreaterThan(10);
    const secrets = [...userRows, ...sessionRows].map((row) => row.hash);
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain('argon2');
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
