/**
 * The catalogue file's return settings (docs/catalog-format.md, docs/returns.md "Settings"): `store.returns`
 * (rupees in the file, paise stored; fields left out take the defaults; a file without the block keeps what is
 * stored) and each product's `returnable` (absent: by its unit), imported and exported so that importing the
 * export changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import {
  FABRIC_BY_METRE_SKU,
  fixtureCatalogWithVariants,
  VARIANT_KURTA_SKU,
} from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { exportCatalog } from './catalog-export';
import { catalogImportFileSchema, parseCatalogFile } from './import-schema';
import { importCatalog } from './import-service';

/** The fixture with `returns` in its store block and `returnable` on two products. */
function fileWith(returns: unknown, returnable: Record<string, unknown> = {}) {
  const file = fixtureCatalogWithVariants();
  file.store = { ...file.store, ...(returns === undefined ? {} : { returns }) };
  file.products = file.products.map((product) =>
    product.sku in returnable ? { ...product, returnable: returnable[product.sku] } : product,
  ) as never;
  return file;
}

describe('the returns block and returnable in the catalogue file', () => {
  it('names each problem with its place', () => {
    const parsed = parseCatalogFile(
      fileWith(
        { windowDays: 120, exchanges: 'yes', pickupFee: -1, returnAddress: 'x'.repeat(501) },
        { [VARIANT_KURTA_SKU]: 'no' },
      ),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        'store.returns.windowDays: must be at most 90',
        'store.returns.exchanges: must be true or false',
        'store.returns.pickupFee: must be 0 or more',
        'store.returns.returnAddress: must be at most 500 characters',
        expect.stringMatching(/^products\[\d+\]\.returnable: must be true or false$/),
      ]),
    );
  });

  it('fills the fields a block leaves out with the defaults', () => {
    const file = catalogImportFileSchema.parse(fileWith({ windowDays: 10 }));
    expect(file.store.returns).toEqual({
      windowDays: 10,
      exchanges: true,
      pickupFee: 0,
      returnAddress: null,
    });
  });
});

describe.each(testDatabaseKinds)('importing and exporting return settings on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const stored = async () => (await database.db.select().from(stores).where(eq(stores.isDefault, true)))[0]!;
  const returnableOf = async (sku: string) =>
    (
      await database.db
        .select({ returnable: products.returnable })
        .from(products)
        .where(eq(products.sku, sku))
    )[0]!.returnable;

  it('stores the block in paise and each product its own setting, exports both, and re-imports unchanged', async () => {
    const returns = { windowDays: 10, exchanges: false, pickupFee: 99, returnAddress: 'Returns desk, Surat' };
    const first = await importCatalog(
      database.db,
      catalogImportFileSchema.parse(
        fileWith(returns, { [FABRIC_BY_METRE_SKU]: true, [VARIANT_KURTA_SKU]: false }),
      ),
    );
    expect((await stored()).returnSettings).toEqual({
      windowDays: 10,
      exchanges: false,
      pickupFeePaise: 9_900,
      returnAddress: 'Returns desk, Surat',
    });
    expect(await returnableOf(FABRIC_BY_METRE_SKU)).toBe(true);
    expect(await returnableOf(VARIANT_KURTA_SKU)).toBe(false);
    expect(await returnableOf('MEN-KUR-001')).toBeNull();

    const exported = await exportCatalog(database.db, first.storeId);
    expect(exported.store.returns).toEqual(returns);
    const bySku = new Map(exported.products.map((product) => [product.sku, product]));
    expect(bySku.get(FABRIC_BY_METRE_SKU)).toMatchObject({ returnable: true });
    expect(bySku.get(VARIANT_KURTA_SKU)).toMatchObject({ returnable: false });
    expect(bySku.get('MEN-KUR-001')).not.toHaveProperty('returnable');

    const again = await importCatalog(database.db, catalogImportFileSchema.parse(exported));
    expect(again).toMatchObject({ created: 0, updated: 0, storeInfoChanged: false });
  });

  it('keeps the stored settings for a file without the block; a product without returnable goes by its unit', async () => {
    await importCatalog(database.db, catalogImportFileSchema.parse(fileWith(undefined)));
    expect((await stored()).returnSettings).toMatchObject({ windowDays: 10, pickupFeePaise: 9_900 });
    expect(await returnableOf(FABRIC_BY_METRE_SKU)).toBeNull();
    expect(await returnableOf(VARIANT_KURTA_SKU)).toBeNull();
  });

  it('exports no returnAddress when returns go to the company address', async () => {
    const { storeId } = await importCatalog(
      database.db,
      catalogImportFileSchema.parse(fileWith({ windowDays: 0, returnAddress: ' ' })),
    );
    expect((await exportCatalog(database.db, storeId)).store.returns).toEqual({
      windowDays: 0,
      exchanges: true,
      pickupFee: 0,
    });
  });
});
