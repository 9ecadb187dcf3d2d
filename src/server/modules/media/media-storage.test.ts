/**
 * The media storage adapters, the folder and an S3 bucket (a local stand-in, test/s3-stand-in.ts), held to
 * one contract: put, get, has, delete, a missing object, a replaced one; and the upload writer on top of
 * them (writeImageFiles: files kept that existed before, its own removed on request). A bucket that refuses
 * the access key is an error, never taken for a missing object.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import type { ProcessedImage } from './image-pipeline';
import { isMediaKey, mediaKeyOfUrl, writeImageFiles } from './media-files';
import { openMediaStorage, type MediaStorage } from './media-storage';

const HASH = '0a1b2c3d4e5f60718293';

describe.each(['local', 's3'] as const)('the %s media storage', (kind) => {
  let dataDir: string;
  let standIn: S3StandIn | undefined;
  let storage: MediaStorage;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'resham-storage-'));
    if (kind === 's3') standIn = await startS3StandIn();
    storage = await openMediaStorage(
      loadConfig({ DATA_DIR: dataDir, ...(standIn?.config as Record<string, string> | undefined) }),
    );
  });
  afterAll(async () => {
    await storage?.close();
    await standIn?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts, gets, replaces and deletes a file; a missing one is null, false and no error', async () => {
    expect(storage.kind).toBe(kind);
    const key = `7/${HASH}-320.webp`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
    await storage.delete(key);

    await storage.put(key, Buffer.from('first'));
    expect(await storage.has(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('first'), size: 5 });
    await storage.put(key, Buffer.from('second!'));
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('second!'), size: 7 });

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
    await storage.delete(key);
  });

  it('writes an upload, keeps the files that were there and takes back only its own', async () => {
    const image = (hash: string, widths: number[]): ProcessedImage => ({
      name: 'a.png',
      hash,
      width: widths.at(-1)!,
      height: 10,
      files: widths.map((width) => ({ width, bytes: Buffer.from(`${hash}-${width}`) })),
    });
    const earlier = image(HASH, [320, 400]);
    await writeImageFiles(storage, 8, [earlier]);
    const fresh = image('ffffffffffffffffffff', [320, 640]);
    const written = await writeImageFiles(storage, 8, [earlier, fresh, fresh]);
    expect((await storage.get(`8/ffffffffffffffffffff-640.webp`))?.bytes.toString()).toBe(
      'ffffffffffffffffffff-640',
    );
    await written.remove();
    expect(await storage.has(`8/ffffffffffffffffffff-320.webp`)).toBe(false);
    expect(await storage.has(`8/ffffffffffffffffffff-640.webp`)).toBe(false);
    expect((await storage.get(`8/${HASH}-400.webp`))?.bytes.toString()).toBe(`${HASH}-400`);
    if (standIn) expect(await standIn.keys()).toEqual([`8/${HASH}-320.webp`, `8/${HASH}-400.webp`]);
    else
      expect((await readdir(join(dataDir, 'media', '8'))).sort()).toEqual([
        `${HASH}-320.webp`,
        `${HASH}-400.webp`,
      ]);
  });
});

describe('media keys', () => {
  it('takes only the names the upload pipeline writes', () => {
    expect(mediaKeyOfUrl(`/media/store/3/${HASH}-1280.webp`)).toBe(`3/${HASH}-1280.webp`);
    expect(mediaKeyOfUrl(`/media/demo/${HASH}-1280.webp`)).toBeNull();
    expect(mediaKeyOfUrl('https://cdn.example/media/store/3/a.webp')).toBeNull();
    for (const bad of [
      '3/../x.webp',
      `3/${HASH}-1280.png`,
      `3/sub/${HASH}-320.webp`,
      `../${HASH}-320.webp`,
    ]) {
      expect(isMediaKey(bad)).toBe(false);
    }
  });
});

describe('an S3 bucket that is not there, or refuses the access key', () => {
  it('throws the storage error instead of answering "missing"', async () => {
    const standIn = await startS3StandIn();
    const open = (change: Record<string, string>) =>
      openMediaStorage(loadConfig({ ...(standIn.config as Record<string, string>), ...change }));
    const noBucket = await open({ S3_BUCKET: 'no-such-bucket' });
    const wrongKey = await open({ S3_ACCESS_KEY_ID: 'SOMEONE-ELSE', S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    try {
      await expect(noBucket.get(`1/${HASH}-320.webp`)).rejects.toThrow('The specified bucket does not exist');
      await expect(noBucket.put(`1/${HASH}-320.webp`, Buffer.from('x'))).rejects.toThrow(
        'The specified bucket does not exist',
      );
      await expect(wrongKey.get(`1/${HASH}-320.webp`)).rejects.toThrow();
      await expect(wrongKey.put(`1/${HASH}-320.webp`, Buffer.from('x'))).rejects.toThrow();
    } finally {
      await noBucket.close();
      await wrongKey.close();
      await standIn.close();
    }
  });
});
