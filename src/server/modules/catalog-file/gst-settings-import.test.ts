import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema, parseCatalogFile } from './import-schema';
import { importCatalog } from './import-service';

/** The fixture catalogue with GST settings: a Jaipur shop registered in Rajasthan. */
function gstCatalog() {
  const file = fixtureCatalog();
  file.store = {
    ...file.store,
    legalName: 'Test Silk House Private Limited',
    legalAddress: '14 Johari Bazar, Jaipur, Rajasthan 302003',
    state: ' rajasthan ',
    gstin: '08aagcr4375j1zy',
    invoicePrefix: 'TS',
    gstDefaults: { Kurtas: { hsn: '6211' }, Sarees: { hsn: '5007', gstRate: 5 } },
  };
  file.products[0] = { ...file.products[0]!, hsn: '6114', gstRate: 18 } as never;
  return file;
}

describe('GST settings in the catalogue file', () => {
  it('accepts a valid store block and product fields, normalised', () => {
    const parsed = parseCatalogFile(gstCatalog());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.file.store).toMatchObject({
      state: 'Rajasthan',
      gstin: '08AAGCR4375J1ZY',
      invoicePrefix: 'TS',
      gstDefaults: { Kurtas: { hsn: '6211' }, Sarees: { hsn: '5007', gstRate: 5 } },
    });
    expect(parsed.file.products[0]).toMatchObject({ hsn: '6114', gstRate: 18 });
  });

  it('a store without GST fields is valid: not registered', () => {
    const parsed = parseCatalogFile(fixtureCatalog());
    expect(parsed.ok && parsed.file.store.gstin).toBeUndefined();
  });

  it.each([
    [{ gstin: '08AAGCR4375J1ZZ' }, 'store.gstin: check character does not match'],
    [{ gstin: '08AAGCR4375J1Z' }, 'store.gstin: must be 15 characters'],
    [{ state: 'Rajputana' }, 'store.state: must be one of the 36 states and union territories'],
    [{ state: 'Gujarat' }, 'store.gstin: must start with 24, the GST state code of Gujarat'],
    [{ state: undefined }, 'store.state: is required with a GSTIN'],
    [{ invoicePrefix: 'INV1' }, 'store.invoicePrefix: must be 1 to 3 capital letters or digits'],
    [
      { gstDefaults: { Kurtas: { gstRate: 12 } } },
      'store.gstDefaults.Kurtas.gstRate: must be one of 0, 3, 5, 18, 40',
    ],
    [
      { gstDefaults: { Kurtas: { hsn: '62' } } },
      'store.gstDefaults.Kurtas.hsn: must be an HSN code of 4, 6 or 8 digits',
    ],
  ])('refuses store %j: %s', (change, problem) => {
    const file = gstCatalog();
    file.store = { ...file.store, ...change };
    const parsed = parseCatalogFile(file);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual([problem]);
  });

  it.each([
    [{ hsn: '62111' }, 'products[0].hsn: must be an HSN code of 4, 6 or 8 digits'],
    [{ gstRate: 28 }, 'products[0].gstRate: must be one of 0, 3, 5, 18, 40'],
    [{ gstRate: '5' }, 'products[0].gstRate: must be one of 0, 3, 5, 18, 40'],
  ])('refuses product %j: %s', (change, problem) => {
    const file = gstCatalog();
    file.products[0] = { ...file.products[0]!, ...change } as never;
    const parsed = parseCatalogFile(file);
    expect(!parsed.ok && parsed.problems).toEqual([problem]);
  });
});

describe.each(testDatabaseKinds)('GST settings imported on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores the settings and the product fields, and a changed GSTIN counts as a store change', async () => {
    await importCatalog(database.db, catalogImportFileSchema.parse(gstCatalog()));
    const [store] = await database.db.select().from(stores);
    expect(store).toMatchObject({
      legalName: 'Test Silk House Private Limited',
      legalAddress: '14 Johari Bazar, Jaipur, Rajasthan 302003',
      state: 'Rajasthan',
      gstin: '08AAGCR4375J1ZY',
      invoicePrefix: 'TS',
      gstDefaults: { kurtas: { hsn: '6211' }, sarees: { hsn: '5007', gstRate: 5 } },
    });
    const [kurta] = await database.db.select().from(products).where(eq(products.sku, 'MEN-KUR-001'));
    expect(kurta).toMatchObject({ hsn: '6114', gstRate: 18 });
    const [other] = await database.db.select().from(products).where(eq(products.sku, 'MEN-KUR-002'));
    expect(other).toMatchObject({ hsn: null, gstRate: null });

    const again = await importCatalog(database.db, catalogImportFileSchema.parse(gstCatalog()));
    expect(again).toMatchObject({ storeInfoChanged: false, updated: 0 });

    const unregistered = gstCatalog();
    delete (unregistered.store as { gstin?: string }).gstin;
    const summary = await importCatalog(database.db, catalogImportFileSchema.parse(unregistered));
    expect(summary.storeInfoChanged).toBe(true);
    const [after] = await database.db.select().from(stores);
    expect(after!.gstin).toBeNull();
  });
});
