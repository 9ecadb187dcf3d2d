/**
 * Servers of their own for browser tests that change the shop (the admin's tests) or need other settings:
 * `startServer` as scripts/start-server-process.mjs has it, on a copy of the demo shop's data folder made once
 * for the run (./global-setup.ts), so that no test waits for a database to be created and filled.
 */
import { inject } from 'vitest';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer as startServerProcess } from '../scripts/start-server-process.mjs';

/** Options of scripts/start-server-process.mjs's `startServer` that browser tests pass. */
export type ServerOptions = { env?: Record<string, string>; log?: boolean };

/** Starts the built app with the demo shop; `stop()` it after the tests. */
export function startServer(
  options: ServerOptions = {},
): Promise<{ baseUrl: string; dataDir: string; stop: () => Promise<void> }> {
  return startServerProcess({ ...options, fromDataDir: inject('dataDirTemplate') });
}
