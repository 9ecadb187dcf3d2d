/**
 * Servers of their own for browser tests that change the shop (the admin's tests) or need other settings:
 * `startServer` as scripts/start-server-process.mjs has it, on a copy of the demo shop's data folder made once
 * for the run (./global-setup.ts), so that no test waits for a database to be created and filled.
 */
import { afterAll, beforeAll, inject } from 'vitest';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer as startServerProcess } from '../scripts/start-server-process.mjs';
import { apiCall } from './helpers';

/** Options of scripts/start-server-process.mjs's `startServer` that browser tests pass. */
export type ServerOptions = { env?: Record<string, string>; log?: boolean };

/** Starts the built app with the demo shop; `stop()` it after the tests. */
export function startServer(
  options: ServerOptions = {},
): Promise<{ baseUrl: string; dataDir: string; stop: () => Promise<void> }> {
  return startServerProcess({ ...options, fromDataDir: inject('dataDirTemplate') });
}

/**
 * A server of the test file's own, started before its tests and stopped after them (hooks registered where
 * this is called, at the top of the file). `shop()` is its origin; `apiCall` is ./helpers.ts's `apiCall` on it.
 */
export function useOwnServer(options: ServerOptions = {}) {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const shop = () => server!.baseUrl;
  const ownApiCall = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) =>
    apiCall<T>(method, path, body, token, shop());
  return { shop, apiCall: ownApiCall };
}
