import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { AppConfig } from '../../config';
import { outgoingMail, type OutgoingMessage } from '../../db/schema/mail-tables';
import { storeHosts, stores } from '../../db/schema/store-tables';
import { passwordResetTokens, users } from '../../db/schema/user-tables';
import { testConfig } from '../../test/test-app';
import { signUpCustomer, TEST_CUSTOMER_PASSWORD } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { sweepPasswordResetTokens } from './password-reset';
import { afterResponseWorkDone } from './after-response-queue';
import type { Mailer } from '../mail/mailer';

const REQUESTED =
  'If an account exists for this email, we have sent a link to reset your password. The link is valid for 30 minutes.';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
const DONE = 'Your password has been reset. Please sign in with your new password.';
const COMMON = 'This password is too common. Please choose a less common password.';
const NEW_PASSWORD = 'Chanderi-weave-2031';
const SECOND_HOST = 'second.example';
const LINK = /^(https?:\/\/[^/\s]+(?:\/[^\s?]*)?)\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A mailer that sends nothing anywhere (the tests read the outbox table). */
const quietMailer: Mailer = { sendMail: async () => ({}) };

describe.each(testDatabaseKinds)('password reset API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let addressCounter = 0;
  /** A fresh client address per call, so the per-address limits of one test never touch another. */
  const freshAddress = () => {
    addressCounter += 1;
    return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  let emailCounter = 0;
  const freshEmail = (name = 'asha') => `${name}.${++emailCounter}@example.com`;

  const build = (config: Partial<AppConfig> = {}) =>
    buildApp({ ...testConfig, ...config }, { database, logger: false, mailer: quietMailer });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await build();
    const [second] = await database.db.insert(stores).values({ storeName: 'Second Shop' }).returning();
    await database.db.insert(storeHosts).values({ host: SECOND_HOST, storeId: second!.id });
    await app.catalogChanged();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const inject = (target: FastifyInstance, options: InjectOptions) =>
    target.inject({ remoteAddress: freshAddress(), ...options });

  const forgot = (email: unknown, options: Partial<InjectOptions> = {}, target = app) =>
    inject(target, {
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: { email },
      ...options,
    });

  const reset = (token: unknown, password: unknown, options: Partial<InjectOptions> = {}) =>
    inject(app, {
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { token, password },
      ...options,
    });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    inject(app, { method: 'POST', url: '/api/v1/users/authorize', payload: { email, password }, headers });

  const customer = (email = freshEmail(), headers: Record<string, string> = {}) =>
    signUpCustomer(app, { email, headers, remoteAddress: freshAddress() });

  /** The reset mails written to the outbox for `email`, oldest first, once the request's work is done. */
  const mailsTo = async (email: string, target = app): Promise<OutgoingMessage[]> => {
    await afterResponseWorkDone(target);
    const rows = await database.db
      .select({ message: outgoingMail.message })
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, email))
      .orderBy(outgoingMail.id);
    return rows.map((row) => row.message);
  };

  /** The origin and token of the link in a reset mail. */
  const linkOf = (mail: OutgoingMessage) => {
    const match = LINK.exec(mail.text);
    if (!match) throw new Error(`no reset link in: ${mail.text}`);
    return { origin: match[1]!, token: match[2]! };
  };

  /** Requests a reset for `email` and returns the token of the mail it wrote. */
  const tokenFor = async (email: string, headers: Record<string, string> = {}) => {
    expect((await forgot(email, { headers })).statusCode).toBe(200);
    return linkOf((await mailsTo(email)).at(-1)!).token;
  };

  describe('POST /users/forgot-password', () => {
    it('answers the same for a known and an unknown e-mail, and mails a working link only to the known one', async () => {
      const { email } = await customer();
      const unknown = freshEmail('nobody');
      const known = await forgot(` ${email.toUpperCase()} `);
      const other = await forgot(unknown);
      for (const response of [known, other]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: REQUESTED });
        expect(response.headers['cache-control']).toBe('no-store');
      }
      expect(known.body).toBe(other.body);

      expect(await mailsTo(unknown)).toEqual([]);
      const [mail, ...more] = await mailsTo(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Reset your password – Resham');
      expect(mail!.text).toContain('Dear Asha,');
      expect(mail!.text).toContain('open this link within 30 minutes:');
      const { origin, token } = linkOf(mail!);
      expect(origin).toBe('http://localhost:80');
      expect(mail!.html).toContain(`href="http://localhost:80/reset-password?token=${token}"`);

      const stored = await database.db.select().from(passwordResetTokens);
      const row = stored.find((candidate) => candidate.tokenHash === sha256(token));
      expect(row).toBeDefined();
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(row!.usedAt).toBeNull();
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60 * 1000);

      const done = await reset(token, NEW_PASSWORD);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: DONE });
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(email, TEST_CUSTOMER_PASSWORD)).statusCode).toBe(401);
    });

    it('answers 400 for an invalid e-mail and writes nothing', async () => {
      for (const email of ['not-an-email', '', 42, null]) {
        const response = await forgot(email);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'Invalid field: email',
          fields: { email: 'Invalid email address' },
        });
      }
    });

    it('invalidates the older unused link when a new one is requested', async () => {
      const { email } = await customer();
      const first = await tokenFor(email);
      const second = await tokenFor(email);
      expect(second).not.toBe(first);
      const [{ count }] = (await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(users.email, email))) as [{ count: number }];
      expect(count).toBe(1);
      expect((await reset(first, NEW_PASSWORD)).json()).toEqual({ error: INVALID_LINK });
      expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('limits requests to 3 per e-mail an hour, known or not, with Retry-After', async () => {
      const { email } = await customer();
      const unknown = freshEmail('nobody');
      for (const address of [email, unknown]) {
        for (let i = 0; i < 3; i++) expect((await forgot(address)).statusCode).toBe(200);
        const refused = await forgot(address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: 'Too many password reset requests. Please try again later.',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      }
      expect(await mailsTo(email)).toHaveLength(3);
    });

    it('limits requests to 10 per client address an hour', async () => {
      const remoteAddress = '192.0.2.77';
      for (let i = 0; i < 10; i++) {
        expect((await forgot(freshEmail('many'), { remoteAddress })).statusCode).toBe(200);
      }
      const refused = await forgot(freshEmail('many'), { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('looks the e-mail up only in the store of the request', async () => {
      const { email } = await customer();
      expect((await forgot(email, { headers: { 'x-store-host': SECOND_HOST } })).statusCode).toBe(200);
      expect(await mailsTo(email)).toEqual([]);

      // The same address with an account in each store: the link belongs to the store it was asked in.
      const second = { 'x-store-host': SECOND_HOST, host: SECOND_HOST };
      await customer(email, second);
      const token = await tokenFor(email, second);
      const [mail] = await mailsTo(email);
      expect(linkOf(mail!).origin).toBe(`http://${SECOND_HOST}`);
      expect((await reset(token, NEW_PASSWORD)).json()).toEqual({ error: INVALID_LINK });
      expect((await reset(token, NEW_PASSWORD, { headers: second })).statusCode).toBe(200);
      expect((await signIn(email, NEW_PASSWORD, second)).statusCode).toBe(200);
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(email, TEST_CUSTOMER_PASSWORD)).statusCode).toBe(200);
    });

    it('never points a link at a host the store does not list', async () => {
      const { email } = await customer();
      expect((await forgot(email, { headers: { host: 'evil.example' } })).statusCode).toBe(200);
      expect(await mailsTo(email)).toEqual([]);
      const tokens = await database.db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(users.email, email));
      expect(tokens).toEqual([]);
    });

    it('uses PUBLIC_URL for the link whatever the Host header says', async () => {
      const shop = await build({ PUBLIC_URL: 'https://silk.example/shop' });
      try {
        const { email } = await customer();
        const response = await forgot(email, { headers: { host: 'evil.example' } }, shop);
        expect(response.statusCode).toBe(200);
        const [mail] = await mailsTo(email, shop);
        expect(linkOf(mail!).origin).toBe('https://silk.example/shop');
      } finally {
        await shop.close();
      }
    });
  });

  describe('POST /users/reset-password', () => {
    it('ends every session of the account and uses the link once', async () => {
      const { email, headers } = await customer();
      const other = await signIn(email, TEST_CUSTOMER_PASSWORD);
      const otherHeaders = { authorization: `Bearer ${other.json<{ token: string }>().token}` };
      const accountInfo = (authorization: Record<string, string>) =>
        inject(app, { method: 'GET', url: '/api/v1/accountInfo', headers: authorization });
      expect((await accountInfo(headers)).statusCode).toBe(200);

      const token = await tokenFor(email);
      expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
      for (const old of [headers, otherHeaders]) {
        const refused = await accountInfo(old);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ error: 'Invalid or expired session' });
      }
      const again = await reset(token, 'Another-new-password-1');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: INVALID_LINK });
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);

      const [row] = await database.db
        .select({ usedAt: passwordResetTokens.usedAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      expect(row!.usedAt).toBeInstanceOf(Date);
    });

    it('lets exactly one of two concurrent resets with one link through', async () => {
      const { email } = await customer();
      const token = await tokenFor(email);
      const answers = await Promise.all([reset(token, NEW_PASSWORD), reset(token, 'Another-new-password-1')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const winner = answers[0]!.statusCode === 200 ? NEW_PASSWORD : 'Another-new-password-1';
      const loser = winner === NEW_PASSWORD ? 'Another-new-password-1' : NEW_PASSWORD;
      expect((await signIn(email, winner)).statusCode).toBe(200);
      expect((await signIn(email, loser)).statusCode).toBe(401);
    });

    it('refuses an expired link', async () => {
      const { email } = await customer();
      const token = await tokenFor(email);
      await database.db.execute(sql`
        UPDATE password_reset_tokens
        SET created_at = now() - interval '31 minutes', expires_at = now() - interval '1 minute'
        WHERE token_hash = ${sha256(token)}`);
      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_LINK });
      expect((await signIn(email, TEST_CUSTOMER_PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['a malformed token', 'abc'],
      ['an unknown token', 'A'.repeat(43)],
      ['a token with a character outside base64url', `${'A'.repeat(42)}!`],
      ['a very long token', 'A'.repeat(10_000)],
    ])('refuses %s with the one invalid-link message', async (_name, token) => {
      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_LINK });
    });

    it('applies the password rules and keeps the link usable after a refused password', async () => {
      const { email } = await customer();
      const token = await tokenFor(email);
      const short = await reset(token, '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        error: 'Invalid field: password',
        fields: { password: 'Password must be at least 6 characters' },
      });
      const long = await reset(token, 'x'.repeat(129));
      expect(long.json()).toEqual({
        error: 'Invalid field: password',
        fields: { password: 'Password must be at most 128 characters' },
      });
      const common = await reset(token, 'Password1');
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ error: COMMON, fields: { password: COMMON } });
      expect((await signIn(email, TEST_CUSTOMER_PASSWORD)).statusCode).toBe(200);

      expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
      const [row] = await database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.email, email), eq(users.storeId, 1)));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    });

    it('answers 400 naming a missing token', async () => {
      const response = await inject(app, {
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: { password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid field: token', fields: { token: INVALID_LINK } });
    });

    it('limits resets to 10 per client address an hour', async () => {
      const remoteAddress = '192.0.2.88';
      for (let i = 0; i < 10; i++) {
        expect((await reset('A'.repeat(43), NEW_PASSWORD, { remoteAddress })).statusCode).toBe(400);
      }
      const refused = await reset('A'.repeat(43), NEW_PASSWORD, { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'Too many password reset attempts. Please try again later.' });
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  it('the sweeper deletes used and expired reset tokens and keeps live ones', async () => {
    const live = await customer();
    const used = await customer();
    const expired = await customer();
    const liveToken = await tokenFor(live.email);
    expect((await reset(await tokenFor(used.email), NEW_PASSWORD)).statusCode).toBe(200);
    const expiredToken = await tokenFor(expired.email);
    await database.db.execute(sql`
      UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute'
      WHERE token_hash = ${sha256(expiredToken)}`);

    const removed = await sweepPasswordResetTokens(database.db, new Date(Date.now() + 1000), 1);
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await database.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens);
    expect(left.map((row) => row.tokenHash)).toContain(sha256(liveToken));
    expect(left.map((row) => row.tokenHash)).not.toContain(sha256(expiredToken));
    expect((await reset(liveToken, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds)('what the log keeps of a password reset on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // At debug every request has its line (at info only failed and slow ones: src/server/request-log.ts).
    app = await buildApp(
      { ...testConfig, LOG_LEVEL: 'debug' },
      { database, mailer: quietMailer, logDestination: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs neither the token of a reset link nor the new password', async () => {
    const token = 'Zk3vQm9xR2bT7wY1pL5nC8dF0gH4jK6sU2eA9iO3rMq';
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}&from=mail` });
    await app.inject({
      method: 'POST',
      url: `/api/v1/users/reset-password?token=${token}`,
      payload: { token, password: NEW_PASSWORD },
    });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]&from=mail');
    expect(log).not.toContain(token);
    expect(log).not.toContain(NEW_PASSWORD);
  });
});
