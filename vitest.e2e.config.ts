import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Playwright (playwright-core) drives Debian's Chromium against the built app (e2e/run.mjs).
 * Two workers run test files side by side, each against a server of its own (e2e/global-setup.ts) with one
 * Chromium for all its files (e2e/browser.ts): the files of a worker run one after another, so they share
 * its modules (no isolation) and never a server with the other worker's files.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
