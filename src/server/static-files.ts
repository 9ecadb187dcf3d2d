/**
 * Serves the built SPA, its hashed assets (from memory: built-files.ts), the demo shop's images and the images uploaded in the admin
 * (`DATA_DIR/media`, content-hashed names, cached as immutable) on the API's port, with the SPA's
 * index.html for every client route and the admin panel's own page (admin/index.html, a build of its own:
 * docs/decisions/013-admin-area.md) for `/admin` and every `/admin/*` route. Unknown `/api/*` paths answer
 * 404 JSON, never the SPA. With a page renderer (modules/seo/page-html.ts), each storefront page's HTML
 * carries its own head and status.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';
import { builtFileCacheControl, registerBuiltFiles } from './built-files';
import { registerDemoImages } from './demo-images';
import { MEDIA_URL_PREFIX, mediaDirOf } from './modules/media/media-files';
import { registerStoredMedia } from './modules/media/media-serving';
import { pageIdentity, type RenderedPage } from './modules/seo/page-html';
import { clientDistDir, demoImagesDir } from './paths';

/** True when `path` is a folder or does not exist yet (false when it or a parent is a file). */
function isFolderOrAbsent(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * How the storefront's pages get their HTML: given the built `index.html`, a function answering a request's
 * page (its head and status); without it every page is `index.html` as built.
 */
export type PageRenderer = (indexHtml: string) => (request: FastifyRequest) => Promise<RenderedPage>;

export async function registerStaticFiles(app: FastifyInstance, renderPages?: PageRenderer): Promise<void> {
  const indexPath = join(clientDistDir, 'index.html');
  const hasClient = existsSync(indexPath);
  const indexHtml = hasClient ? readFileSync(indexPath) : null;
  const renderPage = indexHtml && renderPages ? renderPages(indexHtml.toString('utf8')) : null;
  const adminPath = join(clientDistDir, 'admin', 'index.html');
  const adminHtml = existsSync(adminPath) ? readFileSync(adminPath) : null;

  if (hasClient) {
    // Built files are answered from memory (built-files.ts); `@fastify/static` only lends `reply.sendFile` for
    // the requests it answers better (ranges, preconditions). The build writes .br and .gz copies of scripts,
    // styles and SVGs (scripts/compress-assets.mjs).
    await app.register(fastifyStatic, {
      root: clientDistDir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', builtFileCacheControl(path.slice(clientDistDir.length)));
      },
    });
    registerBuiltFiles(app, clientDistDir);
  }
  registerDemoImages(app, demoImagesDir);
  // Images uploaded in the admin (docs/admin.md "Images"): content-hashed names, so cached for a year. The
  // folder appears with the first upload. A DATA_DIR that is not a folder serves none (readiness reports
  // the data folder; the server still starts to say so). In a bucket (MEDIA_STORAGE=s3) they are read from
  // it or redirected to MEDIA_PUBLIC_URL (modules/media/media-serving.ts).
  const mediaRoot = resolve(mediaDirOf(app.config.DATA_DIR));
  if (app.mediaStorage.kind === 's3') {
    registerStoredMedia(app, app.mediaStorage, app.config.MEDIA_PUBLIC_URL);
  } else if (isFolderOrAbsent(mediaRoot)) {
    await app.register(fastifyStatic, {
      root: mediaRoot,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      suppressWarning: true,
      dotfiles: 'deny',
      index: false,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  const sendPage = (reply: FastifyReply, html: Buffer | null) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!renderPage) return sendPage(reply, indexHtml);
    const page = await renderPage(request);
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    // Brotli where the browser takes it (every current browser, some over https only), else gzip.
    if (acceptsEncoding(request, 'br')) return reply.header('content-encoding', 'br').send(page.br);
    if (acceptsEncoding(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(pageIdentity(page));
  };

  app.get('/', (request, reply) =>
    indexHtml
      ? sendIndex(request, reply)
      : reply.code(503).type('text/plain').send('The storefront is not built: run npm run build'),
  );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/media/') &&
      !path.startsWith('/assets/') &&
      !/\.[a-z0-9]{1,5}$/i.test(path);
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    if (wantsPage && isAdmin && adminHtml) return sendPage(reply, adminHtml);
    if (wantsPage && !isAdmin && indexHtml) return sendIndex(request, reply);
    return reply.code(404).send({ error: `Not found: ${request.method} ${path}` });
  });
}
