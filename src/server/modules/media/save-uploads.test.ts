/**
 * The upload's last step: when the transaction that records the images fails (the product's change throws),
 * the files it had already put in place are removed and no `uploaded_images` row stays; a picture uploaded
 * before keeps its files.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadedImages } from '../../db/schema/media-tables';
import { testImage } from '../../test/image-files';
import { insertTestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { processImage } from './image-pipeline';
import { saveUploads } from './save-uploads';

describe('saving uploads', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let storeId: number;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    dataDir = await mkdtemp(join(tmpdir(), 'resham-save-'));
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
    ({ storeId } = await insertTestShop(database.db));
  });

  const files = async () => (await readdir(join(dataDir, 'media', String(storeId)))).sort();

  it('removes the files it wrote when the transaction fails, and keeps files written before', async () => {
    const earlier = await processImage({
      name: 'a.png',
      bytes: await testImage('png', { width: 400, height: 300 }),
    });
    await saveUploads(app, storeId, [earlier], async () => undefined);
    const kept = await files();
    expect(kept).toEqual([`${earlier.hash}-320.webp`, `${earlier.hash}-400.webp`]);

    const fresh = await processImage({
      name: 'b.jpg',
      bytes: await testImage('jpeg', { width: 700, height: 500 }),
    });
    await expect(
      saveUploads(app, storeId, [earlier, fresh], async () => {
        throw new Error('the product went away');
      }),
    ).rejects.toThrow('the product went away');
    expect(await files()).toEqual(kept);
    expect((await database.db.select().from(uploadedImages)).map((row) => row.hash)).toEqual([earlier.hash]);
  });
});
