/**
 * The catalogue file's `store.delivery` block (docs/catalog-format.md, docs/delivery.md): validated with one
 * message per problem and its place, stored in paise, and left as it is by a file without the block.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS } from '@shared/delivery/delivery-rules';
import { stores } from '../../db/schema/store-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema, parseCatalogFile } from './import-schema';
import { importCatalog } from './import-service';

function withDelivery(delivery: unknown) {
  const file = fixtureCatalog();
  file.store = { ...file.store, delivery } as never;
  return file;
}

describe('the delivery block of the catalogue file', () => {
  it('names each problem with its place', () => {
    const parsed = parseCatalogFile(
      withDelivery({
        flatCharge: 'ninety',
        zones: [{ name: 'North-east', states: ['Assam', 'Atlantis'], charge: 199, minDays: 9, maxDays: 6 }],
        unservedPinPrefixes: ['0744'],
        cod: { enabled: true, fee: -1 },
        express: true,
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^store\.delivery\.flatCharge: must be an amount in rupees$/),
        expect.stringMatching(
          /^store\.delivery\.zones\[0\]\.states\[1\]: must be one of the 36 states and union territories$/,
        ),
        expect.stringMatching(/^store\.delivery\.zones\[0\]\.maxDays: must not be less than minDays$/),
        expect.stringMatching(
          /^store\.delivery\.unservedPinPrefixes\[0\]: must be 1 to 6 digits of a PIN code, not starting with 0$/,
        ),
        expect.stringMatching(/^store\.delivery\.cod\.fee: must be 0 or more$/),
        expect.stringMatching(/^store\.delivery: .*express/),
      ]),
    );
  });
});

describe.each(testDatabaseKinds)('importing delivery settings on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const stored = async () => (await database.db.select().from(stores).where(eq(stores.isDefault, true)))[0]!;

  it('stores the block in paise, and a file without it keeps what is stored', async () => {
    await importCatalog(
      database.db,
      catalogImportFileSchema.parse(withDelivery({ flatCharge: 79.5, cod: { enabled: true } })),
    );
    expect((await stored()).deliverySettings).toEqual({
      ...DEFAULT_DELIVERY_SETTINGS,
      flatChargePaise: 7_950,
      cod: { ...DEFAULT_DELIVERY_SETTINGS.cod, enabled: true },
    });
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    expect((await stored()).deliverySettings).toMatchObject({ flatChargePaise: 7_950 });
  });
});
