/**
 * `POST /orders/{orderId}/returns/{returnId}/photos` through `app.inject()`: a JPEG becomes WebP files in the
 * media folder and a photo of the return; a bad file answers the admin upload's text and writes nothing;
 * one file a request, at most 3 a return, only while requested, only the order's shopper.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderReturn } from '@shared/returns/return-schemas';
import { orderReturns, returnPhotos } from '../../db/schema/return-tables';
import { insertDeliveredOrder } from '../../test/delivered-order';
import { orderLineIds } from '../../test/order-fixture';
import { multipartBody, testImage, ZIP_PAYLOAD, type MultipartFile } from '../../test/image-files';
import { insertShoppersOfTwoShops, type ShoppersOfTwoShops } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';

describe.each(testDatabaseKinds)('return photos on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let world: ShoppersOfTwoShops;
  let jpeg: Buffer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-return-photos-'));
    jpeg = await testImage('jpeg', { width: 800, height: 600 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    await rm(join(dataDir, 'media'), { recursive: true, force: true });
    world = await insertShoppersOfTwoShops(database.db, HOST, 'second.example');
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });

  /** Asha's Delivered order of one saree and her return of it. */
  const requested = async () => {
    const order = await insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.asha.userId,
      lines: [{ productId: world.shop.saree, quantity: 1 }],
    });
    const [lineId] = await orderLineIds(database.db, order.id);
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.orderNumber}/returns`,
      headers: { host: HOST, ...world.asha.headers },
      payload: { lines: [{ lineId: String(lineId), quantity: 1, reason: 'damaged-or-defective' }] },
    });
    expect(created.statusCode).toBe(201);
    return { order, created: created.json<OrderReturn>() };
  };
  const upload = async (
    target: { order: { orderNumber: string }; created: { id: string } },
    files: MultipartFile[],
    headers: Record<string, string> = world.asha.headers,
  ) => {
    const body = multipartBody(files);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${target.order.orderNumber}/returns/${target.created.id}/photos`,
      headers: { host: HOST, ...headers, ...body.headers },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const mediaFiles = async () => {
    try {
      return (await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile(),
      );
    } catch {
      return [];
    }
  };

  it('201: a JPEG becomes a WebP photo of the return, up to 3; the fourth is refused', async () => {
    const target = await requested();
    const first = await upload(target, [{ name: 'tear.jpg', bytes: jpeg }]);
    expect(first.status).toBe(201);
    const answer = first.body as OrderReturn;
    expect(answer.id).toBe(target.created.id);
    expect(answer.photos).toHaveLength(1);
    expect(answer.photos[0]).toMatch(
      new RegExp(`^/media/store/${world.shop.storeId}/[0-9a-f]{20}-800\\.webp$`),
    );
    expect((await mediaFiles()).map((file) => file.name).every((name) => name.endsWith('.webp'))).toBe(true);
    for (const width of [700, 600]) {
      const bytes = await testImage('png', { width, height: 400 });
      expect((await upload(target, [{ name: `more-${width}.png`, bytes, type: 'image/png' }])).status).toBe(
        201,
      );
    }
    const fourth = await upload(target, [
      { name: 'again.jpg', bytes: await testImage('jpeg', { width: 500, height: 400 }) },
    ]);
    expect(fourth).toEqual({ status: 400, body: { error: 'You can add at most 3 photos to a return' } });
    const rows = await database.db.select().from(returnPhotos).orderBy(asc(returnPhotos.position));
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it('400 for a file that is not an image (nothing written) and for two files at once', async () => {
    const target = await requested();
    expect(await upload(target, [{ name: 'photo.jpg', bytes: ZIP_PAYLOAD }])).toEqual({
      status: 400,
      body: { error: 'photo.jpg is not a JPEG, PNG or WebP image' },
    });
    expect(await mediaFiles()).toEqual([]);
    expect(
      await upload(target, [
        { name: 'a.jpg', bytes: jpeg },
        { name: 'b.jpg', bytes: jpeg },
      ]),
    ).toEqual({ status: 400, body: { error: 'Upload one photo at a time' } });
    expect(await database.db.select().from(returnPhotos)).toEqual([]);
  });

  it("404 for another shopper or another order's return, 409 once the return was answered, 401 without a session", async () => {
    const target = await requested();
    const file = [{ name: 'tear.jpg', bytes: jpeg }];
    expect(await upload(target, file, world.ravi.headers)).toEqual({
      status: 404,
      body: { error: 'Order not found or access denied' },
    });
    const other = await requested();
    expect(await upload({ order: other.order, created: target.created }, file)).toEqual({
      status: 404,
      body: { error: 'Return not found' },
    });
    expect((await upload(target, file, {})).status).toBe(401);
    await database.db
      .update(orderReturns)
      .set({ status: 'rejected' })
      .where(eq(orderReturns.id, target.created.id));
    expect(await upload(target, file)).toEqual({
      status: 409,
      body: { error: 'Photos can be added only while the return is requested' },
    });
    expect(await mediaFiles()).toEqual([]);
  });
});
