/**
 * The admin's people, end to end through the CLI and `app.inject()`: `npm run admin -- create-owner` prints a
 * one-time set-up link (1 hour) that sets the password; the owner signs in (rate-limited like the
 * storefront), invites staff by e-mail link and revokes them; a customer cannot sign in to the admin; every
 * change is audited.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SIGN_IN_FAILED, memberLinkMessages } from '@shared/admin/admin-schemas';
import { runAdminCli } from '../../cli/admin';
import { auditLog, memberLinks } from '../../db/schema/admin-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { insertSignedInMember } from '../../test/admin-member';
import { insertTestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { MEMBER_LINK_LIFETIME_MS } from './member-links';
import { MEMBER_NOT_FOUND } from './memberships';

const PASSWORD = 'Chanderi-loom-4471';
const HOST = { 'x-store-host': 'silk.test' };

describe.each(testDatabaseKinds)('admin members on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let otherStoreId: number;

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
    await insertTestShop(database.db, { host: 'silk.test' });
    otherStoreId = (await insertTestShop(database.db, { host: 'other.test', isDefault: false })).storeId;
    await app.catalogChanged();
  });

  async function cli(...args: string[]) {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
    try {
      return { code: await runAdminCli(args, { database }), output: out.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }
  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = '10.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin${url}`,
      payload,
      headers: { ...HOST, ...headers },
      remoteAddress,
    });
  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: { ...HOST, ...headers } });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('create-owner prints a one-time set-up link that sets the password; the owner then signs in', async () => {
    const made = await cli('create-owner', ' Owner@Shop.in ', '--host', 'silk.test');
    expect(made.code).toBe(0);
    const [first, link, last] = made.output.split('\n');
    expect(first).toBe(
      'owner@shop.in is an owner of this shop. To choose the password, open within 60 minutes:',
    );
    expect(link).toMatch(/^http:\/\/localhost:\d+\/admin\/set-up\?token=[A-Za-z0-9_-]{43}$/);
    expect(last).toBe('The link works once. Run this command again for a new one.');
    const [stored] = await database.db.select().from(memberLinks);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(MEMBER_LINK_LIFETIME_MS);
    expect(stored!.tokenHash).not.toContain(tokenOf(link!));

    const before = await post('/sign-in', { email: 'owner@shop.in', password: PASSWORD });
    expect([before.statusCode, before.json()]).toEqual([401, { error: ADMIN_SIGN_IN_FAILED }]);
    const setUp = await post('/set-up', { token: tokenOf(link!), password: PASSWORD });
    expect(setUp.json()).toEqual({ email: 'owner@shop.in', message: memberLinkMessages.done });
    const again = await post('/set-up', { token: tokenOf(link!), password: PASSWORD });
    expect([again.statusCode, again.json()]).toEqual([400, { error: memberLinkMessages.invalidLink }]);

    const signedIn = await post('/sign-in', { email: 'owner@shop.in', password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().role).toBe('owner');
    const me = await get('/me', { authorization: `Bearer ${signedIn.json().token}` });
    expect(me.json()).toEqual({
      email: 'owner@shop.in',
      firstName: 'Shop',
      role: 'owner',
      storeName: 'Silk House',
    });
    // The link was for the store it was made in.
    const elsewhere = await post(
      '/sign-in',
      { email: 'owner@shop.in', password: PASSWORD },
      { 'x-store-host': 'other.test' },
    );
    expect(elsewhere.statusCode).toBe(401);
    expect((await cli('members', '--host', 'silk.test')).output).toBe('owner  active   owner@shop.in');
  });

  it('refuses a bad e-mail on the command line and a set-up link of another store', async () => {
    expect(await cli('create-owner', 'not-an-email')).toEqual({
      code: 1,
      output: '"not-an-email" is not an e-mail address',
    });
    const made = await cli('create-owner', 'owner@shop.in', '--host', 'silk.test');
    const token = tokenOf(made.output.split('\n')[1]!);
    const foreign = await post('/set-up', { token, password: PASSWORD }, { 'x-store-host': 'other.test' });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { error: memberLinkMessages.invalidLink }]);
    const short = await post('/set-up', { token, password: 'abc' });
    expect(short.json().fields).toEqual({ password: 'Password must be at least 6 characters' });
  });

  it('does not let a customer sign in to the admin', async () => {
    const customer = await signUpCustomer(app, {
      headers: HOST,
      remoteAddress: '10.0.0.9',
      email: 'buyer@example.com',
    });
    expect(customer.headers.authorization).toBeTruthy();
    const response = await post('/sign-in', { email: 'buyer@example.com', password: 'Banarasi-silk-1987' });
    expect([response.statusCode, response.json()]).toEqual([401, { error: ADMIN_SIGN_IN_FAILED }]);
  });

  it('rate-limits admin sign-in like the storefront (10 failures per e-mail)', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await post(
        '/sign-in',
        { email: 'limited@shop.in', password: `wrong-${attempt}` },
        {},
        `10.0.1.${attempt}`,
      );
      expect(failed.statusCode).toBe(401);
    }
    const limited = await post(
      '/sign-in',
      { email: 'limited@shop.in', password: 'wrong-again' },
      {},
      '10.0.2.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many sign-in attempts. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the owner invites staff by e-mail link and revokes them; both audited', async () => {
    const owner = await insertSignedInMember(database.db, 1, 'owner');
    const invited = await post('/members', { email: ' Ravi@Shop.in ' }, owner.headers);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'ravi@shop.in', role: 'staff', status: 'invited' });
    const [mail] = await database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.recipient, 'ravi@shop.in'));
    expect(mail!.subject).toBe('You are invited to Silk House');
    const link = /http:\/\/\S+\/admin\/set-up\?token=\S+/.exec(mail!.message.text)![0];
    expect((await post('/set-up', { token: tokenOf(link), password: PASSWORD })).statusCode).toBe(200);
    const staffSignIn = await post('/sign-in', { email: 'ravi@shop.in', password: PASSWORD });
    expect(staffSignIn.json().role).toBe('staff');
    const staffHeaders = { authorization: `Bearer ${staffSignIn.json().token}` };
    expect((await get('/orders', staffHeaders)).statusCode).toBe(200);

    const twice = await post('/members', { email: 'ravi@shop.in' }, owner.headers);
    expect([twice.statusCode, twice.json().fields]).toEqual([409, { email: 'is already a member' }]);
    const badEmail = await post('/members', { email: 'ravi' }, owner.headers);
    expect([badEmail.statusCode, badEmail.json().fields]).toEqual([400, { email: 'Invalid email address' }]);

    const revoked = await post(`/members/${invited.json().id}/revoke`, {}, owner.headers);
    expect(revoked.json()).toMatchObject({ email: 'ravi@shop.in', status: 'revoked' });
    // Their session ended with the membership.
    expect((await get('/orders', staffHeaders)).statusCode).toBe(401);
    const revokeOwner = await post(`/members/${owner.memberId}/revoke`, {}, owner.headers);
    expect([revokeOwner.statusCode, revokeOwner.json()]).toEqual([
      409,
      { error: 'An owner cannot be revoked' },
    ]);

    const audit = await database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.actor, entry.entity, entry.action, entry.after])).toEqual([
      [owner.email, 'member', 'invite', { email: 'ravi@shop.in', role: 'staff' }],
      [owner.email, 'member', 'revoke', { email: 'ravi@shop.in', role: 'staff', revoked: true }],
    ]);
    const list = await get('/members', owner.headers);
    expect(
      list.json().members.map((member: { email: string; status: string }) => [member.email, member.status]),
    ).toEqual([
      [owner.email, 'active'],
      ['ravi@shop.in', 'revoked'],
    ]);
  });

  it("answers 404 for another store's member id and 400 for a malformed one", async () => {
    const owner = await insertSignedInMember(database.db, 1, 'owner');
    const foreign = await insertSignedInMember(database.db, otherStoreId, 'staff');
    const response = await post(`/members/${foreign.memberId}/revoke`, {}, owner.headers);
    expect([response.statusCode, response.json()]).toEqual([404, { error: MEMBER_NOT_FOUND }]);
    const malformed = await post('/members/abc/revoke', {}, owner.headers);
    expect([malformed.statusCode, malformed.json().fields]).toEqual([
      400,
      { memberId: 'must be a member id' },
    ]);
  });
});
