/**
 * Managing a product's images through `app.inject()`: list, reorder (the first becomes the main image),
 * delete (variants showing it go back to the product's image), the image per colour (what the product page
 * shows when a shopper picks the colour), bad bodies 400, unknown images 404, another store 404, audit rows,
 * and the storefront seeing each change at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin-tables';
import { productImages, products, productVariants } from '../../db/schema/catalog-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { multipartBody, testImage } from '../../test/image-files';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

type Images = {
  images: { id: number; url: string }[];
  colours: { colour: string; imageId: number | null }[];
};

describe.each(testDatabaseKinds)('managing product images on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let shop: TestShop;
  let owner: SessionMember;
  let uploaded: Images;

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
    shop = await insertTestShop(database.db);
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    await database.db.insert(productVariants).values({
      storeId: shop.storeId,
      productId: shop.kurta,
      sku: `KUR-${shop.storeId}-M-RED`,
      size: 'M',
      color: 'Red',
      stock: 4,
      position: 2,
    });
    await database.db.insert(productImages).values({
      storeId: shop.storeId,
      productId: shop.kurta,
      url: 'https://cdn.example/kurta.jpg',
      position: 0,
    });
    const body = multipartBody([
      { name: 'red.jpg', bytes: await testImage('jpeg', { width: 700, height: 875 }) },
      { name: 'white.png', bytes: await testImage('png', { width: 400, height: 500 }) },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${shop.kurta}/images`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    uploaded = response.json();
  });

  const call = async (
    method: 'GET' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    headers = owner.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1/admin/products/${shop.kurta}/images${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const storefront = async () =>
    (await app.inject({ method: 'GET', url: `/api/v1/products/${shop.kurta}` })).json() as {
      imgUrl: string;
      images: { url: string }[];
      variants: { color: string; imgUrl: string | null }[];
    };
  const ids = () => uploaded.images.map((image) => image.id);
  const urls = () => uploaded.images.map((image) => image.url);

  it('lists the images in order with the colours of the variants', async () => {
    const { status, body } = await call('GET', '');
    expect(status).toBe(200);
    expect(body).toEqual(uploaded);
    expect(body.images.map((image: { srcset: string | null }) => image.srcset === null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(body.colours).toEqual([
      { colour: 'White', imageId: null, url: null },
      { colour: 'Red', imageId: null, url: null },
    ]);
  });

  it('reorders the images; the first becomes the main image on the storefront at once', async () => {
    expect((await storefront()).imgUrl).toBe('https://cdn.example/kurta.jpg');
    const [catalogue, red, white] = ids();
    const { status, body } = await call('PUT', '/order', { imageIds: [white, catalogue, red] });
    expect(status).toBe(200);
    expect(body.images.map((image: { id: number }) => image.id)).toEqual([white, catalogue, red]);
    const shown = await storefront();
    expect(shown.imgUrl).toBe(urls()[2]);
    expect(shown.images.map((image) => image.url)).toEqual([urls()[2], urls()[0], urls()[1]]);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'reorder-images'));
    expect(entry).toMatchObject({
      actor: owner.email,
      entityId: `KUR-${shop.storeId}`,
      before: { images: urls() },
      after: { images: [urls()[2], urls()[0], urls()[1]] },
    });
    // The same order again changes nothing and records nothing.
    expect((await call('PUT', '/order', { imageIds: [white, catalogue, red] })).status).toBe(200);
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.action, 'reorder-images')),
    ).toHaveLength(1);
  });

  it('refuses an order that does not list every image once', async () => {
    const [catalogue, red, white] = ids();
    for (const imageIds of [[catalogue, red], [catalogue, red, red], [catalogue, red, white, 999], []]) {
      expect(await call('PUT', '/order', { imageIds })).toEqual({
        status: 400,
        body: {
          error: 'Invalid field: imageIds',
          fields: { imageIds: 'must list every image of the product once' },
        },
      });
    }
    expect((await call('PUT', '/order', { imageIds: 'red first' })).status).toBe(400);
    expect((await call('GET', '')).body).toEqual(uploaded);
  });

  it('chooses the image of a colour, which the variants of that colour show', async () => {
    const red = ids()[1]!;
    const { status, body } = await call('PUT', '/colours', { colour: 'red', imageId: red });
    expect(status).toBe(200);
    expect(body.colours).toEqual([
      { colour: 'White', imageId: null, url: null },
      { colour: 'Red', imageId: red, url: urls()[1] },
    ]);
    const shown = await storefront();
    expect(shown.variants.map((variant) => [variant.color, variant.imgUrl])).toEqual([
      ['White', null],
      ['White', null],
      ['Red', urls()[1]],
    ]);
    expect((await call('PUT', '/colours', { colour: 'Red', imageId: null })).body.colours[1]).toEqual({
      colour: 'Red',
      imageId: null,
      url: null,
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'set-colour-image'));
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { colour: 'Red', url: null },
        { colour: 'Red', url: urls()[1] },
      ],
      [
        { colour: 'Red', url: urls()[1] },
        { colour: 'Red', url: null },
      ],
    ]);
  });

  it('refuses an unknown colour or an image of another product', async () => {
    expect(await call('PUT', '/colours', { colour: 'Blue', imageId: ids()[0] })).toEqual({
      status: 400,
      body: { error: 'Invalid field: colour', fields: { colour: 'is not a colour of this product' } },
    });
    const [other] = await database.db
      .insert(productImages)
      .values({
        storeId: shop.storeId,
        productId: shop.saree,
        url: 'https://cdn.example/saree.jpg',
        position: 0,
      })
      .returning({ id: productImages.id });
    expect(await call('PUT', '/colours', { colour: 'White', imageId: other!.id })).toEqual({
      status: 400,
      body: { error: 'Invalid field: imageId', fields: { imageId: 'is not an image of this product' } },
    });
  });

  it('deletes an image; variants showing it go back to the product image', async () => {
    const [catalogue, red] = ids();
    await call('PUT', '/colours', { colour: 'Red', imageId: red });
    const { status, body } = await call('DELETE', `/${red}`);
    expect(status).toBe(200);
    expect(body.images.map((image: { id: number }) => image.id)).toEqual([catalogue, ids()[2]]);
    expect(body.colours[1]).toEqual({ colour: 'Red', imageId: null, url: null });
    const shown = await storefront();
    expect(shown.images.map((image) => image.url)).toEqual([urls()[0], urls()[2]]);
    expect(shown.variants.every((variant) => variant.imgUrl === null)).toBe(true);
    expect(await call('DELETE', `/${red}`)).toEqual({ status: 404, body: { error: 'Image not found' } });
    await call('DELETE', `/${catalogue}`);
    await call('DELETE', `/${ids()[2]}`);
    const [kurta] = await database.db.select().from(products).where(eq(products.id, shop.kurta));
    expect(kurta!.imgUrl).toBeNull();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'delete-image'));
    expect(audit.map((entry) => entry.before)).toEqual([
      { url: urls()[1] },
      { url: urls()[0] },
      { url: urls()[2] },
    ]);
  });

  it('answers 401, 403 for a customer, 404 for another store and for a malformed image id', async () => {
    expect((await call('GET', '', undefined, { authorization: '' })).status).toBe(401);
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    expect((await call('PUT', '/order', { imageIds: ids() }, customer!.headers)).status).toBe(403);
    const staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    expect((await call('PUT', '/order', { imageIds: ids().reverse() }, staff.headers)).status).toBe(200);
    const other = await insertTestShop(database.db, { host: 'other.example', isDefault: false });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${other.kurta}/images/order`,
      headers: owner.headers,
      payload: { imageIds: [] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Product not found' });
    expect((await call('DELETE', '/abc')).status).toBe(400);
  });
});
