/**
 * The storefront's HTML per page: the built `index.html` with the page's head (title, description,
 * canonical URL, link-preview tags, JSON-LD; ./page-head.ts), its status (404 for unknown products and
 * paths) and, for the public pages, its body rendered with React on the server (the storefront's
 * dist/render/render-on-server.js) with the data it was drawn with
 * (docs/decisions/017-server-rendered-pages.md).
 *
 * A rendered page carries only its critical CSS inline and loads the whole stylesheet without blocking its
 * render (./page-styles.ts). Pages are kept compressed, Brotli and gzip (docs/seo.md "How pages are sent"), in
 * the catalogue's response cache, so they are dropped with every catalogue write like the API's answers; they
 * are rebuilt at least once a minute, so availability and stock shown follow sales that closely. A page asked
 * for without compression also keeps its uncompressed copy from the first such request ({@link pageIdentity}).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageWithHead } from './page-head';
import { pageMetaFor } from './page-meta';
import {
  firstPaintCandidates,
  withCriticalCss,
  type FirstPaintCss,
  type PageStylesheet,
} from './page-styles';

/** Oldest a cached page may be (ms): availability in a product's page and JSON-LD follows sales this closely. */
export const PAGE_HEAD_MAX_AGE_MS = 60_000;

/** A page as sent: its status and HTML, compressed with Brotli and with gzip. */
export type RenderedPage = { status: 200 | 404; br: Buffer; gzip: Buffer };

/**
 * A page as kept in the cache, in one buffer: its status (2 bytes), the length of its Brotli copy (4 bytes), the
 * Brotli copy, then the gzip copy (big-endian).
 */
function pageBytes(page: RenderedPage): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(page.status, 0);
  head.writeUInt32BE(page.br.length, 2);
  return Buffer.concat([head, page.br, page.gzip]);
}

/** The page kept as {@link pageBytes}, its copies as views of `bytes` (nothing copied). */
function pageOf(bytes: Buffer): RenderedPage {
  const brEnd = 6 + bytes.readUInt32BE(2);
  return {
    status: bytes.readUInt16BE(0) as 200 | 404,
    br: bytes.subarray(6, brEnd),
    gzip: bytes.subarray(brEnd),
  };
}

/** An API request as the storefront's renderer makes it (the browser's `fetch` signature). */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** The storefront's server renderer (src/client/render-on-server.tsx as built). */
export type ServerRenderer = {
  renderPage(url: string, transport: ApiTransport): Promise<{ html: string; data: string } | null>;
};

export type PageHtmlOptions = {
  indexHtml: string;
  storeIdOf: (request: FastifyRequest) => number;
  originOf: (request: FastifyRequest) => string;
  /** Whether payments are simulated (store info's `testMode`). */
  testMode: boolean;
  /** The built renderer; absent (no build, or a test of heads only) → pages are not rendered. */
  renderer?: Promise<ServerRenderer> | undefined;
  /**
   * The stylesheet `indexHtml` links (./page-styles.ts `pageStylesheet`); with it, a rendered page inlines
   * its critical CSS and loads the stylesheet without blocking. Absent: pages keep the link as built.
   */
  stylesheet?: PageStylesheet | null | undefined;
};

const ROOT_ELEMENT = '<div id="root"></div>';

/** Reads a file of the client build by its path below `dir` (`assets/….css`); null when it cannot. */
export function builtFileReader(dir: string): (file: string) => string | null {
  return (file) => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return null;
    }
  };
}

/** Loads the built server renderer, when it exists. */
export function loadServerRenderer(modulePath: string): PageHtmlOptions['renderer'] {
  return existsSync(modulePath) ? (import(modulePath) as Promise<ServerRenderer>) : undefined;
}

/**
 * Sends the renderer's API requests into this server (`app.inject`) as the page's request would: same
 * host (so the same store), no cookies or credentials (a rendered page is the same for every shopper).
 */
function injectingTransport(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  const storeHost = request.headers['x-store-host'];
  return async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        accept: 'application/json',
        host: request.headers.host ?? 'localhost',
        ...(typeof storeHost === 'string' && { 'x-store-host': storeHost }),
      },
    });
    return new Response(answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** `index.html` with a rendered body: the markup in `#root` and its data script after it. */
export function withRenderedBody(html: string, body: { html: string; data: string }): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error('index.html has no empty #root to fill');
  return html.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root">${body.html}</div><script type="application/json" id="page-data">${body.data}</script>`,
  );
}

/** The uncompressed copies made so far, each kept as long as its page (the cached entry) lives. */
const identityCopies = new WeakMap<RenderedPage, Buffer>();

/**
 * The HTML of a rendered page as bytes, for clients that take neither Brotli nor gzip (link previews, crawlers,
 * scripts): decompressed at the first such request and then kept beside the cached page, so the next ones are
 * served from the cache like a compressed answer. Only pages asked for that way carry the third copy (5–10 times
 * the compressed size), and it is forgotten with the page.
 */
export function pageIdentity(page: RenderedPage): Buffer {
  let identity = identityCopies.get(page);
  if (identity === undefined) {
    identity = brotliDecompressSync(page.br);
    identityCopies.set(page, identity);
  }
  return identity;
}

/** The HTML of a rendered page as text ({@link pageIdentity}). */
export function pageHtmlText(page: RenderedPage): string {
  return pageIdentity(page).toString('utf8');
}

/**
 * The Brotli window for `length` bytes, in bits: the smallest that holds the whole page (at least 16), so the
 * encoder's memory follows the page (the default 22-bit window makes best-quality Brotli allocate tens of MB per
 * call) while the output is the same: no match can reach further back than the page's start anyway.
 */
function brotliWindowBits(length: number): number {
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(length + 16))));
}

/** `html` compressed as sent: Brotli at its best quality, gzip at level 9 (once per page and minute at most). */
export function compressedPage(status: 200 | 404, html: string): RenderedPage {
  const bytes = Buffer.from(html, 'utf8');
  return {
    status,
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
      },
    }),
    gzip: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * A function answering the HTML of the storefront page a request asks for. Should reading the store fail,
 * the plain `index.html` is answered (the page then loads its data in the browser as before); should only
 * the body's render fail, the page is sent with its head and an empty body.
 */
export function pageHtmlRenderer(
  app: FastifyInstance,
  options: PageHtmlOptions,
): (request: FastifyRequest) => Promise<RenderedPage> {
  const { indexHtml, storeIdOf, originOf, testMode, renderer, stylesheet } = options;
  const plainPage = compressedPage(200, indexHtml);
  let candidates: FirstPaintCss | undefined;
  // The cached bytes of a page, read once: a hit hands back the same Buffer until the page is reloaded, and so
  // the same page (with its uncompressed copy, once made: pageIdentity).
  const parsed = new WeakMap<Buffer, RenderedPage>();

  const withStyles = async (request: FastifyRequest, html: string): Promise<string> => {
    if (!stylesheet) return html;
    try {
      candidates ??= firstPaintCandidates(stylesheet.css);
      return await withCriticalCss(html, stylesheet, candidates);
    } catch (error) {
      request.log.error({ err: error }, 'critical CSS could not be found: the page links its stylesheet');
      return html;
    }
  };

  const renderBody = async (request: FastifyRequest, url: URL, html: string): Promise<string> => {
    if (!renderer) return html;
    try {
      const { renderPage } = await renderer;
      const body = await renderPage(`${url.pathname}${url.search}`, injectingTransport(app, request));
      if (!body) return html;
      return await withStyles(request, withRenderedBody(html, body));
    } catch (error) {
      request.log.error({ err: error }, 'page could not be rendered on the server: sending its head only');
      return html;
    }
  };

  return async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const storeId = storeIdOf(request);
    const origin = originOf(request);
    try {
      const bytes = await app.responseCache.getOrLoadBytes(
        `${storeId}:page:${origin}${url.pathname}${url.search}`,
        async () => {
          const meta = await pageMetaFor(
            { db: app.db, storeId, origin, now: app.clock() },
            url.pathname,
            url.searchParams,
            testMode,
          );
          const html = await renderBody(request, url, pageWithHead(indexHtml, meta.head));
          return pageBytes(compressedPage(meta.status, html));
        },
        { maxAgeMs: PAGE_HEAD_MAX_AGE_MS },
      );
      const known = parsed.get(bytes);
      if (known) return known;
      const page = pageOf(bytes);
      parsed.set(bytes, page);
      return page;
    } catch (error) {
      request.log.error({ err: error }, 'page head could not be built: sending the plain page');
      return plainPage;
    }
  };
}
