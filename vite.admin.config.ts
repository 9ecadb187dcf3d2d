import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import storefrontConfig from './vite.config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const storefront = storefrontConfig({ command: 'build', mode: 'production', isSsrBuild: false });

/**
 * Builds the admin panel (src/client/admin/index.html → dist/client/admin/index.html and its assets) after
 * the storefront, into the same folder without emptying it. A build of its own, so the storefront's bundles
 * stay byte for byte what they were (docs/decisions/013-admin-area.md): the admin brings its own copy of
 * the frameworks, split into a vendor chunk and the admin's code.
 */
export default mergeConfig(
  { ...storefront, build: { ...storefront.build, rolldownOptions: undefined } },
  defineConfig({
    publicDir: false,
    build: {
      emptyOutDir: false,
      rolldownOptions: {
        input: { admin: here('./src/client/admin/index.html') },
        output: {
          codeSplitting: {
            // The frameworks every admin screen stands on share one vendor chunk; every other package (sonner,
            // loaded on the first toast; DOMPurify, with the policy editor; the dialog and menu primitives of the
            // screens that use them) stays with the lazily loaded code that imports it, off the first load.
            groups: [
              {
                name: 'admin-vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod|react-hook-form|@hookform)[\\/]/,
              },
            ],
          },
        },
      },
    },
  }),
);
