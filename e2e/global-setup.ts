/**
 * Starts the built app for the browser tests: one server per test worker (files of one worker run one after
 * another against it; files of different workers never share a server), each with the demo shop on a fresh
 * embedded database. The database is made once: a first server creates, migrates and fills a data folder and
 * stops; every server starts on a copy of it (./servers.ts gives the same copy to tests that start their own).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer } from '../scripts/start-server-process.mjs';

type Server = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per worker (browser.ts picks this worker's). */
    servers: { baseUrl: string; dataDir: string }[];
    /** A stopped server's data folder with the demo shop: start own servers on a copy (./servers.ts). */
    dataDirTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const first = (await startServer({ keepDataDir: true })) as Server;
  await first.stop();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = (await Promise.all(
    Array.from({ length: workers }, () => startServer({ fromDataDir: first.dataDir })),
  )) as Server[];
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  project.provide('dataDirTemplate', first.dataDir);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(first.dataDir, { recursive: true, force: true });
  };
}
