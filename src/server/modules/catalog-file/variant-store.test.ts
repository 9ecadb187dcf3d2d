import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productAttributes, products, productVariants } from '../../db/schema/catalog-tables';
import {
  FABRIC_BY_METRE_SKU,
  fixtureCatalogWithVariants,
  VARIANT_KURTA_SKU,
  type FixtureCatalog,
  type FixtureProduct,
} from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema } from './import-schema';
import { importCatalog } from './import-service';

const KURTA = 24;

describe.each(testDatabaseKinds)('catalogue import of variants and units on %s', (kind) => {
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

  const importFile = (file: FixtureCatalog, host?: string) =>
    importCatalog(database.db, catalogImportFileSchema.parse(file), host ? { host } : {});

  const productBySku = async (sku: string) =>
    (await database.db.select().from(products).where(eq(products.sku, sku)))[0]!;

  const variantsOf = async (sku: string) => {
    const product = await productBySku(sku);
    return database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position));
  };

  const stockBySku = async (sku: string) =>
    Object.fromEntries((await variantsOf(sku)).map((variant) => [variant.sku, variant.stock]));

  const sell = (variantSku: string, quantity: number) =>
    database.db.update(productVariants).set({ stock: quantity }).where(eq(productVariants.sku, variantSku));

  it('stores variants in file order with their stock, the selling rule, and changes nothing on a second run', async () => {
    const file = fixtureCatalogWithVariants();
    expect(await importFile(file)).toMatchObject({ created: 26, updated: 0, unchanged: 0 });

    const kurta = await productBySku(VARIANT_KURTA_SKU);
    expect(kurta).toMatchObject({
      stock: null,
      importedStock: null,
      unit: 'piece',
      minQuantity: 1,
      quantityStep: 1,
    });
    const variants = await variantsOf(VARIANT_KURTA_SKU);
    expect(
      variants.map((v) => [
        v.sku,
        v.size,
        v.color,
        v.stock,
        v.importedStock,
        v.regularPricePaise,
        v.discountedPricePaise,
        v.position,
      ]),
    ).toEqual([
      ['MEN-RSK-001-S-MAR', 'S', 'Maroon', 5, 5, null, null, 0],
      ['MEN-RSK-001-M-MAR', 'M', 'Maroon', 12, 12, null, null, 1],
      ['MEN-RSK-001-XL-MAR', 'XL', 'Maroon', 0, 0, null, null, 2],
      ['MEN-RSK-001-L-GRN', 'L', 'Bottle Green', 2, 2, 429900, 389900, 3],
      ['MEN-RSK-001-M-GRN', 'M', 'Bottle Green', null, null, null, 349900, 4],
    ]);
    expect(variants.every((variant) => variant.storeId === kurta.storeId)).toBe(true);
    expect(variants[3]!.imgUrl).toBe('/media/demo/men-rsk-001-green.svg');
    expect(await productBySku(FABRIC_BY_METRE_SKU)).toMatchObject({
      unit: 'm',
      minQuantity: 1,
      quantityStep: 0.5,
      stock: 25.5,
      importedStock: 25.5,
      regularPricePaise: 45000,
    });

    const before = await database.db.select().from(productVariants).orderBy(productVariants.sku);
    expect(await importFile(file)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 26,
      stockLevelsChanged: 0,
    });
    expect(await database.db.select().from(productVariants).orderBy(productVariants.sku)).toEqual(before);
  });

  it('stores the size and colour attributes derived from variants when the file gives none', async () => {
    const file = fixtureCatalogWithVariants();
    file.products[KURTA]!.attributes = [];
    await importFile(file);
    const kurta = await productBySku(VARIANT_KURTA_SKU);
    const attributes = await database.db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.productId, kurta.id))
      .orderBy(asc(productAttributes.position));
    expect(attributes.map((a) => [a.key, a.values])).toEqual([
      ['size', ['S', 'M', 'XL', 'L']],
      ['color', ['Maroon', 'Bottle Green']],
    ]);
  });

  it('keeps sold-down variant stock on a re-import and sets it only when the file gives a new figure', async () => {
    const file = fixtureCatalogWithVariants();
    const kurta = file.products[KURTA]!;
    await importFile(file);
    await sell('MEN-RSK-001-M-MAR', 9);
    await sell('MEN-RSK-001-S-MAR', 4);

    expect(await importFile(file)).toMatchObject({ updated: 0, stockLevelsChanged: 0 });
    expect(await stockBySku(VARIANT_KURTA_SKU)).toMatchObject({
      'MEN-RSK-001-M-MAR': 9,
      'MEN-RSK-001-S-MAR': 4,
    });

    kurta.title = 'Raw Silk Kurta, hand finished';
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 0 });
    expect(await stockBySku(VARIANT_KURTA_SKU)).toMatchObject({
      'MEN-RSK-001-M-MAR': 9,
      'MEN-RSK-001-S-MAR': 4,
    });

    kurta.variants![1]!.stock = 20;
    kurta.variants![4]!.stock = 7;
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 2 });
    expect(await stockBySku(VARIANT_KURTA_SKU)).toEqual({
      'MEN-RSK-001-S-MAR': 4,
      'MEN-RSK-001-M-MAR': 20,
      'MEN-RSK-001-XL-MAR': 0,
      'MEN-RSK-001-L-GRN': 2,
      'MEN-RSK-001-M-GRN': 7,
    });

    delete kurta.variants![1]!.stock;
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 1 });
    expect((await stockBySku(VARIANT_KURTA_SKU))['MEN-RSK-001-M-MAR']).toBeNull();
  });

  it('keeps sold-down metres of a fabric and sets a new figure in metres', async () => {
    const file = fixtureCatalogWithVariants();
    await importFile(file);
    await database.db.update(products).set({ stock: 23 }).where(eq(products.sku, FABRIC_BY_METRE_SKU));
    file.products[KURTA + 1]!.title = 'Indigo Block Print Cotton, 44 in';
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 0 });
    expect((await productBySku(FABRIC_BY_METRE_SKU)).stock).toBe(23);
    file.products[KURTA + 1]!.stock = 40.25;
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 1 });
    expect(await productBySku(FABRIC_BY_METRE_SKU)).toMatchObject({ stock: 40.25, importedStock: 40.25 });
  });

  it('rewrites a product whose variant changed, keeping variant ids; deletes variants the file drops', async () => {
    const file = fixtureCatalogWithVariants();
    const kurta = file.products[KURTA]!;
    await importFile(file);
    const [first, second, , fourth] = await variantsOf(VARIANT_KURTA_SKU);

    kurta.variants![1]!.regularPrice = 4199;
    kurta.variants![0]!.sku = 'men-rsk-001-s-mar';
    kurta.variants!.splice(2, 1);
    expect(await importFile(file)).toMatchObject({ updated: 1, unchanged: 25 });
    const after = await variantsOf(VARIANT_KURTA_SKU);
    expect(after.map((v) => [v.id, v.sku, v.regularPricePaise, v.position])).toEqual([
      [first!.id, 'men-rsk-001-s-mar', null, 0],
      [second!.id, 'MEN-RSK-001-M-MAR', 419900, 1],
      [fourth!.id, 'MEN-RSK-001-L-GRN', 429900, 2],
      [expect.any(String), 'MEN-RSK-001-M-GRN', null, 3],
    ]);
    expect(
      await database.db.select().from(productVariants).where(eq(productVariants.sku, 'MEN-RSK-001-XL-MAR')),
    ).toEqual([]);
  });

  it('turns a product with variants into one with its own stock, and back', async () => {
    const file = fixtureCatalogWithVariants();
    const kurta = file.products[KURTA]!;
    await importFile(file);

    const variants = kurta.variants;
    delete kurta.variants;
    kurta.stock = 30;
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 1 });
    expect(await variantsOf(VARIANT_KURTA_SKU)).toEqual([]);
    expect(await productBySku(VARIANT_KURTA_SKU)).toMatchObject({ stock: 30, importedStock: 30 });

    kurta.variants = variants;
    delete kurta.stock;
    expect(await importFile(file)).toMatchObject({ updated: 1, stockLevelsChanged: 1 });
    expect(await productBySku(VARIANT_KURTA_SKU)).toMatchObject({ stock: null, importedStock: null });
    expect(Object.keys(await stockBySku(VARIANT_KURTA_SKU))).toHaveLength(5);
  });

  it('moves a variant SKU to the product that now lists it, keeping its id and its sold-down stock', async () => {
    const file = fixtureCatalogWithVariants();
    await importFile(file);
    const [moving] = await variantsOf(VARIANT_KURTA_SKU);
    await sell('MEN-RSK-001-S-MAR', 3);

    // A second file for the same store lists the SKU under another product and leaves the kurta out.
    const other: FixtureCatalog = {
      store: file.store,
      products: [{ ...(file.products[0] as FixtureProduct) }],
    };
    const shirt = other.products[0]!;
    shirt.attributes = [];
    shirt.variants = [{ sku: 'MEN-RSK-001-S-MAR', size: 'S', stock: 5 }];
    expect(await importFile(other)).toMatchObject({ updated: 1, stockLevelsChanged: 0 });
    const moved = await variantsOf('MEN-KUR-001');
    expect(moved.map((v) => [v.id, v.sku, v.size, v.color, v.stock])).toEqual([
      [moving!.id, 'MEN-RSK-001-S-MAR', 'S', null, 3],
    ]);
    expect((await variantsOf(VARIANT_KURTA_SKU)).map((v) => v.sku)).not.toContain('MEN-RSK-001-S-MAR');
    // The kurta lost a variant without being in the file: its next import rewrites it.
    expect((await productBySku(VARIANT_KURTA_SKU)).contentHash).toBe('');

    expect(await importFile(file)).toMatchObject({ updated: 2 });
    expect((await variantsOf(VARIANT_KURTA_SKU)).map((v) => [v.id, v.sku])[0]).toEqual([
      moving!.id,
      'MEN-RSK-001-S-MAR',
    ]);
    expect(await variantsOf('MEN-KUR-001')).toEqual([]);
  });

  it('keeps the variants of one store apart from another store with the same SKUs', async () => {
    await importFile(fixtureCatalogWithVariants());
    const second = fixtureCatalogWithVariants();
    second.store = { storeName: 'Second Shop', categories: ['Men'] };
    second.products = [second.products[KURTA]!];
    second.products[0]!.variants![0]!.stock = 99;
    second.products[0]!.variants!.pop();
    expect(await importFile(second, 'second.example')).toMatchObject({ created: 1 });

    const rows = await database.db
      .select({ storeId: productVariants.storeId, sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.sku, 'MEN-RSK-001-S-MAR'))
      .orderBy(asc(productVariants.storeId));
    expect(rows).toEqual([
      { storeId: 1, sku: 'MEN-RSK-001-S-MAR', stock: 5 },
      { storeId: 2, sku: 'MEN-RSK-001-S-MAR', stock: 99 },
    ]);
    const firstStore = await database.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.storeId, 1), eq(productVariants.sku, 'MEN-RSK-001-M-GRN')));
    expect(firstStore).toHaveLength(1);
  });
});
