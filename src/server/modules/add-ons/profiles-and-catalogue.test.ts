/**
 * Add-ons through the real app: the catalogue file's `store.addOns` and product `addOns` (parsing and the exact
 * refusals), the add-ons a product offers, the admin's screen (audited), and measurement profiles on the
 * account (ranges with exact texts, centimetres stored in inches, scoped to the account).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { insertSignedInMember } from '../../test/admin-member';
import { ADD_ON_TEST_ADD_ONS, addOnTestCatalog, BLOUSE_INCHES } from '../../test/add-on-test-catalog';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';

describe.each(testDatabaseKinds)('add-ons and measurement profiles on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, addOnTestCatalog());
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const offered = async (sku: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/products/${ids[sku]}/add-ons` })).json<{
      addOns: { code: string }[];
    }>().addOns;

  it('offers the add-ons of the product’s category, and none where the product switches them off', async () => {
    const saree = await app.inject({ method: 'GET', url: `/api/v1/products/${ids['SAR-8900']}/add-ons` });
    expect(saree.statusCode).toBe(200);
    expect(saree.json()).toEqual({
      addOns: [
        {
          code: 'blouse-stitching',
          title: 'Blouse stitching',
          price: 1200,
          leadDays: 7,
          measurementSet: 'blouse',
        },
        { code: 'fall-pico', title: 'Fall & pico', price: 150, leadDays: 2, measurementSet: 'none' },
      ],
    });
    expect((await offered('FAB-450')).map((addOn) => addOn.code)).toEqual(['salwar-suit-stitching']);
    expect(await offered('KUR-1299')).toEqual([]);
    expect(await offered('KUR-2800')).toEqual([]);
  });

  it('lets the owner read and replace the store’s add-ons, audited, and refuses bad ones by field', async () => {
    const owner = await insertSignedInMember(database.db, 1, 'owner');
    const read = await app.inject({ method: 'GET', url: '/api/v1/admin/add-ons', headers: owner.headers });
    expect(read.json().addOns.map((addOn: { code: string }) => addOn.code)).toEqual([
      'blouse-stitching',
      'fall-pico',
      'salwar-suit-stitching',
    ]);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/add-ons',
      headers: owner.headers,
      payload: { addOns: [{ ...ADD_ON_TEST_ADD_ONS[0], leadDays: 90 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'addOns.0.leadDays': 'must be a whole number from 0 to 60' });
    const petticoat = {
      code: 'petticoat',
      title: 'Petticoat',
      price: 350,
      leadDays: 0,
      measurementSet: 'none',
      categories: ['Sarees'],
      sac: '998822',
      gstRate: 5,
    };
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/add-ons',
      headers: owner.headers,
      payload: { addOns: [...ADD_ON_TEST_ADD_ONS, petticoat] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await offered('SAR-8900')).map((addOn) => addOn.code)).toContain('petticoat');
    const detail = await database.db.execute(
      "SELECT action FROM audit_log WHERE entity = 'store' AND entity_id = 'add-ons'",
    );
    expect((detail as unknown as { rows: { action: string }[] }).rows).toEqual([
      { action: 'update-add-ons' },
    ]);
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/add-ons',
      headers: owner.headers,
      payload: { addOns: ADD_ON_TEST_ADD_ONS },
    });
  });

  it('keeps profiles on the account: exact range texts, centimetres stored in inches, others’ not found', async () => {
    const [shopper, other] = await insertSignedInCustomers(database.db, 2);
    const post = (payload: object, headers = shopper!.headers) =>
      app.inject({ method: 'POST', url: '/api/v1/account/measurements', headers, payload });

    const wrong = await post({
      name: 'Mine',
      set: 'blouse',
      measurements: { unit: 'in', values: { ...BLOUSE_INCHES, bust: 60, armhole: undefined, hem: 3 } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'measurements.values.bust': 'Bust must be between 26 and 56 inches',
      'measurements.values.armhole': 'Armhole is required',
      'measurements.values.hem': 'is not a blouse measurement',
    });
    const centimetres = Object.fromEntries(
      Object.entries(BLOUSE_INCHES).map(([key, inches]) => [key, Math.round(inches * 2.54)]),
    );
    const inCm = await post({
      name: 'Mine',
      set: 'blouse',
      measurements: { unit: 'cm', values: { ...centimetres, bust: 150 } },
    });
    expect(inCm.json().fields).toEqual({ 'measurements.values.bust': 'Bust must be between 67 and 142 cm' });

    const created = await post({
      name: 'Amma',
      set: 'blouse',
      measurements: { unit: 'cm', values: centimetres },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Amma', set: 'blouse' });
    expect(created.json().measurements.bust).toBe(33.9);
    const id = created.json().id as number;

    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/account/measurements',
      headers: shopper!.headers,
    });
    expect(list.json().profiles.map((profile: { name: string }) => profile.name)).toEqual(['Amma']);
    const othersList = await app.inject({
      method: 'GET',
      url: '/api/v1/account/measurements',
      headers: other!.headers,
    });
    expect(othersList.json()).toEqual({ profiles: [] });

    const body = { name: 'Mine', set: 'blouse', measurements: { values: BLOUSE_INCHES } };
    const stolen = await app.inject({
      method: 'PUT',
      url: `/api/v1/account/measurements/${id}`,
      headers: other!.headers,
      payload: body,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Measurement profile not found' });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/v1/account/measurements/${id}`,
      headers: shopper!.headers,
      payload: body,
    });
    expect(renamed.json()).toMatchObject({ name: 'Mine', measurements: BLOUSE_INCHES });
    const deletedByOther = await app.inject({
      method: 'DELETE',
      url: `/api/v1/account/measurements/${id}`,
      headers: other!.headers,
    });
    expect(deletedByOther.statusCode).toBe(404);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/account/measurements/${id}`,
      headers: shopper!.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/account/measurements' });
    expect(anonymous.statusCode).toBe(401);
  });
});
