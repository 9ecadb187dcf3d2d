/**
 * The store's social links and size chart through `app.inject()`: saved from the admin's settings and shown
 * by `GET /storeInfo` at once, kept when a store-info save leaves the links out, bad links and charts refused
 * with 400 and `fields`, and both read from and written to the catalogue file's `store` block.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SizeChart } from '@shared/store-settings/size-chart';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { buildTestApp } from '../../test/test-app';
import {
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';
import { exportStoreBlock } from '../catalog-file/catalog-export';
import { catalogImportFileSchema, parseCatalogFile } from '../catalog-file/import-schema';
import { importCatalog } from '../catalog-file/import-service';

const STORE_INFO = {
  storeName: 'Kashi Weaves',
  companyName: 'Kashi Weaves LLP',
  companyAddress: '4 Godowlia, Varanasi, Uttar Pradesh 221001',
  companyEmail: 'hello@kashi.example',
  companyPhone: '+91 98390 00000',
  description: 'Silk from Varanasi.',
  whatsappNumber: '',
  supportHours: '',
};
const NO_LINKS = { instagram: '', facebook: '', youtube: '', x: '', pinterest: '' };
const CHART: SizeChart = {
  unit: 'cm',
  tables: [
    {
      title: "Women's kurta",
      columns: ['Bust', 'Waist'],
      rows: [
        { size: 'S', values: [86, 71] },
        { size: 'M', values: [91.5, 76] },
      ],
    },
  ],
};

describe.each(testDatabaseKinds)('social links and size chart settings on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
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
  });

  const put = (section: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/admin/settings/${section}`, headers: owner.headers, payload });
  const storeInfo = async () => (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();

  it('saves the configured social links only, keeps them when a save leaves them out, clears them when blank', async () => {
    expect((await storeInfo()).socialLinks).toEqual({});
    const links = {
      ...NO_LINKS,
      instagram: ' https://www.instagram.com/kashiweaves ',
      pinterest: 'https://in.pinterest.com/kashiweaves/',
    };
    const saved = await put('store-info', { ...STORE_INFO, socialLinks: links });
    expect(saved.statusCode).toBe(200);
    const expected = {
      instagram: 'https://www.instagram.com/kashiweaves',
      pinterest: 'https://in.pinterest.com/kashiweaves/',
    };
    expect(saved.json().storeInfo.socialLinks).toEqual(expected);
    expect((await storeInfo()).socialLinks).toEqual(expected);
    expect((await exportStoreBlock(database.db, storeId)).socialLinks).toEqual(expected);

    expect((await put('store-info', { ...STORE_INFO, storeName: 'Kashi' })).statusCode).toBe(200);
    expect((await storeInfo()).socialLinks).toEqual(expected);

    expect((await put('store-info', { ...STORE_INFO, socialLinks: NO_LINKS })).statusCode).toBe(200);
    expect((await storeInfo()).socialLinks).toEqual({});
  });

  itOnPgliteOnly(kind).each([
    ['instagram', 'http://www.instagram.com/kashi', 'must be an https:// link to instagram.com'],
    ['instagram', 'https://www.facebook.com/kashi', 'must be an https:// link to instagram.com'],
    ['facebook', 'https://facebook.com.evil.example/kashi', 'must be an https:// link to facebook.com'],
    ['youtube', 'https://www.youtube.com/', 'must be an https:// link to youtube.com'],
    ['x', 'javascript:alert(1)', 'must be an https:// link to x.com'],
    ['pinterest', 'https://user:pw@pinterest.com/kashi', 'must be an https:// link to pinterest.com'],
    ['x', `https://x.com/${'k'.repeat(500)}`, 'must be at most 500 characters'],
  ])('answers 400 for a bad %s link (%#)', async (network, url, message) => {
    const response = await put('store-info', { ...STORE_INFO, socialLinks: { ...NO_LINKS, [network]: url } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [`socialLinks.${network}`]: message });
    expect((await storeInfo()).socialLinks).toEqual({});
  });

  it('saves the size chart, shows it in GET /storeInfo and the catalogue file, and removes it with null', async () => {
    expect((await storeInfo()).sizeChart).toBeNull();
    const saved = await put('size-chart', { sizeChart: CHART });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().storeInfo.sizeChart).toEqual(CHART);
    expect((await storeInfo()).sizeChart).toEqual(CHART);
    expect((await exportStoreBlock(database.db, storeId)).sizeChart).toEqual(CHART);
    const removed = await put('size-chart', { sizeChart: null });
    expect(removed.json().storeInfo.sizeChart).toBeNull();
    expect((await storeInfo()).sizeChart).toBeNull();
  });

  const table = CHART.tables[0]!;
  itOnPgliteOnly(kind).each([
    [{ ...CHART, unit: 'mm' }, { 'sizeChart.unit': 'must be in or cm' }],
    [{ ...CHART, tables: [] }, { 'sizeChart.tables': 'must hold at least 1 table' }],
    [
      { ...CHART, tables: [{ ...table, rows: [{ size: 'S', values: [86] }] }] },
      { 'sizeChart.tables.0.rows.0.values': 'must hold 2 measurements, one per column' },
    ],
    [
      { ...CHART, tables: [{ ...table, rows: [table.rows[0], { size: 's', values: [0, 71.25] }] }] },
      {
        'sizeChart.tables.0.rows.1.size': 'is listed twice',
        'sizeChart.tables.0.rows.1.values.0': 'must be above 0',
        'sizeChart.tables.0.rows.1.values.1': 'must have at most 1 decimal',
      },
    ],
    [{ ...CHART, tables: [{ ...table, title: ' ' }] }, { 'sizeChart.tables.0.title': 'must not be empty' }],
    [{ unit: 'in' }, { 'sizeChart.tables': 'Invalid input: expected array, received undefined' }],
  ])('answers 400 with fields for a bad size chart (%#)', async (sizeChart, fields) => {
    const response = await put('size-chart', { sizeChart });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect((await storeInfo()).sizeChart).toBeNull();
  });

  it('reads both from the catalogue file, whose problems name the field', () => {
    const file = fixtureCatalog();
    const parsed = catalogImportFileSchema.parse({
      ...file,
      store: {
        ...file.store,
        socialLinks: { youtube: 'https://youtube.com/@kashi', x: ' ' },
        sizeChart: CHART,
      },
    });
    expect(parsed.store.socialLinks).toEqual({ youtube: 'https://youtube.com/@kashi' });
    expect(parsed.store.sizeChart).toEqual(CHART);
    const bad = parseCatalogFile({
      ...file,
      store: {
        ...file.store,
        socialLinks: { facebook: 'https://fb.example/kashi' },
        sizeChart: { unit: 'cm' },
      },
    });
    expect(bad).toEqual({
      ok: false,
      problems: [
        'store.socialLinks.facebook: must be an https:// link to facebook.com',
        'store.sizeChart.tables: Invalid input: expected array, received undefined',
      ],
    });
  });
});
