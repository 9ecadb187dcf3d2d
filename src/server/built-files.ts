/**
 * The storefront's built files (`dist/client`: scripts, styles, fonts, SVGs and their `.br` / `.gz` copies made
 * by scripts/compress-assets.mjs) answered from memory, with the headers `@fastify/static` gives them.
 *
 * Each file is read at its first request and kept (the build is a few MB and never changes while the server
 * runs); the folder is listed once at start, so an unknown path never touches the disk. A request gets the
 * smallest copy its `Accept-Encoding` takes (Brotli, then gzip, then the file itself), `Vary: accept-encoding`,
 * the same weak ETag and Last-Modified as `@fastify/send` makes from the file's size and mtime, and a 304 when
 * `If-None-Match` (or, without it, `If-Modified-Since`) shows the browser holds it (RFC 9110 §13.1).
 * Requests this does not answer itself — a `Range`, `If-Range`, `If-Match` or `If-Unmodified-Since`, or a file
 * type not listed in {@link CONTENT_TYPES} — go to `@fastify/static`'s `reply.sendFile`, which implements them.
 * Why: `@fastify/static` stats, opens and reads the file on every request, a tenth of the speed of an answer
 * from memory (docs/benchmarks.md "The fast path").
 */
import { readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';

/** Content types of the files a build makes; other files are answered by `@fastify/static`. */
const CONTENT_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  woff2: 'font/woff2',
  woff: 'font/woff',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  ico: 'image/x-icon',
};

// A content-hashed build file (chunks carry 6 characters of hash, entries and styles 8: vite.config.ts), or its
// precompressed copy (`.br`, `.gz`).
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** `Cache-Control` of a built file: a year, immutable, for content-hashed names; 5 minutes for the rest. */
export function builtFileCacheControl(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/** One stored copy of a file (itself, or its `.br` / `.gz`): where it is, its headers, its bytes once read. */
type Copy = { file: string; etag: string; lastModified: string; modifiedMs: number; body?: Buffer };

/** A built file as served: its copies and the headers every answer of it carries. */
type BuiltFile = { identity: Copy; br?: Copy; gzip?: Copy; contentType: string; cacheControl: string };

/** The weak ETag `@fastify/send` gives a file: `W/"<size hex>-<mtime ms hex>"`. */
function copyOf(file: string, stats: Stats): Copy {
  return {
    file,
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    lastModified: stats.mtime.toUTCString(),
    // HTTP dates have whole seconds.
    modifiedMs: Math.floor(stats.mtime.getTime() / 1000) * 1000,
  };
}

/** Every file under `root` by its URL path (`/assets/x.js`), with its size and mtime. */
function listFiles(root: string): Map<string, { file: string; stats: Stats }> {
  const files = new Map<string, { file: string; stats: Stats }>();
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = join(root, entry);
    const stats = statSync(file);
    if (stats.isFile()) files.set(`/${entry.split(sep).join('/')}`, { file, stats });
  }
  return files;
}

/** True when `ifNoneMatch` (a list of entity tags, or `*`) matches `etag` by weak comparison (RFC 9110 §8.8.3.2). */
function noneMatchHolds(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** True when the browser's copy is current (answer 304): `If-None-Match`, else `If-Modified-Since`. */
function notModified(request: FastifyRequest, copy: Copy): boolean {
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = request.headers;
  if (typeof ifNoneMatch === 'string') return noneMatchHolds(ifNoneMatch, copy.etag);
  if (typeof ifModifiedSince !== 'string') return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && copy.modifiedMs <= since;
}

/** True for a request only `@fastify/send` answers fully: a part of the file, or a precondition on writes. */
function needsSendFile(request: FastifyRequest): boolean {
  const headers = request.headers;
  return (
    headers.range !== undefined ||
    headers['if-range'] !== undefined ||
    headers['if-match'] !== undefined ||
    headers['if-unmodified-since'] !== undefined
  );
}

/**
 * Registers `GET` (and so `HEAD`) routes for every file under `root` (the built client) answered from memory
 * as described above; `@fastify/static` must be registered on `app` first (it decorates `reply.sendFile`
 * with `root` as its root). Call once, at start.
 */
export function registerBuiltFiles(app: FastifyInstance, root: string): void {
  const listed = listFiles(root);
  for (const [urlPath, { file, stats }] of listed) {
    const extension = urlPath.slice(urlPath.lastIndexOf('.') + 1).toLowerCase();
    const contentType = CONTENT_TYPES[extension];
    const relative = urlPath.slice(1);
    if (!contentType) {
      app.get(urlPath, (_request, reply) => reply.sendFile(relative));
      continue;
    }
    const precompressed = (suffix: string) => {
      const copy = listed.get(`${urlPath}${suffix}`);
      return copy ? copyOf(copy.file, copy.stats) : undefined;
    };
    const built: BuiltFile = {
      identity: copyOf(file, stats),
      br: precompressed('.br'),
      gzip: precompressed('.gz'),
      contentType,
      cacheControl: builtFileCacheControl(urlPath),
    };
    app.get(urlPath, (request, reply) => {
      if (needsSendFile(request)) return reply.sendFile(relative);
      return sendBuiltFile(request, reply, built);
    });
  }
}

/** Answers `built` from memory in the copy the request takes (read from disk at its first use). */
function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, built: BuiltFile): FastifyReply {
  const coding =
    built.br && acceptsEncoding(request, 'br')
      ? 'br'
      : built.gzip && acceptsEncoding(request, 'gzip')
        ? 'gzip'
        : null;
  const copy = coding ? built[coding]! : built.identity;
  reply.headers({
    'accept-ranges': 'bytes',
    'cache-control': built.cacheControl,
    'last-modified': copy.lastModified,
    etag: copy.etag,
    'content-type': built.contentType,
    vary: 'accept-encoding',
  });
  if (notModified(request, copy)) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }
  if (coding) reply.header('content-encoding', coding);
  copy.body ??= readFileSync(copy.file);
  return reply.send(copy.body);
}
