/**
 * Shared media (docs/operations.md "Shared media (S3)"): two servers — two apps, each with a data folder of
 * its own — on one database and one S3 bucket (a local stand-in, test/s3-stand-in.ts) each serve an image
 * uploaded through the other, at the same `/media/store/…` URL, as immutable WebP, and draws its link preview
 * from it; nothing is written to either data folder. With MEDIA_PUBLIC_URL the URL redirects to the bucket's public address, which the
 * page's img-src allows. On PGlite the apps share one handle; on PostgreSQL (TEST_DATABASE_URL) each opens
 * its own connection pool, as separate processes would.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { insertSignedInMember, type SessionMember } from './test/admin-member';
import { multipartBody, testImage } from './test/image-files';
import { insertTestShop, type TestShop } from './test/order-fixture';
import { startS3StandIn, type S3StandIn } from './test/s3-stand-in';
import { testConfig } from './test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './test/test-database';

describe.each(testDatabaseKinds)('two servers sharing media in S3 on %s', (kind) => {
  let database: TestDatabase;
  let standIn: S3StandIn;
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  let first: FastifyInstance;
  let second: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;

  /** A server of its own: its own data folder, and on PostgreSQL its own connection pool. */
  const server = async (change: Partial<AppConfig> = {}) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'resham-shared-'));
    dataDirs.push(dataDir);
    const config = { ...testConfig, ...standIn.config, DATA_DIR: dataDir, ...change };
    let app: FastifyInstance;
    if (kind === 'pglite') {
      app = await buildApp(config, { database, logger: false });
    } else {
      const [{ name }] = (await database.pool!.query<{ name: string }>('select current_database() as name'))
        .rows as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      app = await buildApp({ ...config, DATABASE_URL: url.toString() }, { logger: false });
    }
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    standIn = await startS3StandIn();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    first = await server();
    second = await server();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await standIn?.close();
    await database?.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (
    app: FastifyInstance,
    productId: string,
    colour: { r: number; g: number; b: number },
  ) => {
    const bytes = await testImage('png', { width: 700, height: 500 });
    const body = multipartBody([
      { name: `${colour.r}.png`, bytes: await recolour(bytes, colour), type: 'image/png' },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/images`,
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ images: { url: string; srcset: string }[] }>().images.at(-1)!;
  };

  it('serves an image uploaded through one server from the other, at the same URL', async () => {
    const saree = await upload(first, shop.saree, { r: 200, g: 10, b: 10 });
    const kurta = await upload(second, shop.kurta, { r: 10, g: 10, b: 200 });
    const hashOf = (url: string) => /([0-9a-f]{20})-700\.webp$/.exec(url)![1]!;
    expect(saree.url).toBe(`/media/store/${shop.storeId}/${hashOf(saree.url)}-700.webp`);
    expect(await standIn.keys()).toEqual(
      [saree.url, kurta.url]
        .flatMap((url) => [320, 640, 700].map((width) => `${shop.storeId}/${hashOf(url)}-${width}.webp`))
        .sort(),
    );

    for (const url of [saree.url, kurta.url, saree.url.replace('-700', '-320')]) {
      const [one, other] = await Promise.all(
        [first, second].map((app) => app.inject({ method: 'GET', url })),
      );
      for (const served of [one!, other!]) {
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
      expect(one!.rawPayload.equals(other!.rawPayload)).toBe(true);
    }
    // The other server lists the image too (one database).
    const listed = await second.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.saree}/images`,
      headers: staff.headers,
    });
    expect(listed.json<{ images: { url: string }[] }>().images.map((image) => image.url)).toEqual([
      saree.url,
    ]);
    // The link preview drawn by the other server comes from the bucket's picture (red), not the plain card.
    const preview = await second.inject({ method: 'GET', url: `/og/product/${shop.saree}.jpg` });
    expect(preview.statusCode).toBe(200);
    const sharp = (await import('sharp')).default;
    const centre = await sharp(preview.rawPayload)
      .extract({ left: 600, top: 315, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(centre[0]).toBeGreaterThan(150);
    expect(centre[1]).toBeLessThan(60);
    // Nothing on either server's disk.
    for (const dataDir of dataDirs) {
      expect((await readdir(dataDir, { recursive: true })).filter((name) => name.endsWith('.webp'))).toEqual(
        [],
      );
    }
  });

  it('answers 404 for a missing object and for a name the uploads never write', async () => {
    for (const url of [
      `/media/store/${shop.storeId}/0000000000aaaaaaaaaa-320.webp`,
      `/media/store/${shop.storeId}/..%2F..%2Fsecret.webp`,
      `/media/store/${shop.storeId}/photo.jpg`,
    ]) {
      const response = await second.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: `Not found: GET ${url}` });
    }
  });

  it('redirects to MEDIA_PUBLIC_URL when set, and allows its origin in img-src', async () => {
    const publicUrl = `${standIn.config.S3_ENDPOINT}/${standIn.config.S3_BUCKET}`;
    const third = await server({ MEDIA_PUBLIC_URL: publicUrl });
    const image = await upload(first, shop.dupatta, { r: 10, g: 200, b: 10 });
    const key = image.url.replace('/media/store/', '');
    const redirected = await third.inject({ method: 'GET', url: image.url });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`${publicUrl}/${key}`);
    expect(redirected.headers['cache-control']).toBe('public, max-age=86400');
    // The public address serves the very bytes the first server sends.
    const direct = await fetch(redirected.headers.location as string);
    expect(direct.status).toBe(200);
    const sent = await first.inject({ method: 'GET', url: image.url });
    expect(Buffer.from(await direct.arrayBuffer()).equals(sent.rawPayload)).toBe(true);

    const imgSrc = (app: FastifyInstance) =>
      app
        .inject({ method: 'GET', url: '/api/v1/store-info' })
        .then((response) => /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]);
    expect(await imgSrc(third)).toBe(`'self' data: https: ${standIn.config.S3_ENDPOINT}`);
    expect(await imgSrc(first)).toBe(`'self' data: https:`);
  });
});

/** The same picture in another colour (another hash). */
async function recolour(png: Buffer, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const { width, height } = await sharp(png).metadata();
  return sharp({ create: { width: width!, height: height!, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
