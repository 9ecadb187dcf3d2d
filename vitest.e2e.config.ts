import { defineConfig } from 'vitest/config';

/** Browser tests: Playwright (playwright-core) drives Debian's Chromium against the built app (e2e/run.mjs). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
