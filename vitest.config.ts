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
    // Integration tests wait on PostgreSQL and on child processes as much as they compute: three workers keep
    // both cores busy. Each test file builds its own app and database, so files need no module isolation, and
    // importing Fastify, Drizzle and zod once per worker instead of once per file saves about a third.
    maxWorkers: 3,
    isolate: false,
  },
});
