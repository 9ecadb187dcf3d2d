/**
 * The delivery check with add-ons (docs/add-ons.md "At checkout", docs/delivery.md): the estimate adds the
 * longest lead time of the add-ons named, unknown codes add nothing, and malformed codes are 400 with the
 * field's text — through `app.inject()` on a real database with the add-on test shop.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDatePlusDays } from '@shared/delivery/delivery-dates';
import { addOnTestCatalog } from '../../test/add-on-test-catalog';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';

describe.each(testDatabaseKinds)('the delivery estimate with add-ons on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, addOnTestCatalog());
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const check = (query: string) => app.inject({ method: 'GET', url: `/api/v1/delivery/check?${query}` });

  it('adds the longest lead time of the add-ons named (they are worked on side by side)', async () => {
    const plain = (await check('postalCode=411001')).json<{ minDays: number; maxDays: number }>();
    expect(plain).not.toHaveProperty('leadDays');
    const today = new Date();
    const both = await check('postalCode=411001&addOns=blouse-stitching,fall-pico');
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      served: true,
      leadDays: 7,
      minDays: plain.minDays + 7,
      maxDays: plain.maxDays + 7,
      earliestDate: indiaDatePlusDays(today, plain.minDays + 7),
      latestDate: indiaDatePlusDays(today, plain.maxDays + 7),
    });
    expect((await check('postalCode=411001&addOns=fall-pico')).json()).toMatchObject({
      leadDays: 2,
      maxDays: plain.maxDays + 2,
    });
    expect((await check('postalCode=411001&addOns=hemming')).json()).toMatchObject({
      leadDays: 0,
      maxDays: plain.maxDays,
    });
  });

  it('refuses add-on codes that are not codes separated by commas', async () => {
    for (const addOns of ['Blouse%20stitching', 'fall-pico,', ',']) {
      const refused = await check(`postalCode=411001&addOns=${addOns}`);
      expect(refused.statusCode, addOns).toBe(400);
      expect(refused.json().fields, addOns).toEqual({ addOns: 'must be add-on codes separated by commas' });
    }
  });
});
