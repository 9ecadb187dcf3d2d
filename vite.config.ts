import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Builds the storefront SPA from src/client into dist/client; the API is proxied in dev. */
export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': here('./src/shared'),
      '@client': here('./src/client'),
    },
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // One shared chunk for what every page needs (frameworks, the src/client/lib modules the layouts and
        // the home page use, and the first-load UI primitives) instead of several small ones: fewer requests
        // and better compression on the first load (docs/decisions/005-first-load-budget.md). The lib modules
        // are listed by name: a group takes every module it matches, so lib code that only lazy pages use
        // (lib/catalog, lib/orders, the account and form helpers) must stay out of it.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: new RegExp(
                [
                  String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx|class-variance-authority)[\\/]`,
                  String.raw`src[\\/]client[\\/]lib[\\/](api-client|auth-cookie|notify|query-keys|use-document-title|utils)\.tsx?$`,
                  String.raw`src[\\/]client[\\/]lib[\\/](cart|store-info)[\\/]`,
                  String.raw`src[\\/]client[\\/]lib[\\/]session[\\/]session-context\.tsx$`,
                  String.raw`src[\\/]client[\\/]components[\\/]ui[\\/](skeleton|button-variants)`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/sandbox': 'http://127.0.0.1:3000',
    },
  },
});
