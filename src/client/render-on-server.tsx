/**
 * The storefront's public pages rendered on the server with React 19 (`renderToPipeableStream`), built by
 * `vite build --ssr` into dist/render and called by the server's page renderer (modules/seo/page-html.ts).
 *
 * For the home page, the listing (any query), a product, the policy pages and the not-found page it loads
 * the data the page shows through the same TanStack queries the browser uses, with each API request sent
 * straight into the server's own routes by the `ApiTransport` the caller gives (no network), renders the
 * route once everything (lazy page chunks included) is ready, and answers the markup, the data for
 * hydration (./app/page-data.ts) and the page's source modules (to preload their chunks). Signed-in and cart
 * state are not part of it: the browser adds them after hydration. Decision record:
 * docs/decisions/017-server-rendered-pages.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createRoutesFromElements, matchRoutes, StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { setApiTransport, type ApiTransport } from '@client/lib/api-client';
import { parseListingState } from '@client/lib/catalog/listing-state';
import {
  STORE_INFO_FAILURE_CATEGORIES,
  storeInfoQueryOptions,
} from '@client/lib/store-info/store-info-query';
import { parentCategoriesQueryOptions, productListQueryOptions } from '@client/features/catalog/catalog-api';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { featuredProductsQueryOptions } from '@client/features/home/featured-products-query';
import { HOME_FEATURED_COUNT } from '@client/features/home/home-sections';
import { isPolicySlug } from '@client/features/policies/policy-slugs';
import { setPolicySanitizerWindow } from '@client/lib/policies/policy-html';
import { leanPageData } from './app/lean-page-data';
import { pageDataJson } from './app/page-data';
import { AppProvider, createQueryClient } from './app/provider';
import { appRoutes, AppRoutes } from './app/router';

export type { ApiTransport } from '@client/lib/api-client';

/** A page rendered on the server. */
export type ServerRenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** The page-data script's JSON (`<` escaped). */
  data: string;
};

/** Longest a render may take before it is abandoned and the page is sent unrendered (ms). */
const RENDER_TIMEOUT_MS = 5_000;

const requestTransport = new AsyncLocalStorage<ApiTransport>();
// Inside a render, requests go to that render's store; outside one (nothing on the server asks) as before.
setApiTransport((url, init) => (requestTransport.getStore() ?? fetch)(url, init));

let policySanitizerReady: Promise<void> | undefined;

/** Policy HTML is sanitised by DOMPurify, which needs a DOM: jsdom's, loaded with the first policy page. */
function givePolicySanitizerADom(): Promise<void> {
  policySanitizerReady ??= import('jsdom').then(({ JSDOM }) => {
    setPolicySanitizerWindow(new JSDOM('').window as unknown as Window & typeof globalThis);
  });
  return policySanitizerReady;
}

/** What one kind of page needs: the queries to load before rendering. */
type PagePlan = { load(queryClient: QueryClient): Promise<unknown> };

const routeTable = createRoutesFromElements(appRoutes);

/**
 * The plan for a path, or null for pages that stay in the browser (sign-in, cart, checkout, account,
 * payment, tracking: they depend on the shopper) and for one-segment paths that are no policy (the browser
 * sends those to /404 itself).
 */
function pagePlanFor(url: URL): PagePlan | null {
  const leaf = matchRoutes(routeTable, url.pathname)?.at(-1);
  if (!leaf) return null;
  const path = leaf.route.index ? '/' : leaf.route.path;
  switch (path) {
    case '/':
      return {
        async load(queryClient) {
          const info = await queryClient.fetchQuery(storeInfoQueryOptions());
          const firstCategory = info.categories[0] ?? STORE_INFO_FAILURE_CATEGORIES[0];
          await queryClient.fetchQuery(
            featuredProductsQueryOptions(firstCategory?.toLowerCase(), HOME_FEATURED_COUNT),
          );
        },
      };
    case '/products': {
      const state = parseListingState(url.searchParams);
      return {
        load: (queryClient) =>
          Promise.all([
            queryClient.fetchQuery(storeInfoQueryOptions()),
            queryClient.fetchQuery(productListQueryOptions(state)),
            queryClient.fetchQuery(parentCategoriesQueryOptions(state.category)),
          ]),
      };
    }
    case '/product/:id': {
      const id = leaf.params.id ?? '';
      return {
        load: (queryClient) =>
          Promise.all([
            queryClient.fetchQuery(storeInfoQueryOptions()),
            queryClient.fetchQuery(productQueryOptions(id)),
          ]),
      };
    }
    case '/:policyType':
      if (!isPolicySlug(leaf.params.policyType)) return null;
      return {
        load: (queryClient) =>
          Promise.all([queryClient.fetchQuery(storeInfoQueryOptions()), givePolicySanitizerADom()]),
      };
    case '*':
    case '/404':
      return {
        load: (queryClient) => queryClient.fetchQuery(storeInfoQueryOptions()),
      };
    default:
      return null;
  }
}

/** Renders a tree to HTML once all of it is ready (lazy chunks resolved), within `timeoutMs`. */
function renderComplete(tree: ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(tree, {
      // Every Suspense boundary inline, however large: a complete document needs no inline script to reveal
      // parts (the pages' Content-Security-Policy allows scripts from the shop's own files only).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (!failed) stream.pipe(sink);
      },
      onShellError(error) {
        failed = true;
        reject(error);
      },
      onError(error) {
        // A part that failed would be rendered by the browser instead: send the page unrendered.
        failed = true;
        reject(error);
      },
    });
    setTimeout(() => {
      if (chunks.length > 0) return;
      failed = true;
      stream.abort();
      reject(new Error(`Server render took longer than ${timeoutMs} ms`));
    }, timeoutMs).unref();
  });
}

/**
 * Renders the page at `url` (path and query) for the store `transport` reaches.
 * @param url the request's path and query, e.g. `/products?category=women`.
 * @param transport sends one API request (`/api/v1/...`) into the server for this page's store.
 * @returns the page, or null when the page is not rendered on the server or a request it needs failed (the
 *   browser then renders it as before).
 * @param options.timeoutMs longest the render may take (default {@link RENDER_TIMEOUT_MS}, 5 s); tests that
 *   render in a process still compiling its modules give it longer.
 * @throws when React fails to render or takes longer than `timeoutMs` (the caller sends the unrendered page).
 */
export async function renderPage(
  url: string,
  transport: ApiTransport,
  options: { timeoutMs?: number } = {},
): Promise<ServerRenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const plan = pagePlanFor(location);
  if (!plan) return null;
  const queryClient = createQueryClient();
  return requestTransport.run(transport, async () => {
    try {
      await plan.load(queryClient);
    } catch {
      return null;
    }
    const html = await renderComplete(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      options.timeoutMs ?? RENDER_TIMEOUT_MS,
    );
    const data = pageDataJson(queryClient, leanPageData);
    queryClient.clear();
    return { html, data };
  });
}
