/**
 * Serving `/media/store/<store id>/<hash>-<width>.webp` from a bucket (`MEDIA_STORAGE=s3`,
 * docs/decisions/022-media-storage.md). The URL the catalogue and the pages carry stays the same whatever
 * the storage, so every server behind a load balancer answers it:
 * - with MEDIA_PUBLIC_URL: a 302 to `<MEDIA_PUBLIC_URL>/<store id>/<hash>-<width>.webp`, cached a day
 *   (`public, max-age=86400`; the file itself is cached a year where it is served);
 * - without: the server reads the object and sends it, `image/webp`, cached a year as immutable.
 * Only names the upload pipeline writes are looked up; anything else, or a missing object, is a 404
 * `{ error }` like every unknown path. (The folder storage is served as static files: static-files.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { isMediaKey, MEDIA_URL_PREFIX } from './media-files';
import type { MediaStorage } from './media-storage';

/** `Cache-Control` of an image sent by the server: the name changes with the content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `Cache-Control` of the redirect to MEDIA_PUBLIC_URL: a day, so a changed address is picked up. */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Registers `GET` (and `HEAD`) `/media/store/*` answering from `storage`, or redirecting to `publicUrl`
 * (without a trailing slash) when given.
 */
export function registerStoredMedia(
  app: FastifyInstance,
  storage: MediaStorage,
  publicUrl: string | undefined,
): void {
  app.get(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () =>
      reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    if (!isMediaKey(key)) return notFound();
    if (publicUrl) {
      return reply.header('cache-control', REDIRECT_CACHE).redirect(`${publicUrl}/${key}`, 302);
    }
    const file = await storage.get(key);
    if (!file) return notFound();
    return reply
      .type('image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-length', file.size)
      .send(file.bytes);
  });
}
