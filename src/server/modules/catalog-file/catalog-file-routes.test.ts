/**
 * The catalogue file in the admin through `app.inject()`, on the demo shop: export → import changes nothing;
 * a changed file's preview lists what the import then does, writes nothing, and matches the import's counts;
 * bad files are 400 with the CLI's places and messages, too large ones 413; owner only; audited.
 */
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_FILE_MAX_BYTES, CATALOG_FILE_TOO_LARGE_MESSAGE } from '@shared/admin/catalog-file-schemas';
import { auditLog } from '../../db/schema/admin-tables';
import { products } from '../../db/schema/catalog-tables';
import { storeHosts } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { NOT_A_MEMBER_MESSAGE, OWNER_ONLY_MESSAGE } from '../auth/role-hook';
import { catalogImportFileSchema } from './import-schema';
import { importCatalog } from './import-service';

type CatalogFile = { store: Record<string, unknown>; products: Record<string, unknown>[] };
const DEMO: CatalogFile = JSON.parse(
  readFileSync(new URL('../../../../seed/demo-catalog.json', import.meta.url), 'utf8'),
) as CatalogFile;

describe.each(testDatabaseKinds)('admin catalogue file on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
  let customer: SessionCustomer;
  let storeId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    ({ storeId } = await importCatalog(database.db, catalogImportFileSchema.parse(DEMO)));
    owner = await insertSignedInMember(database.db, storeId, 'owner');
    staff = await insertSignedInMember(database.db, storeId, 'staff');
    [customer] = (await insertSignedInCustomers(database.db, 1, storeId)) as [SessionCustomer];
  });

  const exported = async (): Promise<CatalogFile> => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/export',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    return response.json();
  };
  const post = (
    step: 'preview' | 'import',
    payload: unknown,
    headers: Record<string, string> = owner.headers,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/catalog/${step}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const audits = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('exports a CSV with live stock per variant, Shopify columns, rupees with 2 decimals, untracked empty', async () => {
    // A sale since the import: the CSV shows the stock on hand now, not the count the file set.
    await database.db.execute(
      sql`UPDATE product_variants SET stock = 19 WHERE store_id = ${storeId} AND sku = 'MEN-KUR-001-S-WHI'`,
    );
    await database.db.execute(
      sql`UPDATE products SET stock = NULL, title = '=HYPERLINK("x")' WHERE store_id = ${storeId} AND sku = 'FAB-SLK-001'`,
    );
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/export.csv',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Handle,Title,Type,Status,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Unit,Image Src,Variant Image',
    );
    const kurta = lines.filter((line) => line.startsWith('men-kur-001,'));
    expect(kurta.slice(0, 2)).toEqual([
      'men-kur-001,White Chikankari Cotton Kurta,Men,active,Size,S,Color,White,MEN-KUR-001-S-WHI,1999.00,2499.00,19,piece,/media/demo/men-kurta-white-chikankari.svg,',
      'men-kur-001,,,,Size,M,Color,White,MEN-KUR-001-M-WHI,1999.00,2499.00,34,piece,,',
    ]);
    expect(kurta).toHaveLength(5);
    // No variants: Shopify's Default Title; stock not tracked: an empty cell; formulas shown as text.
    expect(lines.find((line) => line.startsWith('fab-slk-001,'))).toBe(
      `fab-slk-001,"'=HYPERLINK(""x"")",Unstitched Fabrics,active,Title,Default Title,,,FAB-SLK-001,1899.00,,,m,/media/demo/fabric-silk-emerald-mulberry.svg,`,
    );
    expect(lines).toHaveLength(
      1 + DEMO.products.reduce((sum, product) => sum + Math.max(1, (product.variants as [])?.length ?? 0), 0),
    );
    const forStaff = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/export.csv',
      headers: staff.headers,
    });
    expect([forStaff.statusCode, forStaff.json()]).toEqual([403, { error: OWNER_ONLY_MESSAGE }]);
  });

  it('exports the demo shop so that importing the export changes nothing', async () => {
    const file = await exported();
    expect(file.products).toHaveLength(DEMO.products.length);
    expect(file.store).toMatchObject({ storeName: DEMO.store.storeName, categories: DEMO.store.categories });
    const preview = await post('preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      summary: {
        created: 0,
        updated: 0,
        unchanged: DEMO.products.length,
        stockLevelsChanged: 0,
        storeInfoChanged: false,
      },
      created: [],
      updated: [],
      notInFile: [],
      notInFileCount: 0,
      storeFieldsChanged: [],
    });
    const imported = await post('import', file);
    expect(imported.json()).toEqual(preview.json().summary);
    expect(await exported()).toEqual(file);
  });

  it('previews a changed file without writing, then imports exactly what the preview said, audited', async () => {
    const file = await exported();
    // The last product leaves the file and a new one takes its place; the first is renamed. (Products keep
    // their positions: a product's position in the file is part of what the import compares.)
    const first = file.products[0]!;
    const last = file.products.at(-1)!;
    const { variants: _variants, ...lastWithoutVariants } = last;
    const changed: CatalogFile = {
      store: { ...file.store, storeName: 'Resham House Varanasi', whatsappNumber: '070000 12345' },
      products: [
        { ...first, title: 'Renamed Kurta' },
        ...file.products.slice(1, -1),
        { ...lastWithoutVariants, sku: 'NEW-SKU-1', title: 'A New Stole', stock: 4 },
      ],
    };
    const preview = await post('preview', changed);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({
      summary: { created: 1, updated: 1, unchanged: DEMO.products.length - 2, storeInfoChanged: true },
      created: [{ sku: 'NEW-SKU-1', title: 'A New Stole' }],
      updated: [{ sku: first.sku, title: 'Renamed Kurta' }],
      notInFile: [{ sku: last.sku, title: last.title }],
      notInFileCount: 1,
      storeFieldsChanged: ['storeName', 'whatsappNumber'],
    });
    // Nothing was written by the preview.
    const [stored] = await database.db
      .select()
      .from(products)
      .where(eq(products.sku, first.sku as string));
    expect(stored!.title).toBe(first.title);
    expect(await audits()).toEqual([]);

    const imported = await post('import', changed);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual(body.summary);
    const info = (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();
    expect(info).toMatchObject({ storeName: 'Resham House Varanasi', whatsappNumber: '+917000012345' });
    const [entry, ...others] = await audits();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: owner.email,
      entity: 'catalog',
      entityId: 'file',
      action: 'import',
      after: { ...body.summary, products: DEMO.products.length },
    });
    // The product left out of the file is kept.
    expect(
      await database.db
        .select()
        .from(products)
        .where(eq(products.sku, last.sku as string)),
    ).toHaveLength(1);
  });

  it('answers 400 with every problem at its place, as the CLI prints them, and imports nothing', async () => {
    const file = await exported();
    const bad = {
      store: { ...file.store, gstin: '09AAGCR4375J1ZX', whatsappNumber: '12345' },
      products: [
        { ...file.products[0], regularPrice: 0 },
        { ...file.products[1], sku: file.products[0]!.sku },
      ],
    };
    for (const step of ['preview', 'import'] as const) {
      const response = await post(step, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'The file has 4 problems; nothing was imported',
        fields: {
          'store.gstin': 'check character does not match',
          'store.whatsappNumber':
            'must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91',
          'products[0].regularPrice': 'must be above 0',
          'products[1].sku': `duplicates the sku of products[0]`,
        },
      });
    }
    expect((await post('import', '[1, 2')).statusCode).toBe(400);
    expect((await post('import', { products: [] })).json().fields).toEqual({
      store: 'Invalid input: expected object, received undefined',
    });
    expect(await audits()).toEqual([]);
  });

  it('answers 413 with a clear message for a file over the limit', async () => {
    const huge = JSON.stringify({ store: {}, products: [], padding: 'x'.repeat(CATALOG_FILE_MAX_BYTES) });
    const response = await post('preview', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: CATALOG_FILE_TOO_LARGE_MESSAGE });
  });

  it('ignores host names in the file (a shop cannot claim another host)', async () => {
    const file = await exported();
    const response = await post('import', {
      ...file,
      store: { ...file.store, hosts: ['other-shop.example'] },
    });
    expect(response.statusCode).toBe(200);
    expect(
      await database.db.select().from(storeHosts).where(eq(storeHosts.host, 'other-shop.example')),
    ).toEqual([]);
  });

  it('answers 401 without a session and 403 to customers and staff', async () => {
    const file = await exported();
    const calls = [
      (headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/api/v1/admin/catalog/export', headers }),
      (headers: Record<string, string>) => post('preview', file, headers),
      (headers: Record<string, string>) => post('import', file, headers),
    ];
    for (const call of calls) {
      expect((await call({})).statusCode).toBe(401);
      const forCustomer = await call(customer.headers);
      expect([forCustomer.statusCode, forCustomer.json()]).toEqual([403, { error: NOT_A_MEMBER_MESSAGE }]);
      const forStaff = await call(staff.headers);
      expect([forStaff.statusCode, forStaff.json()]).toEqual([403, { error: OWNER_ONLY_MESSAGE }]);
    }
    expect(await audits()).toEqual([]);
  });
});
