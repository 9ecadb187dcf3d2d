// Starts the built server in a child process on a free port with a fresh embedded database (demo shop loaded),
// and waits until /api/v1/health/ready answers 200. Used by the benchmarks and the browser tests.
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverProcessSettings } from './server-process-settings.mjs';

const root = new URL('..', import.meta.url).pathname;

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `options.fromDataDir`: the DATA_DIR of a server that has started and stopped; the new server starts on a copy
 * of it (its database already made, migrated and holding the demo shop) instead of an empty folder. The copy
 * goes into `options.env.DATA_DIR` when that is given, else into a new temporary folder, which `stop()` removes
 * unless `options.keepDataDir` is set (to copy it later, as a `fromDataDir`). A DATA_DIR that already holds
 * files is a server started again on its own data: nothing is copied into it. `options.logFile`: a file the
 * server's standard output (its log) is written to, as a service manager's journal would take it, instead of
 * a pipe read by this process (a pipe this process does not drain quickly enough slows the server down).
 * @param {{ env?: Record<string, string>, log?: boolean, logFile?: string, fromDataDir?: string, keepDataDir?: boolean }} [options]
 * @returns {Promise<{ baseUrl: string, dataDir: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const port = await freePort();
  const ownsDataDir = !options.env?.DATA_DIR;
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'resham-run-'));
  if (options.fromDataDir && (!existsSync(dataDir) || readdirSync(dataDir).length === 0))
    cpSync(options.fromDataDir, dataDir, { recursive: true });
  // SERVER_NODE_ARGS: extra Node.js flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
  // it under a benchmark's load.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Started as `npm start` starts it (scripts/server-process-settings.mjs).
  const settings = serverProcessSettings(options.env?.MEMORY ?? process.env.MEMORY);
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(
    process.execPath,
    [...settings.nodeFlags, ...nodeArgs, join(root, 'dist/server/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...settings.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', logFd ?? (options.log ? 'inherit' : 'pipe'), 'inherit'],
    },
  );
  if (logFd !== undefined) closeSync(logFd);
  child.stdout?.resume();
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let exited = null;
  child.on('exit', (code) => (exited = code));
  for (;;) {
    if (exited !== null) throw new Error(`The server exited with code ${exited} before it answered`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server was not ready (/api/v1/health/ready) within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    stop: async () => {
      if (exited === null) {
        const done = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(timer);
      }
      if (ownsDataDir && !options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
