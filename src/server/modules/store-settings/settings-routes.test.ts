/**
 * The admin's store settings through `app.inject()`: each section saved and shown by `GET /storeInfo` at once,
 * every bad body a 400 with `fields` and the catalogue file's messages, 401 / 403 for customers and staff,
 * an audit row per change (none for a save that changes nothing), and no payment secret in the answer.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WHATSAPP_NUMBER_MESSAGE } from '@shared/store-settings/whatsapp';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import {
  itOnPgliteOnly,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/test-database';
import { NOT_A_MEMBER_MESSAGE, OWNER_ONLY_MESSAGE } from '../auth/role-hook';
import { catalogImportFileSchema } from '../catalog-file/import-schema';
import { importCatalog } from '../catalog-file/import-service';

const STORE_INFO = {
  storeName: 'Kashi Weaves',
  companyName: 'Kashi Weaves LLP',
  companyAddress: '4 Godowlia, Varanasi, Uttar Pradesh 221001',
  companyEmail: 'hello@kashi.example',
  companyPhone: '+91 98390 00000',
  description: 'Silk from Varanasi.',
  whatsappNumber: '98390 41736',
  supportHours: 'Monday to Friday, 9AM - 5PM',
};
const GST = {
  legalName: 'Kashi Weaves LLP',
  legalAddress: '4 Godowlia, Varanasi 221001',
  state: 'uttar pradesh',
  gstin: '09AAGCR4375J1ZW',
  invoicePrefix: 'KW',
  gstDefaults: [
    { category: 'Women', hsn: '5007', gstRate: 5 },
    { category: 'Men', hsn: '', gstRate: null },
  ],
};

describe.each(testDatabaseKinds)('admin store settings on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: SessionMember;
  let staff: SessionMember;
  let customer: SessionCustomer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database, { PAYU_KEY: 'shopkey', PAYU_SALT: 'very-secret-salt' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    const { storeId } = await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    owner = await insertSignedInMember(database.db, storeId, 'owner');
    staff = await insertSignedInMember(database.db, storeId, 'staff');
    [customer] = (await insertSignedInCustomers(database.db, 1, storeId)) as [SessionCustomer];
  });

  const put = (section: string, payload: unknown, headers: Record<string, string> = owner.headers) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/settings/${section}`,
      headers,
      payload: payload as object,
    });
  const storeInfo = async () => (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();
  const audits = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('answers every section, and the payment set-up without its secrets', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.storeInfo).toMatchObject({ storeName: 'Test Silk House', whatsappNumber: null });
    expect(body.categories).toEqual([
      { name: 'Men', imageUrl: '/media/demo/category-men.svg' },
      { name: 'Women', imageUrl: '/media/demo/category-women.svg' },
      { name: 'Accessories', imageUrl: null },
      { name: 'Unstitched Fabrics', imageUrl: null },
    ]);
    expect(body.gst).toEqual({
      legalName: null,
      legalAddress: null,
      state: null,
      gstin: null,
      invoicePrefix: 'RS',
      gstDefaults: [],
    });
    expect(body.synonyms[0]).toEqual(['saree', 'sari', 'sadi', 'साड़ी', 'साडी']);
    expect(body.payments.gateway).toEqual({ provider: 'payu', testMode: false });
    expect(response.body).not.toContain('very-secret-salt');
    expect(response.body).not.toContain('shopkey');
  });

  it('saves the store info, shows it in GET /storeInfo at once and audits it', async () => {
    await storeInfo(); // cached now
    const response = await put('store-info', STORE_INFO);
    expect(response.statusCode).toBe(200);
    expect(response.json().storeInfo).toEqual({
      ...STORE_INFO,
      companyLogoUrl: '/media/demo/logo.svg',
      whatsappNumber: '+919839041736',
      socialLinks: {},
      sizeChart: null,
      categorySizeCharts: {},
    });
    expect(await storeInfo()).toMatchObject({
      storeName: 'Kashi Weaves',
      whatsappNumber: '+919839041736',
      supportHours: 'Monday to Friday, 9AM - 5PM',
    });
    const [entry] = await audits();
    expect(entry).toMatchObject({
      actor: owner.email,
      entity: 'store',
      entityId: 'store-info',
      action: 'update-store-info',
    });
    expect(entry!.before).toMatchObject({ storeName: 'Test Silk House', whatsappNumber: null });
    expect(entry!.after).toMatchObject({ storeName: 'Kashi Weaves', whatsappNumber: '+919839041736' });
    // The same body again changes nothing and writes no audit row.
    expect((await put('store-info', STORE_INFO)).statusCode).toBe(200);
    expect(await audits()).toHaveLength(1);
    // Blank fields clear them.
    const cleared = await put('store-info', {
      ...STORE_INFO,
      whatsappNumber: '',
      description: ' ',
      supportHours: '',
    });
    expect(cleared.json().storeInfo).toMatchObject({
      whatsappNumber: null,
      description: null,
      supportHours: null,
    });
    expect(await storeInfo()).toMatchObject({ whatsappNumber: null, description: null, supportHours: null });
  });

  it('orders the categories with their images, keeping the others', async () => {
    const response = await put('categories', {
      categories: [
        { name: 'Women', imageUrl: '/media/women-new.jpg' },
        { name: 'Unstitched Fabrics', imageUrl: 'https://cdn.example/fabric.jpg' },
        { name: 'Men', imageUrl: '' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().otherCategories).toEqual(['Accessories']);
    expect(await storeInfo()).toMatchObject({
      categories: ['Women', 'Unstitched Fabrics', 'Men'],
      categoryImages: {
        Women: '/media/women-new.jpg',
        'Unstitched Fabrics': 'https://cdn.example/fabric.jpg',
      },
    });
    const [entry] = await audits();
    expect(entry).toMatchObject({ entityId: 'categories', action: 'update-categories' });
    expect(entry!.after).toMatchObject({ categories: ['Women', 'Unstitched Fabrics', 'Men'] });
  });

  it('saves the GST settings with the state spelled as listed and the defaults per category', async () => {
    const response = await put('gst', GST);
    expect(response.statusCode).toBe(200);
    expect(response.json().gst).toEqual({
      legalName: 'Kashi Weaves LLP',
      legalAddress: '4 Godowlia, Varanasi 221001',
      state: 'Uttar Pradesh',
      gstin: '09AAGCR4375J1ZW',
      invoicePrefix: 'KW',
      gstDefaults: [
        { category: 'Men', hsn: null, gstRate: null },
        { category: 'Women', hsn: '5007', gstRate: 5 },
      ],
    });
    expect((await audits())[0]).toMatchObject({ entityId: 'gst', action: 'update-gst' });
  });

  it('saves the synonym groups, and an empty list means none', async () => {
    const saved = await put('synonyms', {
      groups: [
        ['Saree', 'sari'],
        ['dupatta', 'chunni', 'odhni'],
      ],
    });
    expect(saved.json().synonyms).toEqual([
      ['saree', 'sari'],
      ['dupatta', 'chunni', 'odhni'],
    ]);
    expect((await put('synonyms', { groups: [] })).json().synonyms).toEqual([]);
    expect((await audits()).map((entry) => entry.action)).toEqual(['update-synonyms', 'update-synonyms']);
  });

  it('stores a policy exactly as typed, and blank HTML returns it to the default', async () => {
    const html = '<h2>Terms</h2><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">';
    const response = await put('policies/terms', { html });
    expect(response.statusCode).toBe(200);
    expect((await storeInfo()).policies).toEqual({
      shipping: '<h2>Shipping</h2><p>{companyName} ships free.</p>',
      terms: html,
    });
    const [entry] = await audits();
    expect(entry).toMatchObject({
      entityId: 'policy:terms',
      action: 'update-policy',
      before: { terms: null },
      after: { terms: html },
    });
    await put('policies/terms', { html: '  ' });
    expect((await storeInfo()).policies).toEqual({
      shipping: '<h2>Shipping</h2><p>{companyName} ships free.</p>',
    });
  });

  itOnPgliteOnly(kind).each([
    [
      'store-info',
      { ...STORE_INFO, companyEmail: 'not-mail' },
      { companyEmail: 'must be an e-mail address' },
    ],
    [
      'store-info',
      { ...STORE_INFO, whatsappNumber: '12345 67890' },
      { whatsappNumber: WHATSAPP_NUMBER_MESSAGE },
    ],
    [
      'store-info',
      { ...STORE_INFO, storeName: 'x'.repeat(121) },
      { storeName: 'must be at most 120 characters' },
    ],
    [
      'store-info',
      { storeName: 'Only a name', companyName: 'A', companyAddress: 'B', companyPhone: '', description: '' },
      {
        companyEmail: 'Invalid input: expected string, received undefined',
        whatsappNumber: 'Invalid input: expected string, received undefined',
        supportHours: 'Invalid input: expected string, received undefined',
      },
    ],
    [
      'categories',
      { categories: [{ name: 'Men', imageUrl: 'javascript:alert(1)' }] },
      { 'categories.0.imageUrl': 'must be a path starting with / or an http(s) URL' },
    ],
    [
      'categories',
      {
        categories: [
          { name: 'Men', imageUrl: '' },
          { name: 'men', imageUrl: '' },
        ],
      },
      { 'categories.1.name': 'is listed twice' },
    ],
    [
      'categories',
      { categories: [{ name: ' ', imageUrl: '' }] },
      { 'categories.0.name': 'must not be empty' },
    ],
    ['gst', { ...GST, gstin: '09AAGCR4375J1ZX' }, { gstin: 'check character does not match' }],
    ['gst', { ...GST, state: '' }, { state: 'is required with a GSTIN' }],
    ['gst', { ...GST, state: 'Rajasthan' }, { gstin: 'must start with 08, the GST state code of Rajasthan' }],
    ['gst', { ...GST, state: 'Atlantis' }, { state: 'must be one of the 36 states and union territories' }],
    ['gst', { ...GST, invoicePrefix: 'rs12' }, { invoicePrefix: 'must be 1 to 3 capital letters or digits' }],
    [
      'gst',
      { ...GST, gstDefaults: [{ category: 'Women', hsn: '12', gstRate: 7 }] },
      {
        'gstDefaults.0.hsn': 'must be an HSN code of 4, 6 or 8 digits',
        'gstDefaults.0.gstRate': 'must be one of 0, 3, 5, 18, 40',
      },
    ],
    ['synonyms', { groups: [['saree']] }, { 'groups.0': 'must hold at least 2 words' }],
    ['synonyms', { groups: 'saree, sari' }, { groups: 'Invalid input: expected array, received string' }],
    ['policies/terms', { html: 'x'.repeat(100_001) }, { html: 'must be at most 100,000 characters' }],
  ])('PUT %s answers 400 with fields for a bad body (%#)', async (section, body, fields) => {
    const response = await put(section, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(await audits()).toEqual([]);
  });

  itOnPgliteOnly(kind)('answers 400 for a policy that is not one of the six', async () => {
    const response = await put('policies/cookies', { html: '<p>x</p>' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('slug');
  });

  it('answers 401 without a session, 403 to a customer and 403 to staff on every settings route', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', '/api/v1/admin/settings', undefined],
      ['PUT', '/api/v1/admin/settings/store-info', STORE_INFO],
      ['PUT', '/api/v1/admin/settings/categories', { categories: [] }],
      ['PUT', '/api/v1/admin/settings/gst', GST],
      ['PUT', '/api/v1/admin/settings/synonyms', { groups: [] }],
      ['PUT', '/api/v1/admin/settings/policies/terms', { html: '<p>x</p>' }],
    ];
    for (const [method, url, payload] of routes) {
      const call = (headers: Record<string, string>) =>
        app.inject({
          method: method as 'PUT',
          url,
          headers,
          ...(payload ? { payload: payload as object } : {}),
        });
      expect([url, (await call({})).statusCode]).toEqual([url, 401]);
      expect([url, (await call(customer.headers)).json()]).toEqual([url, { error: NOT_A_MEMBER_MESSAGE }]);
      const forStaff = await call(staff.headers);
      expect([url, forStaff.statusCode, forStaff.json()]).toEqual([url, 403, { error: OWNER_ONLY_MESSAGE }]);
    }
    expect(await audits()).toEqual([]);
    expect(await storeInfo()).toMatchObject({ storeName: 'Test Silk House' });
  });
});
