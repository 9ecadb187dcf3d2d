/**
 * The store logo upload through `app.inject()`: the owner's image goes through the upload pipeline and
 * becomes store info's `companyLogoUrl` (seen by the storefront at once), with an audit row; staff 403,
 * no session 401; a bad file or two files 400 with nothing written.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { multipartBody, testImage, ZIP_PAYLOAD, type MultipartFile } from '../../test/image-files';
import { insertTestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('store logo upload on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let owner: SessionMember;
  let staff: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-logo-'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // A new app per test: the last test's catalogue NOTIFY must not reach an app that reloads the store
    // directory (and creates a default store) while this test empties and refills the tables.
    await app?.close();
    await database.reset();
    await rm(join(dataDir, 'media'), { recursive: true, force: true });
    const shop = await insertTestShop(database.db);
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });

  const uploadLogo = async (files: MultipartFile[], headers: Record<string, string> = owner.headers) => {
    const body = multipartBody(files);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/logo',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const logoUrl = async () =>
    (await app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json().companyLogoUrl as string | null;
  const mediaCount = async () => {
    try {
      return (await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };

  it("sets the store's logo from the owner's upload", async () => {
    expect(await logoUrl()).toBeNull();
    const { status, body } = await uploadLogo([
      { name: 'logo.png', bytes: await testImage('png', { width: 500, height: 200 }), type: 'image/png' },
    ]);
    expect(status).toBe(201);
    expect(body).toMatchObject({ width: 500, height: 200 });
    expect(body.companyLogoUrl).toMatch(/^\/media\/store\/1\/[0-9a-f]{20}-500\.webp$/);
    expect(body.srcset).toBe(
      `${body.companyLogoUrl.replace('-500', '-320')} 320w, ${body.companyLogoUrl} 500w`,
    );
    expect(await logoUrl()).toBe(body.companyLogoUrl);
    expect((await app.inject({ method: 'GET', url: body.companyLogoUrl })).statusCode).toBe(200);
    expect(await database.db.select().from(auditLog)).toMatchObject([
      {
        actor: owner.email,
        entity: 'store',
        action: 'upload-logo',
        before: { companyLogoUrl: null },
        after: { companyLogoUrl: body.companyLogoUrl },
      },
    ]);
  });

  it('refuses staff, no session, a bad file and two files, writing nothing', async () => {
    const png = await testImage('png', { width: 100, height: 100 });
    expect(await uploadLogo([{ name: 'logo.png', bytes: png }], staff.headers)).toEqual({
      status: 403,
      body: { error: 'Only the shop owner can do this' },
    });
    expect((await uploadLogo([{ name: 'logo.png', bytes: png }], {})).status).toBe(401);
    expect(await uploadLogo([{ name: 'logo.png', bytes: Buffer.concat([png, ZIP_PAYLOAD]) }])).toEqual({
      status: 400,
      body: { error: 'logo.png has data after the end of the image' },
    });
    expect(
      await uploadLogo([
        { name: 'a.png', bytes: png },
        { name: 'b.png', bytes: png },
      ]),
    ).toEqual({ status: 400, body: { error: 'Upload one image as the logo' } });
    expect(await mediaCount()).toBe(0);
    expect(await logoUrl()).toBeNull();
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });
});
