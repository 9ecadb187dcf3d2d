/**
 * The storefront's HTML per page: the built `index.html` with the page's head (title, description,
 * canonical URL, link-preview tags, JSON-LD; ./page-head.ts) and its status (404 for unknown products and
 * paths). Kept in the catalogue's response cache, so it is dropped with every catalogue write like the API's
 * answers; product pages, whose availability changes with sales, are rebuilt at least once a minute.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageWithHead } from './page-head';
import { pageMetaFor } from './page-meta';

/** Oldest a cached page head may be (ms): availability in a product's JSON-LD follows sales this closely. */
export const PAGE_HEAD_MAX_AGE_MS = 60_000;

/** A page as sent: its status and HTML. */
export type RenderedPage = { status: 200 | 404; html: string };

export type PageHtmlOptions = {
  indexHtml: string;
  storeIdOf: (request: FastifyRequest) => number;
  originOf: (request: FastifyRequest) => string;
  /** Whether payments are simulated (store info's `testMode`). */
  testMode: boolean;
};

/**
 * A function answering the HTML of the storefront page a request asks for. Should reading the store fail,
 * the plain `index.html` is answered (the page then loads its data in the browser as before).
 */
export function pageHtmlRenderer(
  app: FastifyInstance,
  options: PageHtmlOptions,
): (request: FastifyRequest) => Promise<RenderedPage> {
  const { indexHtml, storeIdOf, originOf, testMode } = options;
  return async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const storeId = storeIdOf(request);
    const origin = originOf(request);
    try {
      const bytes = await app.responseCache.getOrLoad(
        `${storeId}:page:${origin}${url.pathname}${url.search}`,
        async (): Promise<RenderedPage> => {
          const meta = await pageMetaFor(
            { db: app.db, storeId, origin },
            url.pathname,
            url.searchParams,
            testMode,
          );
          return { status: meta.status, html: pageWithHead(indexHtml, meta.head) };
        },
        { maxAgeMs: PAGE_HEAD_MAX_AGE_MS },
      );
      return JSON.parse(bytes.toString('utf8')) as RenderedPage;
    } catch (error) {
      request.log.error({ err: error }, 'page head could not be built: sending the plain page');
      return { status: 200, html: indexHtml };
    }
  };
}
