import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'rolldown/experimental';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The browser's build: dist/client. */
const browserBuild: BuildEnvironmentOptions = {
  outDir: here('./dist/client'),
  emptyOutDir: true,
  target: 'es2022',
  sourcemap: false,
  // No modulepreload polyfill in the entry: browsers without `<link rel="modulepreload">` (Safari before 17)
  // still load every chunk through its imports, only without the early fetch
  // (docs/decisions/005-first-load-budget.md).
  modulePreload: { polyfill: false },
  rolldownOptions: {
    output: {
      // Six characters of hash (36 bits) name a chunk as surely as eight among a build's hundred files, and the
      // first load carries every lazy chunk's name in its preload table: about 120 bytes gzipped fewer.
      chunkFileNames: 'assets/[name]-[hash:6].js',
      // One shared chunk for what every page needs (frameworks, the src/client/lib modules the layouts and
      // the home page use, and the first-load UI primitives) instead of several small ones: fewer requests
      // and better compression on the first load (docs/decisions/005-first-load-budget.md). A group takes
      // every module it matches, also those only lazy pages use, so those are kept out by name: TanStack's
      // mutations (sign-in, checkout, payment) and the lib modules of lazy pages (lib/catalog, lib/orders,
      // the account query).
      codeSplitting: {
        groups: [
          {
            name: 'shell',
            test: new RegExp(
              [
                String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|clsx|class-variance-authority)[\\/]`,
                String.raw`node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](?!useMutation|mutationObserver)`,
                String.raw`src[\\/]client[\\/]lib[\\/](api-client|auth-cookie|capitalise-words|chunk-reload|notify|query-keys|use-document-title|utils)\.tsx?$`,
                String.raw`src[\\/]client[\\/]lib[\\/](cart|store-info)[\\/]`,
                String.raw`src[\\/]client[\\/]lib[\\/]session[\\/]session-context\.tsx$`,
                String.raw`src[\\/]client[\\/]components[\\/](ui[\\/](skeleton|button-variants)|errors[\\/]route-error-boundary)`,
                String.raw`src[\\/]client[\\/]app[\\/](?!layouts[\\/](footer|auth-layout))`,
                // The entry too: the page then loads the runtime and this one chunk, no separate entry file.
                String.raw`src[\\/]client[\\/]main\.tsx$`,
                String.raw`src[\\/]client[\\/]features[\\/](home[\\/]home-(page|sections|categories)|store-info[\\/]test-mode-bar)`,
              ].join('|'),
            ),
          },
          // The contract (zod and the schema files of src/shared) and the form library, each shared by most
          // lazy pages: one chunk each instead of one per file keeps lazy pages to a few requests and the
          // chunk list the first load carries (for preloading) short. A group also takes what its modules
          // import, so each test names only what belongs there.
          // The UI primitives lazy pages share (inputs, buttons, badges, cards, alerts and the form's error line
          // with the error texts it picks), kept out of 'forms' so a page that only styles an input does not
          // load the form library.
          {
            name: 'ui',
            test: /src[\\/]client[\\/](components[\\/]ui[\\/](input|button|badge|card|alert|form-error)\.tsx|lib[\\/]error-text\.ts)$/,
          },
          // The zod-free pieces the product card, the product page, the listing and the home page's lower part
          // use: shared rules (money, units, limits, the wishlist's size, delivery charges and dates, the
          // newsletter's answers), the product page's delivery check (lib/delivery, whose response schema loads
          // with the first check), the add-ons chosen for a cart line and a line's '2 × ₹1,999'. Their own chunk,
          // or the contract groups (whose schemas import them) or 'cart-extras' and 'order-lib' (which import zod)
          // would take them, and those pages would load and run every schema.
          {
            name: 'rules',
            test: /src[\\/](shared[\\/](money|catalog[\\/](catalog-limits|unit-of-measure|quantity-rules|product-mapping)|wishlist[\\/]wishlist-limit|delivery[\\/](delivery-rules|delivery-dates)|messages[\\/]message-texts)|client[\\/]lib[\\/](delivery[\\/][^\\/]+|add-ons[\\/]cart-add-ons|orders[\\/]line-text))\.ts$/,
          },
          // Lucide's icons that lazy pages use: one small chunk instead of one per icon (fewer requests, and a
          // shorter list of chunks in the first load's preload table).
          { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          // The contract in three chunks: zod itself; the schemas of the product page's add-on picker, fit note,
          // reviews and stock alerts (with what they import); and every other schema. Building a zod schema costs
          // (each binds its methods), and running all of them at once was the product page's largest task on a
          // phone; now that page runs only its own.
          { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          {
            name: 'product-contract',
            test: /src[\\/]shared[\\/](add-ons|reviews|stock-alerts)[\\/].*-schemas?\.ts$/,
          },
          { name: 'contract', test: /src[\\/]shared[\\/].*-schemas?\.ts$/ },
          {
            name: 'forms',
            test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|src[\\/]client[\\/](lib[\\/]form-errors|components[\\/]ui[\\/]form-field)\./,
          },
          // TanStack's mutations (sign-in, checkout, payment, cancelling an order): a chunk of their own, or the
          // 'account' group below, which takes what its modules import, would carry them to every other page.
          {
            name: 'mutations',
            test: /node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)/,
          },
          // The account screens' shared parts (sign-in and password calls, their texts, the e-mail and password fields and
          // the screens' footer): one chunk for the four sign-in screens instead of five small ones, which also
          // keeps the first load's table of chunks to preload short. The signed-in cart's sync with the server
          // (lib/cart-sync) goes with them: a shopper who has it signed in through them.
          {
            name: 'account',
            test: /src[\\/]client[\\/](features[\\/]account[\\/](account-api|account-messages|auth-page-footer|email-input|password-input|password-reset-api)\.tsx?|lib[\\/]cart-sync[\\/]sync\.ts)$/,
          },
          // What the cart, the checkout and the payment and order pages share (the quote, the applied coupon and its
          // field, the guest's measurements; an order's query,
          // paths, view, status labels and GST words): two chunks instead of eight small ones, each of which would
          // add its file to the first load's table of chunks.
          {
            name: 'cart-extras',
            test: /src[\\/]client[\\/](lib[\\/](discounts|add-ons)|components[\\/]discounts)[\\/]/,
          },
          {
            name: 'order-lib',
            test: /src[\\/](client[\\/](lib[\\/]orders[\\/](order-query|gst-text)|features[\\/]orders[\\/](order-paths|order-view))|shared[\\/]orders[\\/]order-status)\.ts$/,
          },
          // The signed-in shopper's reads the account, checkout and payment pages share (the account, the address
          // book, their retry rule): one chunk instead of three.
          {
            name: 'account-data',
            test: /src[\\/]client[\\/]lib[\\/](query-retry|session[\\/]account-info-query|account[\\/]address-book-api)\.ts$/,
          },
          // The shopper's messages to the shop: the contact page and the newsletter's unsubscribe page, one chunk
          // (each lazy page adds its file to the first load's table of chunks).
          { name: 'messages', test: /src[\\/]client[\\/]features[\\/](contact|newsletter)[\\/]/ },
          // The product card and the product choice (size, colour, quantity, add to cart) that the product page
          // and the card's Quick View share: one chunk for the listing, the home page's lower part and the
          // product page. The dialogs stay lazy chunks of their own.
          {
            name: 'catalog',
            test: /src[\\/]client[\\/](components[\\/]catalog[\\/](?!quick-view-dialog|size-chart-dialog|product-card-skeleton)|lib[\\/]catalog[\\/](product-page|product-variants|size-heading|product-detail-query|use-product-choice)\.ts$)/,
          },
        ],
      },
    },
  },
};

/**
 * The server renderer: one ES module in dist/render with its npm packages bundled in their production builds
 * (one React for every package; the server's own NODE_ENV does not choose React's build); jsdom, loaded for
 * policy pages only, stays an import.
 */
const serverRenderBuild: BuildEnvironmentOptions = {
  outDir: here('./dist/render'),
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  sourcemap: false,
  // Minified and in ASCII (asciiServerRenderer): the server keeps a module's source text in its heap while it
  // runs, 4.3 MB as it was (2.2 MB of text, two bytes a character).
  minify: true,
  rolldownOptions: {
    input: here('./src/client/render-on-server.tsx'),
    output: { codeSplitting: false },
  },
};

/**
 * The built index.html requests the app's module scripts through src/client/load-after-first-paint.js (a
 * deferred classic script, emitted minified as a hashed asset) instead of `<script type="module">`
 * tags: on a server-rendered page they are requested once the page is painted (docs/decisions/017-server-rendered-pages.md).
 * The module URLs, in the order Vite wrote them, go in its `data-modules` attribute.
 */
function loadModulesAfterFirstPaint(): Plugin {
  const source = minifySync(
    'load-after-first-paint.js',
    readFileSync(here('./src/client/load-after-first-paint.js'), 'utf8'),
  ).code;
  const fileName = `assets/load-after-first-paint-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'load-modules-after-first-paint',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
        const modules = [...html.matchAll(tags)].map((match) => match[1]);
        if (modules.length === 0)
          throw new Error('index.html has no module script to load after first paint');
        const boot = `<script src="/${fileName}" defer data-modules="${modules.join(' ')}"></script>`;
        return html.replace(tags, '').replace('</title>', `</title>\n    ${boot}`);
      },
    },
  };
}

/**
 * The server renderer written in ASCII: every other character becomes a `\uXXXX` escape. After minifying they
 * stand only in string, template and regular-expression literals, where the escape means the same character.
 * The server keeps a module's source text in its heap while it runs, and one character beyond Latin-1 (₹, …)
 * makes V8 keep all of it at two bytes a character.
 */
function asciiServerRenderer(): Plugin {
  return {
    name: 'ascii-server-renderer',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = file.code.replace(
          /[\u0080-\uffff]/g,
          (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
      }
    },
  };
}

/**
 * Builds the storefront from src/client into dist/client and, with `--ssr`, its server renderer
 * (src/client/render-on-server.tsx) into dist/render as one module; the API is proxied in dev.
 */
export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild && {
    ssr: { noExternal: true, external: ['jsdom'] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  root: here('./src/client'),
  publicDir: here('./src/client/public'),
  plugins: [
    react(),
    tailwindcss(),
    loadModulesAfterFirstPaint(),
    asciiServerRenderer(),
    // The heading font (theme.css) is requested with the page, not when the CSS is parsed: a preload of the
    // built woff2 in the storefront's index.html.
    {
      name: 'preload-heading-font',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(_html, context) {
          const font = Object.keys(context.bundle ?? {}).find((file) =>
            /playfair-display-latin-700-normal-[\w-]+\.woff2$/.test(file),
          );
          return font
            ? [
                {
                  tag: 'link',
                  injectTo: 'head',
                  attrs: {
                    rel: 'preload',
                    as: 'font',
                    type: 'font/woff2',
                    crossorigin: '',
                    href: `/${font}`,
                  },
                },
              ]
            : [];
        },
      },
    },
    // Dev server only: `/admin` and its routes are the admin's page (built by vite.admin.config.ts).
    {
      name: 'admin-page-in-dev',
      configureServer(server) {
        server.middlewares.use((request, _response, next) => {
          if (request.url && /^\/admin(\/[^.]*)?(\?.*)?$/.test(request.url))
            request.url = '/admin/index.html';
          next();
        });
      },
    },
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: here('./src/shared') },
      { find: '@client', replacement: here('./src/client') },
      // React Router's package exports always point at its development build, which keeps dev warnings on
      // (ENABLE_DEV_WARNINGS); its production build is the same code with them off.
      { find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') },
      // In the browser, zod never tries `new Function` (src/client/lib/zod-without-eval.ts).
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: here('./src/client/lib/zod-without-eval.ts') }]),
    ],
  },
  build: isSsrBuild ? serverRenderBuild : browserBuild,
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/sandbox': 'http://127.0.0.1:3000',
    },
  },
}));
