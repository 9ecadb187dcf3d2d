import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, productAttributes, productImages, products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema, parseCatalogFile } from './import-schema';
import { importCatalog } from './import-service';

describe.each(testDatabaseKinds)('catalogue import on %s', (kind) => {
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

  const snapshot = async () => ({
    products: await database.db.select().from(products).orderBy(products.sku),
    attributes: await database.db.select().from(productAttributes).orderBy(productAttributes.id),
    stores: await database.db.select().from(stores),
  });

  it('creates everything once and changes nothing on a second run', async () => {
    const file = catalogImportFileSchema.parse(fixtureCatalog());
    const first = await importCatalog(database.db, file);
    expect(first).toMatchObject({ created: 24, updated: 0, unchanged: 0, storeInfoChanged: true });
    const before = await snapshot();

    const second = await importCatalog(database.db, file);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 24, storeInfoChanged: false });
    expect(await snapshot()).toEqual(before);
  });

  it('stores prices in paise and updates a changed product in place by SKU', async () => {
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    const [kurta] = await database.db.select().from(products).where(eq(products.sku, 'MEN-KUR-001'));
    expect(kurta).toMatchObject({
      regularPricePaise: 129900,
      discountedPricePaise: 99950,
      featured: true,
      gender: null,
    });

    const changed = fixtureCatalog();
    changed.products[0]!.discountedPrice = null;
    changed.products[0]!.attributes = [{ key: 'size', value: ['M'], metricUnit: null }];
    const summary = await importCatalog(database.db, catalogImportFileSchema.parse(changed));
    expect(summary).toMatchObject({ created: 0, updated: 1, unchanged: 23 });
    const [after] = await database.db.select().from(products).where(eq(products.sku, 'MEN-KUR-001'));
    expect(after).toMatchObject({ id: kurta!.id, discountedPricePaise: null, featured: false });
    const attributes = await database.db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.productId, kurta!.id));
    expect(attributes.map((a) => [a.key, a.values])).toEqual([['size', ['M']]]);
  });

  it('copies the gender attribute (any key case) for filtering', async () => {
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    const rows = await database.db
      .select({ sku: products.sku, gender: products.gender })
      .from(products)
      .where(sql`${products.gender} is not null`)
      .orderBy(products.sku);
    expect(rows).toEqual([
      { sku: 'ACC-JHU', gender: 'Women' },
      { sku: 'ACC-JUT', gender: 'Men' },
      { sku: 'ACC-STO', gender: 'Unisex' },
    ]);
  });

  it('reads empty and whitespace-only optional strings as absent and drops images without a url', async () => {
    const file = fixtureCatalog();
    file.store.companyLogoUrl = '';
    file.store.companyEmail = ' ';
    file.store.categoryImages = { Men: '', Women: '/media/demo/category-women.svg' };
    file.products[0]!.imgUrl = '';
    file.products[0]!.images = [{ url: '' }, { url: '  ' }, { url: '/media/demo/kurta-1.svg' }];
    file.products[1]!.imgUrl = '   ';
    file.products[1]!.images = [{ url: '' }];
    file.products[2]!.parentCategory = '';
    file.products[2]!.attributes = [{ key: 'length', value: ['2.5'], metricUnit: '' }];
    const parsed = parseCatalogFile(file);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    await importCatalog(database.db, parsed.file);

    const [store] = await database.db.select().from(stores);
    expect(store).toMatchObject({ companyLogoUrl: null, companyEmail: null });
    const rows = await database.db
      .select()
      .from(products)
      .where(sql`${products.sku} in ('MEN-KUR-001', 'MEN-KUR-002', 'MEN-KUR-003')`)
      .orderBy(products.sku);
    expect(rows.map((row) => [row.sku, row.imgUrl, row.parentCategory])).toEqual([
      ['MEN-KUR-001', '/media/demo/kurta-1.svg', 'Kurtas'],
      ['MEN-KUR-002', null, 'Kurtas'],
      ['MEN-KUR-003', '/media/demo/men-kur-003.svg', null],
    ]);
    const images = await database.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(sql`${productImages.productId} in (${rows[0]!.id}, ${rows[1]!.id})`);
    expect(images).toEqual([{ url: '/media/demo/kurta-1.svg' }]);
    const [length] = await database.db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.productId, rows[2]!.id));
    expect(length).toMatchObject({ key: 'length', metricUnit: null });
    const men = await database.db.select().from(categories).where(eq(categories.name, 'Men'));
    expect(men[0]?.imageUrl).toBeNull();
  });

  it('keeps sold-down stock on a re-import and sets it only when the file gives a new count', async () => {
    const stockOf = async (sku: string) =>
      (await database.db.select().from(products).where(eq(products.sku, sku)))[0]?.stock;
    const file = fixtureCatalog();
    const fabric = file.products.find((product) => product.sku === 'FAB-SLK')!;
    expect(fabric.stock).toBe(40);
    await importCatalog(database.db, catalogImportFileSchema.parse(file));
    // Three metres sold since the import.
    await database.db.update(products).set({ stock: 37 }).where(eq(products.sku, 'FAB-SLK'));

    const same = await importCatalog(database.db, catalogImportFileSchema.parse(file));
    expect(same).toMatchObject({ updated: 0, stockLevelsChanged: 0 });
    expect(await stockOf('FAB-SLK')).toBe(37);

    fabric.title = 'Katan Silk Fabric, Red';
    const retitled = await importCatalog(database.db, catalogImportFileSchema.parse(file));
    expect(retitled).toMatchObject({ updated: 1, stockLevelsChanged: 0 });
    expect(await stockOf('FAB-SLK')).toBe(37);

    fabric.stock = 50;
    const recounted = await importCatalog(database.db, catalogImportFileSchema.parse(file));
    expect(recounted).toMatchObject({ updated: 1, stockLevelsChanged: 1 });
    expect(await stockOf('FAB-SLK')).toBe(50);

    await database.db.update(products).set({ stock: 45 }).where(eq(products.sku, 'FAB-SLK'));
    expect(await importCatalog(database.db, catalogImportFileSchema.parse(file))).toMatchObject({
      stockLevelsChanged: 0,
    });
    expect(await stockOf('FAB-SLK')).toBe(45);

    delete fabric.stock;
    file.products[0]!.stock = 5;
    const untracked = await importCatalog(database.db, catalogImportFileSchema.parse(file));
    expect(untracked).toMatchObject({ updated: 2, stockLevelsChanged: 2 });
    expect(await stockOf('FAB-SLK')).toBeNull();
    expect(await stockOf('MEN-KUR-001')).toBe(5);
  });

  it('bumps the catalogue version only when something changed', async () => {
    const file = catalogImportFileSchema.parse(fixtureCatalog());
    await importCatalog(database.db, file);
    const version = async () => (await database.db.select({ v: stores.catalogVersion }).from(stores))[0]?.v;
    const afterFirst = await version();
    await importCatalog(database.db, file);
    expect(await version()).toBe(afterFirst);
    file.store.description = 'New description';
    await importCatalog(database.db, file);
    expect(await version()).toBe((afterFirst ?? 0) + 1);
  });
});

describe('catalogue file validation', () => {
  it('lists every problem with its product index and field', () => {
    const file = fixtureCatalog() as unknown as {
      store: Record<string, unknown>;
      products: Record<string, unknown>[];
    };
    file.store.companyEmail = 'not-an-email';
    file.products[0]!.regularPrice = -5;
    file.products[1]!.discountedPrice = 5000;
    file.products[2]!.sku = 'MEN-KUR-001';
    file.products[3]!.title = '';
    file.products[4]!.imgUrl = 'javascript:alert(1)';
    file.products[5]!.stock = 2.5;
    file.products[6]!.attributes = [{ key: '', value: [] }];
    delete file.products[7]!.category;
    file.products[8]!.regularPrice = 19.999;
    const result = parseCatalogFile(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      'store.companyEmail: must be an e-mail address',
      'products[0].regularPrice: must not be negative',
      'products[0].regularPrice: must be above 0',
      'products[1].discountedPrice: Sale price must be below the regular price',
      'products[3].title: must not be empty',
      'products[4].imgUrl: must be a path starting with / or an http(s) URL',
      'products[5].stock: must be a whole number',
      'products[6].attributes[0].key: Too small: expected string to have >=1 characters',
      'products[6].attributes[0].value: Too small: expected array to have >=1 items',
      'products[7].category: Invalid input: expected string, received undefined',
      'products[8].regularPrice: must have at most 2 decimals',
      'products[2].sku: duplicates the sku of products[0]',
    ]);
  });

  it('reports duplicate SKUs of an otherwise valid file', () => {
    const file = fixtureCatalog();
    file.products[5]!.sku = 'men-kur-002';
    const result = parseCatalogFile(file);
    expect(result).toEqual({ ok: false, problems: ['products[5].sku: duplicates the sku of products[1]'] });
  });

  it('refuses a file without products or store', () => {
    expect(parseCatalogFile({})).toEqual({
      ok: false,
      problems: [
        'store: Invalid input: expected object, received undefined',
        'products: Invalid input: expected array, received undefined',
      ],
    });
  });
});
