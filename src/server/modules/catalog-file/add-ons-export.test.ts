/**
 * The catalogue file's add-ons round trip (docs/catalog-format.md "Add-ons"): `store.addOns` and each product's
 * own `addOns` (a list of codes, or `false`) are exported as the file gave them, and importing the export into
 * a store that lost them brings them back unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAddOnChoices } from '../../db/schema/add-on-tables';
import { ADD_ON_TEST_ADD_ONS, addOnTestCatalog } from '../../test/add-on-test-catalog';
import { seedCatalog } from '../../test/seed-catalog';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { replaceStoreAddOns } from '../add-ons/store-add-ons';
import { exportCatalog } from './catalog-export';

describe.each(testDatabaseKinds)('add-ons exported and imported again on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('exports store.addOns and products’ addOns, and re-imports them unchanged', async () => {
    const file = addOnTestCatalog();
    file.products = file.products.map((product) =>
      product.sku === 'SAR-8900' ? { ...product, addOns: ['fall-pico'] } : product,
    );
    const { storeId } = await seedCatalog(database.db, file);
    const exported = JSON.parse(JSON.stringify(await exportCatalog(database.db, storeId))) as {
      store: { addOns?: unknown };
      products: { sku: string; addOns?: unknown }[];
    };
    expect(exported.store.addOns).toEqual(ADD_ON_TEST_ADD_ONS);
    const choices = Object.fromEntries(exported.products.map((product) => [product.sku, product.addOns]));
    expect(choices).toEqual({
      'KUR-2800': undefined,
      'KUR-1299': false,
      'FAB-450': undefined,
      'SAR-8900': ['fall-pico'],
      'BAG-599': undefined,
    });

    // The store loses its add-ons and the products their choices; the exported file brings both back.
    await replaceStoreAddOns(database.db, storeId, []);
    await database.db.delete(productAddOnChoices);
    const emptied = await exportCatalog(database.db, storeId);
    expect(emptied.store.addOns).toBeUndefined();
    expect(emptied.products.some((product) => 'addOns' in product)).toBe(false);
    await seedCatalog(database.db, exported);
    expect(JSON.parse(JSON.stringify(await exportCatalog(database.db, storeId)))).toEqual(exported);
  });

  it('leaves out a code the store no longer has; a product left with none offers none (false)', async () => {
    const file = addOnTestCatalog();
    file.products = file.products.map((product) =>
      product.sku === 'SAR-8900' ? { ...product, addOns: ['fall-pico', 'blouse-stitching'] } : product,
    );
    const { storeId } = await seedCatalog(database.db, file);
    await replaceStoreAddOns(database.db, storeId, [ADD_ON_TEST_ADD_ONS[0]!] as never);
    const bySku = (await exportCatalog(database.db, storeId)).products.find(
      (product) => product.sku === 'SAR-8900',
    );
    expect(bySku?.addOns).toEqual(['blouse-stitching']);
    await replaceStoreAddOns(database.db, storeId, []);
    const none = (await exportCatalog(database.db, storeId)).products.find(
      (product) => product.sku === 'SAR-8900',
    );
    expect(none?.addOns).toBe(false);
  });
});
