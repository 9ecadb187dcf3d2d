/**
 * Size charts per category through `app.inject()`: saved from the admin's settings (owner only) and
 * shown by `GET /storeInfo` at once, bad charts refused with 400 and `fields`, and carried by the catalogue
 * file's `store.categorySizeCharts` both ways (an export imported again changes nothing).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SizeChart } from '@shared/store-settings/size-chart';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { exportStoreBlock } from '../catalog-file/catalog-export';
import { catalogImportFileSchema, parseCatalogFile } from '../catalog-file/import-schema';
import { importCatalog } from '../catalog-file/import-service';

const KURTIS: SizeChart = {
  unit: 'in',
  tables: [
    {
      title: 'Kurti',
      columns: ['Bust', 'Length'],
      rows: [
        { size: 'S', values: [34, 44] },
        { size: 'M', values: [36, 45] },
      ],
    },
  ],
};
const FOOTWEAR: SizeChart = {
  unit: 'cm',
  tables: [{ title: 'Juttis', columns: ['Foot length'], rows: [{ size: '7', values: [25.4] }] }],
};

describe.each(testDatabaseKinds)('size charts per category on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
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
    ({ storeId } = await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog())));
    owner = await insertSignedInMember(database.db, storeId, 'owner');
    staff = await insertSignedInMember(database.db, storeId, 'staff');
    // The emptied database starts its catalogue version again: drop the answers the last test cached.
    await app.catalogChanged();
  });

  const put = (payload: object, who: SessionMember = owner) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/category-size-charts',
      headers: who.headers,
      payload,
    });
  const storeInfo = async () => (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();

  it('saves the charts, shows them in GET /storeInfo and the catalogue file, and removes one left out', async () => {
    expect((await storeInfo()).categorySizeCharts).toEqual({});
    expect((await exportStoreBlock(database.db, storeId)).categorySizeCharts).toBeUndefined();
    const saved = await put({ categorySizeCharts: { Kurtis: KURTIS, ' Footwear ': FOOTWEAR } });
    expect(saved.statusCode).toBe(200);
    const both = { Footwear: FOOTWEAR, Kurtis: KURTIS };
    expect(saved.json().storeInfo.categorySizeCharts).toEqual(both);
    expect((await storeInfo()).categorySizeCharts).toEqual(both);
    const block = await exportStoreBlock(database.db, storeId);
    expect(block.categorySizeCharts).toEqual(both);

    // The export imported again changes nothing; a file without the block removes them (the file is the truth).
    const file = fixtureCatalog();
    const again = await importCatalog(
      database.db,
      catalogImportFileSchema.parse({ ...file, store: { ...file.store, categorySizeCharts: both } }),
    );
    expect(again.storeId).toBe(storeId);
    expect((await storeInfo()).categorySizeCharts).toEqual(both);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    expect((await exportStoreBlock(database.db, storeId)).categorySizeCharts).toBeUndefined();
    await put({ categorySizeCharts: both });

    const fewer = await put({ categorySizeCharts: { Kurtis: KURTIS } });
    expect(fewer.json().storeInfo.categorySizeCharts).toEqual({ Kurtis: KURTIS });
    expect((await storeInfo()).categorySizeCharts).toEqual({ Kurtis: KURTIS });
  });

  it('answers 400 with fields for a bad chart or a name listed twice, and 403 to staff', async () => {
    const bad = await put({ categorySizeCharts: { Kurtis: { ...KURTIS, unit: 'mm' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'categorySizeCharts.Kurtis.unit': 'must be in or cm' });
    const twice = await put({ categorySizeCharts: { Kurtis: KURTIS, kurtis: KURTIS } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ 'categorySizeCharts.kurtis': 'is listed twice' });
    expect((await put({ categorySizeCharts: { Kurtis: KURTIS } }, staff)).statusCode).toBe(403);
    expect((await storeInfo()).categorySizeCharts).toEqual({});
  });

  it('reads them from the catalogue file, whose problems name the field', () => {
    const file = fixtureCatalog();
    expect(
      parseCatalogFile({
        ...file,
        store: { ...file.store, categorySizeCharts: { Kurtis: { unit: 'in', tables: [] } } },
      }),
    ).toEqual({
      ok: false,
      problems: ['store.categorySizeCharts.Kurtis.tables: must hold at least 1 table'],
    });
  });
});
