/**
 * The owner's return settings through `app.inject()` (docs/returns.md "Settings"): `GET /admin/settings`
 * answers them (the defaults while none are set), `PUT /admin/settings/returns` saves them whole, shows them in
 * `GET /storeInfo` at once and audits the change; bad values are a 400 naming each field; staff get 403.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { OWNER_ONLY_MESSAGE } from '../auth/role-hook';
import { catalogImportFileSchema } from '../catalog-file/import-schema';
import { importCatalog } from '../catalog-file/import-service';

const SETTINGS = {
  windowDays: 10,
  exchanges: false,
  pickupFee: 99,
  returnAddress: 'Returns desk, 4 Godowlia, Varanasi 221001',
};
const DEFAULTS = { windowDays: 7, exchanges: true, pickupFee: 0, returnAddress: null };

describe.each(testDatabaseKinds)('admin return settings on %s', (kind) => {
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
    const { storeId } = await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    owner = await insertSignedInMember(database.db, storeId, 'owner');
    staff = await insertSignedInMember(database.db, storeId, 'staff');
  });

  const put = (payload: unknown, headers: Record<string, string> = owner.headers) =>
    app.inject({ method: 'PUT', url: '/api/v1/admin/settings/returns', headers, payload: payload as object });
  const settings = async () =>
    (await app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: owner.headers })).json();
  const storeInfo = async () => (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();
  const audits = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('answers the defaults while the store set none, in the settings and in store info', async () => {
    expect((await settings()).returns).toEqual(DEFAULTS);
    expect((await storeInfo()).returns).toEqual(DEFAULTS);
  });

  it('saves the settings, stores the fee in paise, shows them in store info at once and audits them', async () => {
    await storeInfo(); // cached now
    const response = await put(SETTINGS);
    expect(response.statusCode).toBe(200);
    expect(response.json().returns).toEqual(SETTINGS);
    expect((await settings()).returns).toEqual(SETTINGS);
    expect((await storeInfo()).returns).toEqual(SETTINGS);
    const [row] = await database.db.select({ stored: stores.returnSettings }).from(stores);
    expect(row!.stored).toEqual({
      windowDays: 10,
      exchanges: false,
      pickupFeePaise: 9_900,
      returnAddress: 'Returns desk, 4 Godowlia, Varanasi 221001',
    });
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: owner.email,
      entity: 'store',
      entityId: 'returns',
      action: 'update-returns',
      before: { returns: null },
      after: { returns: SETTINGS },
    });
    // The same body again changes nothing and writes no audit row.
    expect((await put(SETTINGS)).statusCode).toBe(200);
    expect(await audits()).toHaveLength(1);
  });

  it('stores a blank return address as none (the company address) and accepts a window of 0', async () => {
    const response = await put({ windowDays: 0, exchanges: true, pickupFee: 49.5, returnAddress: '   ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().returns).toEqual({
      windowDays: 0,
      exchanges: true,
      pickupFee: 49.5,
      returnAddress: null,
    });
    expect((await storeInfo()).returns).toMatchObject({ windowDays: 0, returnAddress: null });
  });

  it.each([
    [{ ...SETTINGS, windowDays: 91 }, { windowDays: 'must be at most 90' }],
    [{ ...SETTINGS, windowDays: -1 }, { windowDays: 'must be 0 or more' }],
    [{ ...SETTINGS, windowDays: 2.5 }, { windowDays: 'must be a whole number of days' }],
    [{ ...SETTINGS, windowDays: '7' }, { windowDays: 'must be a whole number of days' }],
    [{ ...SETTINGS, pickupFee: 10_001 }, { pickupFee: 'must be at most 10000' }],
    [{ ...SETTINGS, pickupFee: -5 }, { pickupFee: 'must be 0 or more' }],
    [{ ...SETTINGS, pickupFee: 9.999 }, { pickupFee: 'must have at most 2 decimals' }],
    [{ ...SETTINGS, exchanges: 'yes' }, { exchanges: 'must be true or false' }],
    [{ ...SETTINGS, returnAddress: 'x'.repeat(501) }, { returnAddress: 'must be at most 500 characters' }],
    [
      { windowDays: 100, exchanges: true, pickupFee: 20_000, returnAddress: null },
      { windowDays: 'must be at most 90', pickupFee: 'must be at most 10000' },
    ],
  ])('answers 400 with the field errors for a bad body (%#)', async (body, fields) => {
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect((await settings()).returns).toEqual(DEFAULTS);
    expect(await audits()).toEqual([]);
  });

  it('answers 403 to staff and changes nothing', async () => {
    const response = await put(SETTINGS, staff.headers);
    expect([response.statusCode, response.json()]).toEqual([403, { error: OWNER_ONLY_MESSAGE }]);
    expect((await settings()).returns).toEqual(DEFAULTS);
    expect(await audits()).toEqual([]);
  });
});
