/** Starts the built app once (fresh embedded database with the demo shop) for all browser tests. */
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer } from '../scripts/start-server-process.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its mail outbox (`outbox/*.eml`) holds the mails the app sent. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = (await startServer()) as { baseUrl: string; dataDir: string; stop: () => Promise<void> };
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
