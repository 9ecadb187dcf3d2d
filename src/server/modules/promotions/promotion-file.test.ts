/**
 * `store.promotions` in the catalogue file (docs/catalog-format.md "Promotions"): created by name, rewritten
 * when changed, unchanged on a second import; unknown categories refused with the field's path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { seedCatalog } from '../../test/seed-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { activePromotions } from './active-promotions';

describe.each(testDatabaseKinds)('promotions in the catalogue file on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const fileWith = (promotions: unknown[]) => {
    const file = fixtureCatalog();
    return { ...file, store: { ...file.store, promotions } };
  };
  const utsav = {
    name: 'Saree Utsav',
    kind: 'percent',
    value: 20,
    scope: 'categories',
    categories: ['Women'],
    startsAt: '2026-11-01T00:00',
    endsAt: '2026-11-06T00:00',
  };
  const during = new Date('2026-11-02T06:00:00Z');

  it('creates, keeps and rewrites promotions by name', async () => {
    await seedCatalog(database.db, fileWith([utsav]));
    const [created] = await activePromotions(database.db, 1, during);
    expect(created).toMatchObject({ name: 'Saree Utsav', kind: 'percent', value: 20, scope: 'categories' });
    expect(created!.endsAt.toISOString()).toBe('2026-11-05T18:30:00.000Z');
    expect((await seedCatalog(database.db, fileWith([utsav]))).storeInfoChanged).toBe(false);
    await seedCatalog(database.db, fileWith([{ ...utsav, name: 'saree utsav', kind: 'fixed', value: 500 }]));
    const rewritten = await activePromotions(database.db, 1, during);
    expect(rewritten.map(({ id, name, kind, value }) => ({ id, name, kind, value }))).toEqual([
      { id: created!.id, name: 'saree utsav', kind: 'fixed', value: 50_000 },
    ]);
  });

  it('refuses a category the store does not have, naming the promotion', async () => {
    await expect(
      seedCatalog(database.db, fileWith([{ ...utsav, categories: ['Lehengas'] }])),
    ).rejects.toMatchObject({
      fields: { 'store.promotions[0].categories': 'No category named "Lehengas"' },
    });
  });
});
