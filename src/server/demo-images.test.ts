import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoImagesDir } from './paths';
import { buildTestApp } from './test/test-app';
import { openTestDatabase, type TestDatabase } from './test/test-database';

const FILE = 'category-women.svg';

describe('the demo shop pictures', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const original = readFileSync(join(demoImagesDir, FILE));

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends Brotli, else gzip, else the file as it is, all the same picture', async () => {
    const br = await get(`/media/demo/${FILE}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('image/svg+xml');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=86400');
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length * 0.6);

    const gzip = await get(`/media/demo/${FILE}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await get(`/media/demo/${FILE}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('answers 404 JSON for a missing picture or a name that leaves the folder', async () => {
    for (const url of [
      '/media/demo/no-such-picture.svg',
      '/media/demo/..%2Fdemo-catalog.json',
      '/media/demo/.env',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toHaveProperty('error');
    }
  });
});
