import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFileCacheControl, registerBuiltFiles } from './built-files';

const SCRIPT = 'export const answer = 42;\n'.repeat(40);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
let root: string;
let app: FastifyInstance;

/** The weak ETag @fastify/send makes for a file. */
function sendEtag(file: string): string {
  const stats = statSync(join(root, file));
  return `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'resham-built-files-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets/shell-AbC123xy.js'), SCRIPT);
  writeFileSync(join(root, 'assets/shell-AbC123xy.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets/shell-AbC123xy.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(root, 'favicon.svg'), SVG);
  writeFileSync(join(root, 'notes.bin'), Buffer.from([1, 2, 3]));
  const past = new Date('2026-01-02T03:04:05Z');
  utimesSync(join(root, 'favicon.svg'), past, past);
  app = Fastify();
  await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true });
  registerBuiltFiles(app, root);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built files from memory', () => {
  it('answers Brotli to a browser, with the file type, a year of caching and the copy’s ETag', async () => {
    const answer = await app.inject({
      url: '/assets/shell-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers.etag).toBe(sendEtag('assets/shell-AbC123xy.js.br'));
    expect(answer.rawPayload).toEqual(brotliCompressSync(SCRIPT));
  });

  it('answers gzip when Brotli is refused with q=0, and the file itself without Accept-Encoding', async () => {
    const gzipped = await app.inject({
      url: '/assets/shell-AbC123xy.js',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload).toEqual(gzipSync(SCRIPT));
    const plain = await app.inject({ url: '/assets/shell-AbC123xy.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['content-length']).toBe(String(SCRIPT.length));
  });

  it('answers a file without compressed copies as it is, cached for 5 minutes, with Last-Modified', async () => {
    const answer = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['last-modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(answer.body).toBe(SVG);
  });

  it('answers 304 without a body when If-None-Match or If-Modified-Since shows the browser holds it', async () => {
    const etag = sendEtag('favicon.svg');
    const byTag = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': `"x", ${etag}` } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await app.inject({
      url: '/favicon.svg',
      headers: { 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' },
    });
    expect(byDate.statusCode).toBe(304);
    const stale = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(SVG);
    const older = await app.inject({
      url: '/favicon.svg',
      headers: { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' },
    });
    expect(older.statusCode).toBe(200);
  });

  it('leaves a Range request to @fastify/static, which answers the part', async () => {
    const answer = await app.inject({ url: '/favicon.svg', headers: { range: 'bytes=0-3' } });
    expect(answer.statusCode).toBe(206);
    expect(answer.body).toBe('<svg');
    expect(answer.headers['content-range']).toBe(`bytes 0-3/${SVG.length}`);
  });

  it('answers HEAD with the headers only, an unlisted type through @fastify/static, and 404 for unknown paths', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(SVG.length));
    expect(head.body).toBe('');
    const other = await app.inject({ url: '/notes.bin' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload).toEqual(Buffer.from([1, 2, 3]));
    expect((await app.inject({ url: '/assets/missing-AbC123xy.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/%2e%2e/%2e%2e/etc/passwd' })).statusCode).toBe(404);
  });

  it('caches content-hashed names (and their compressed copies) for a year, other files for 5 minutes', () => {
    expect(builtFileCacheControl('/assets/cart-page-Ab12_z.js.gz')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(builtFileCacheControl('/favicon.svg')).toBe('public, max-age=300');
  });
});
