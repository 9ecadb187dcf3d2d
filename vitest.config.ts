import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Unit and server integration tests live beside the code (`*.test.ts`); browser tests live in e2e/. */
export default defineConfig({
  resolve: {
    alias: {
      '@shared': here('./src/shared'),
      '@server': here('./src/server'),
      '@client': here('./src/client'),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
