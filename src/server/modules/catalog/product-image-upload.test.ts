/**
 * Uploading product images through `app.inject()`: JPEG, PNG and WebP become WebP files of a few widths
 * (never upscaled, upright, without metadata) served as immutable; every bad file — wrong type, too large,
 * empty, a polyglot, markup inside, a name with a folder — is a 400 `{ error }` that writes nothing (no file
 * in the media folder, no row); 401, 403 and another store's product 404; audit rows; the storefront's srcset.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { productImages, products } from '../../db/schema/catalog-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import {
  jpegWithComment,
  multipartBody,
  pngWithText,
  sidewaysJpeg,
  testImage,
  ZIP_PAYLOAD,
  type MultipartFile,
} from '../../test/image-files';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('product image upload on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let shop: TestShop;
  let staff: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-media-'));
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.reset();
    await rm(join(dataDir, 'media'), { recursive: true, force: true });
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
  });

  const upload = async (files: MultipartFile[], productId = shop.saree, headers = staff.headers) => {
    const body = multipartBody(files);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/images`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** Every file under DATA_DIR/media, temporary ones included. */
  const mediaFiles = async (): Promise<string[]> => {
    try {
      return (await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  };
  const expectNothingWritten = async () => {
    expect(await mediaFiles()).toEqual([]);
    expect(await database.db.select().from(productImages)).toEqual([]);
    expect(await database.db.select().from(uploadedImages)).toEqual([]);
  };

  it('turns a JPEG, a PNG and a WebP into WebP files of a few widths, served as immutable', async () => {
    const { status, body } = await upload([
      { name: 'pallu.jpg', bytes: await testImage('jpeg', { width: 1600, height: 2000 }) },
      { name: 'border.png', bytes: await testImage('png', { width: 700, height: 500 }), type: 'image/png' },
      { name: 'tiny.webp', bytes: await testImage('webp', { width: 200, height: 100 }), type: 'image/webp' },
    ]);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      productId: shop.saree,
      sku: `SAR-${shop.storeId}`,
      title: 'Katan Silk Saree',
    });
    const [pallu, border, tiny] = body.images;
    expect(pallu).toMatchObject({ width: 1280, height: 1600 });
    expect(pallu.url).toMatch(/^\/media\/store\/1\/[0-9a-f]{20}-1280\.webp$/);
    const base = pallu.url.replace(/-1280\.webp$/, '');
    expect(pallu.srcset).toBe(
      `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-960.webp 960w, ${base}-1280.webp 1280w`,
    );
    expect(border).toMatchObject({ width: 700, height: 500 });
    expect(border.srcset.split(', ').map((entry: string) => entry.split(' ')[1])).toEqual([
      '320w',
      '640w',
      '700w',
    ]);
    expect(tiny).toMatchObject({
      width: 200,
      height: 100,
      srcset: `${tiny.url.replace(/-200\.webp$/, '')}-200.webp 200w`,
    });
    expect(await mediaFiles()).toHaveLength(4 + 3 + 1);

    const served = await app.inject({ method: 'GET', url: pallu.url.replace('-1280', '-640') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const missing = await app.inject({ method: 'GET', url: '/media/store/1/0000000000-320.webp' });
    expect(missing.statusCode).toBe(404);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 800 });

    const [product] = await database.db.select().from(products).where(eq(products.id, shop.saree));
    expect(product!.imgUrl).toBe(pallu.url);
    const audit = await database.db.select().from(auditLog);
    expect(audit).toMatchObject([
      {
        actor: staff.email,
        entity: 'product',
        entityId: `SAR-${shop.storeId}`,
        action: 'add-images',
        before: { images: [] },
        after: { images: [pallu.url, border.url, tiny.url] },
      },
    ]);
  });

  it('turns a sideways photo upright and keeps no metadata', async () => {
    const photo = await sidewaysJpeg({ width: 1000, height: 700 });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { status, body } = await upload([{ name: 'phone.jpg', bytes: photo }]);
    expect(status).toBe(201);
    expect(body.images[0]).toMatchObject({ width: 700, height: 1000 });
    const served = await app.inject({ method: 'GET', url: body.images[0].url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 700, height: 1000 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it('shows uploaded images on the storefront with srcset, and catalogue images as before', async () => {
    await database.db.insert(productImages).values({
      storeId: shop.storeId,
      productId: shop.saree,
      url: 'https://cdn.example/saree.jpg',
      position: 0,
    });
    const warm = await app.inject({ method: 'GET', url: `/api/v1/products/${shop.saree}` });
    expect(warm.json().images).toEqual([{ url: 'https://cdn.example/saree.jpg' }]);
    const { body } = await upload([
      { name: 'a.jpg', bytes: await testImage('jpeg', { width: 700, height: 875 }) },
    ]);
    const ours = body.images[1];
    const detail = (await app.inject({ method: 'GET', url: `/api/v1/products/${shop.saree}` })).json();
    expect(detail.images).toEqual([
      { url: 'https://cdn.example/saree.jpg' },
      { url: ours.url, srcset: ours.srcset, width: 700, height: 875 },
    ]);
    const list = (await app.inject({ method: 'GET', url: '/api/v1/products?limit=50' })).json();
    const saree = list.data.find((product: { id: string }) => product.id === shop.saree);
    expect(saree.images[1]).toEqual({ url: ours.url, srcset: ours.srcset, width: 700, height: 875 });
  });

  it('refuses every bad file with 400 and writes nothing', async () => {
    const jpeg = await testImage('jpeg', { width: 400, height: 400 });
    const png = await testImage('png', { width: 400, height: 400 });
    const cases: [MultipartFile, string][] = [
      [
        { name: 'anim.gif', bytes: await testImage('gif', { width: 50, height: 50 }) },
        'anim.gif is not a JPEG, PNG or WebP image',
      ],
      [
        { name: 'notes.jpg', bytes: Buffer.from('Order 40 sarees by Friday\n') },
        'notes.jpg is not a JPEG, PNG or WebP image',
      ],
      [
        { name: 'page.jpg', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
        'page.jpg is not a JPEG, PNG or WebP image',
      ],
      [{ name: 'empty.jpg', bytes: Buffer.alloc(0) }, 'empty.jpg is empty'],
      [
        { name: 'zip.jpg', bytes: Buffer.concat([jpeg, ZIP_PAYLOAD]) },
        'zip.jpg has data after the end of the image',
      ],
      [
        { name: 'html.jpg', bytes: Buffer.concat([jpeg, Buffer.from('<html><body>hi</body></html>')]) },
        'html.jpg has data after the end of the image',
      ],
      [
        { name: 'both.jpg', bytes: jpegWithComment(jpeg, '<html><script>alert(1)</script></html>') },
        'both.jpg contains HTML or script markup',
      ],
      [
        { name: 'both.png', bytes: pngWithText(png, '<script>alert(1)</script>') },
        'both.png contains HTML or script markup',
      ],
      [{ name: 'cut.jpg', bytes: jpeg.subarray(0, 300) }, 'cut.jpg is not a JPEG, PNG or WebP image'],
      [
        { name: '../../etc/cron.jpg', bytes: jpeg },
        'The file name "../../etc/cron.jpg" is not allowed: use a name without folders',
      ],
      [
        { name: 'big.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]) },
        'big.jpg is larger than 10 MB',
      ],
    ];
    for (const [file, message] of cases) {
      // The bad file comes second: the good first file must not be written either.
      const { status, body } = await upload([{ name: 'good.jpg', bytes: jpeg }, file]);
      expect({ file: file.name, status, body }).toEqual({
        file: file.name,
        status: 400,
        body: { error: message },
      });
      await expectNothingWritten();
    }
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it('refuses a request without files, with too many files, or not multipart', async () => {
    expect(await upload([])).toEqual({ status: 400, body: { error: 'Choose one or more images to upload' } });
    const jpeg = await testImage('jpeg', { width: 64, height: 64 });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `${index}.jpg`, bytes: jpeg }));
    expect(await upload(eleven)).toEqual({
      status: 400,
      body: { error: 'Upload at most 10 images at a time' },
    });
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${shop.saree}/images`,
      headers: staff.headers,
      payload: { url: 'https://evil.example/x.jpg' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'Send the images as multipart/form-data' });
    const broken = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${shop.saree}/images`,
      headers: { ...staff.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\n\xff\xd8',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The upload could not be read: send the images again' });
    await expectNothingWritten();
  });

  it('answers 401 without a session, 403 for a customer, 404 for another store or an unknown product', async () => {
    const jpeg = await testImage('jpeg', { width: 64, height: 64 });
    const file = [{ name: 'a.jpg', bytes: jpeg }];
    expect((await upload(file, shop.saree, { authorization: '' })).status).toBe(401);
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    expect((await upload(file, shop.saree, customer!.headers)).status).toBe(403);
    const other = await insertTestShop(database.db, { host: 'other.example', isDefault: false });
    expect(await upload(file, other.saree)).toEqual({ status: 404, body: { error: 'Product not found' } });
    expect(await upload(file, 'not-a-uuid')).toEqual({ status: 404, body: { error: 'Product not found' } });
    await expectNothingWritten();
    const rows = await database.db
      .select()
      .from(productImages)
      .where(and(eq(productImages.productId, other.saree)));
    expect(rows).toEqual([]);
  });
});
