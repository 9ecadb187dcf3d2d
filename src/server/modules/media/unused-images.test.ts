/**
 * An uploaded image's files go once nothing names it (./unused-images.ts), in the folder and in an S3
 * bucket alike: a picture on two products keeps its files until the second product lets it go; a category
 * naming only its narrow file keeps it; a replaced logo goes unless a product shows the same picture; and a
 * change that fails keeps every file.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/catalog-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { multipartBody } from '../../test/image-files';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { buildTestApp } from '../../test/test-app';
import {
  openTestDatabase,
  testDatabaseKinds,
  type DatabaseKind,
  type TestDatabase,
} from '../../test/test-database';
import { releaseUnusedImages } from './unused-images';

const cases = testDatabaseKinds.flatMap((kind) =>
  (['local', 's3'] as const).map((storage): [DatabaseKind, 'local' | 's3'] => [kind, storage]),
);

describe.each(cases)('removing unused images on %s with the %s storage', (kind, storage) => {
  let database: TestDatabase;
  let standIn: S3StandIn | undefined;
  let app: FastifyInstance;
  let dataDir: string;
  let shop: TestShop;
  let owner: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-unused-'));
    if (storage === 's3') standIn = await startS3StandIn();
    app = await buildTestApp(database, { DATA_DIR: dataDir, ...standIn?.config });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.reset();
    await standIn?.empty();
    await rm(join(dataDir, 'media'), { recursive: true, force: true });
    shop = await insertTestShop(database.db);
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
  });

  /** Every stored file of the store, as `<hash>-<width>.webp`, sorted. */
  const stored = async (): Promise<string[]> => {
    if (standIn) return (await standIn.keys()).map((key) => key.split('/')[1]!);
    try {
      return (await readdir(join(dataDir, 'media', String(shop.storeId)))).sort();
    } catch {
      return [];
    }
  };
  const filesOf = (url: string, widths: number[]) => {
    const hash = /([0-9a-f]{20})-\d+\.webp$/.exec(url)![1]!;
    return widths.map((width) => `${hash}-${width}.webp`);
  };
  /** A 700 × 500 PNG in its own colour (so its own hash). */
  const picture = (red: number) =>
    sharp({ create: { width: 700, height: 500, channels: 3, background: { r: red, g: 90, b: 40 } } })
      .png()
      .toBuffer();
  const send = async (url: string, bytes: Buffer) => {
    const body = multipartBody([{ name: 'picture.png', bytes, type: 'image/png' }]);
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const addImage = async (productId: string, bytes: Buffer) =>
    (
      (await send(`/api/v1/admin/products/${productId}/images`, bytes)) as {
        images: { id: number; url: string }[];
      }
    ).images.at(-1)!;
  const deleteImage = async (productId: string, imageId: number) => {
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${productId}/images/${imageId}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
  };
  const uploadedRows = async () =>
    (await database.db.select({ url: uploadedImages.url }).from(uploadedImages)).map((row) => row.url).sort();

  it('keeps a picture two products show until the second lets it go', async () => {
    const bytes = await picture(200);
    const onSaree = await addImage(shop.saree, bytes);
    const onKurta = await addImage(shop.kurta, bytes);
    expect(onKurta.url).toBe(onSaree.url);
    const files = filesOf(onSaree.url, [320, 640, 700]);
    expect(await stored()).toEqual(files);

    await deleteImage(shop.saree, onSaree.id);
    expect(await stored()).toEqual(files);
    expect(await uploadedRows()).toEqual([onSaree.url]);

    await deleteImage(shop.kurta, onKurta.id);
    expect(await stored()).toEqual([]);
    expect(await uploadedRows()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: onSaree.url })).statusCode).toBe(404);
  });

  it('keeps a picture whose narrow file a category still shows', async () => {
    const image = await addImage(shop.saree, await picture(120));
    await database.db
      .update(categories)
      .set({ imageUrl: image.url.replace('-700.webp', '-320.webp') })
      .where(eq(categories.storeId, shop.storeId));
    await deleteImage(shop.saree, image.id);
    expect(await stored()).toEqual(filesOf(image.url, [320, 640, 700]));
    expect(await uploadedRows()).toEqual([image.url]);
  });

  it('removes a replaced logo unless a product shows the same picture', async () => {
    const first = (await send('/api/v1/admin/settings/logo', await picture(10))) as {
      companyLogoUrl: string;
    };
    const secondBytes = await picture(20);
    const second = (await send('/api/v1/admin/settings/logo', secondBytes)) as { companyLogoUrl: string };
    expect(await stored()).toEqual(filesOf(second.companyLogoUrl, [320, 640, 700]));

    const onSaree = await addImage(shop.saree, secondBytes);
    expect(onSaree.url).toBe(second.companyLogoUrl);
    const third = (await send('/api/v1/admin/settings/logo', await picture(30))) as {
      companyLogoUrl: string;
    };
    expect(await stored()).toEqual(
      [
        ...filesOf(second.companyLogoUrl, [320, 640, 700]),
        ...filesOf(third.companyLogoUrl, [320, 640, 700]),
      ].sort(),
    );
    expect(await uploadedRows()).toEqual([second.companyLogoUrl, third.companyLogoUrl].sort());
    expect(first.companyLogoUrl).not.toBe(second.companyLogoUrl);
  });

  it("releases nothing when the change rolls back, and never another store's or a foreign URL", async () => {
    const image = await addImage(shop.saree, await picture(60));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.delete(uploadedImages).where(eq(uploadedImages.storeId, shop.storeId));
        await tx.execute('delete from product_images');
        await tx.execute('update products set img_url = null');
        expect(await releaseUnusedImages(tx, shop.storeId, [image.url])).toEqual(
          filesOf(image.url, [320, 640, 960, 1280, 700]).map((name) => `${shop.storeId}/${name}`),
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored()).toEqual(filesOf(image.url, [320, 640, 700]));
    const [row] = await database.db
      .select()
      .from(uploadedImages)
      .where(and(eq(uploadedImages.storeId, shop.storeId), eq(uploadedImages.url, image.url)));
    expect(row).toBeDefined();
    expect(
      await releaseUnusedImages(database.db, shop.storeId + 1, [
        image.url,
        'https://cdn.example/a.webp',
        null,
      ]),
    ).toEqual([]);
  });
});
