/**
 * The demo shop's pictures (`seed/images`, SVG drawings) at `/media/demo/<name>`, compressed: each file is read
 * once and kept with its Brotli and gzip forms, and a request gets the smallest its `Accept-Encoding` takes
 * (an SVG shrinks to about 40 %). Cached by browsers for a day. Only plain file names of the folder are served.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A demo file name: lower-case words, digits and dashes with an image extension. */
const DEMO_FILE = /^[a-z0-9][a-z0-9-]*\.(svg|webp|png|jpg)$/;
const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

type DemoImage = { type: string; raw: Buffer; br: Buffer | null; gzip: Buffer | null };

/** Compressed forms of an SVG (text); other formats are compressed already. */
function demoImageOf(extension: string, raw: Buffer): DemoImage {
  const text = extension === 'svg';
  return {
    type: TYPES[extension]!,
    raw,
    br: text ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
    gzip: text ? gzipSync(raw, { level: 9 }) : null,
  };
}

/** Registers `GET /media/demo/:file` serving `dir`'s pictures. */
export function registerDemoImages(app: FastifyInstance, dir: string): void {
  const kept = new Map<string, Promise<DemoImage | null>>();
  const load = (file: string) => {
    let image = kept.get(file);
    if (!image) {
      const extension = file.slice(file.lastIndexOf('.') + 1);
      image = readFile(join(dir, file)).then(
        (raw) => demoImageOf(extension, raw),
        () => null,
      );
      kept.set(file, image);
    }
    return image;
  };

  app.get<{ Params: { file: string } }>('/media/demo/:file', async (request, reply) => {
    const { file } = request.params;
    const image = DEMO_FILE.test(file) ? await load(file) : null;
    if (!image) {
      kept.delete(file);
      return reply.code(404).send({ error: `Not found: GET /media/demo/${file}` });
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply.type(image.type).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
    if (image.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(image.br);
    if (image.gzip && /\bgzip\b/.test(accepted))
      return reply.header('content-encoding', 'gzip').send(image.gzip);
    return reply.send(image.raw);
  });
}
