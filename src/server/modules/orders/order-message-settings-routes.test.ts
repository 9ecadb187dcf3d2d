/**
 * The owner's order-message settings through `app.inject()` on a real database: defaults, a save stored with
 * the owner's number as E.164 and audited, bad bodies with their exact texts (nothing changed), staff 403.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const DEFAULTS = { transactionalSms: true, ownerWhatsapp: '', codConfirmHours: 24, codUnanswered: 'flag' };

describe.each(testDatabaseKinds)('admin order-message settings on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;

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
    const shop = await insertTestShop(database.db);
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
  });

  const call = (method: 'GET' | 'PUT', payload?: object, member: SessionMember = owner) =>
    app.inject({
      method,
      url: '/api/v1/admin/settings/order-messages',
      headers: member.headers,
      ...(payload ? { payload } : {}),
    });

  it('answers the defaults, then saves and audits the settings with the number as E.164', async () => {
    const first = await call('GET');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULTS);
    const body = {
      transactionalSms: false,
      ownerWhatsapp: '098765 43210',
      codConfirmHours: 48,
      codUnanswered: 'cancel',
    };
    const saved = await call('PUT', body);
    expect(saved.statusCode).toBe(200);
    const stored = { ...body, ownerWhatsapp: '+919876543210' };
    expect(saved.json()).toEqual(stored);
    expect((await call('GET')).json()).toEqual(stored);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.entityId, 'order-messages'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entity: 'settings',
      action: 'update',
      before: DEFAULTS,
      after: stored,
    });
  });

  it('refuses bad bodies with their texts and staff with 403, changing nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [
        { ...DEFAULTS, ownerWhatsapp: '12345' },
        { ownerWhatsapp: 'must be an Indian mobile number, or empty' },
      ],
      [{ ...DEFAULTS, codConfirmHours: 0 }, { codConfirmHours: 'Too small: expected number to be >=1' }],
      [{ ...DEFAULTS, codConfirmHours: 169 }, { codConfirmHours: 'Too big: expected number to be <=168' }],
    ];
    for (const [body, fields] of cases) {
      const response = await call('PUT', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    const action = await call('PUT', { ...DEFAULTS, codUnanswered: 'call' });
    expect(action.statusCode).toBe(400);
    expect(Object.keys(action.json().fields)).toEqual(['codUnanswered']);
    expect((await call('PUT', { ...DEFAULTS, extra: 1 })).statusCode).toBe(400);
    expect((await call('GET', undefined, staff)).statusCode).toBe(403);
    expect((await call('PUT', DEFAULTS, staff)).statusCode).toBe(403);
    expect((await call('GET')).json()).toEqual(DEFAULTS);
  });
});
