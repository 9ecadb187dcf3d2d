/** The catalogue file's `store.promotions` round trip: imported, exported as given, imported again unchanged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { seedCatalog } from '../../test/seed-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { exportStoreBlock } from './catalog-export';

describe.each(testDatabaseKinds)('promotions exported with the store block on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('exports the promotions as the file gave them, oldest start first', async () => {
    const promotions = [
      {
        name: 'Saree Utsav',
        kind: 'percent',
        value: 20,
        scope: 'categories',
        categories: ['Women'],
        startsAt: '2026-11-01T00:00',
        endsAt: '2026-11-06T00:00',
        paused: false,
      },
      {
        name: 'Kurta week',
        kind: 'fixed',
        value: 150.5,
        scope: 'products',
        products: ['MEN-KUR-002'],
        startsAt: '2026-12-01T10:30',
        endsAt: '2026-12-08T00:00',
        paused: true,
      },
    ];
    const file = fixtureCatalog();
    expect((await exportStoreBlock(database.db, 1)).promotions).toBeUndefined();
    await seedCatalog(database.db, { ...file, store: { ...file.store, promotions } });
    const exported = JSON.parse(JSON.stringify(await exportStoreBlock(database.db, 1))) as {
      promotions: unknown[];
    };
    expect(exported.promotions).toEqual(promotions);
  });
});
