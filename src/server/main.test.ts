import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCatalogImport } from './cli/catalog-import';
import { runOrdersCli } from './cli/orders';
import { openDatabase, pgliteExtensions } from './db/database';
import { countAllProducts } from './modules/catalog-file/import-service';
import { buildServerFor, cannotRunAs, type ServerBuild } from './test/server-build';
import { pgliteSnapshot } from './test/test-database';

/**
 * The real start-up (`src/server/main.ts`, built as `npm run build:server` builds it) in child processes:
 * configuration and start-up errors, serving, the DATA_DIR lock, readiness, graceful shutdown. The server is
 * built once for the suite (./test/server-build.ts) and each store starts on a copy of one migrated data
 * folder prepared from the test snapshot, so no test compiles the server or runs initdb on disk.
 */
describe('server process', () => {
  const folders: string[] = [];
  let template: string;
  let build: ServerBuild;
  /** Why no store can run as `nobody` here (tests that need one are skipped), or null. */
  let unprivilegedUnavailable: string | null = null;

  /** A new temporary folder, removed after the suite. */
  const temporaryFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'resham-main-'));
    folders.push(folder);
    return folder;
  };
  /** A copy of the migrated, empty data folder. */
  const preparedDataDir = () => {
    const dataDir = temporaryFolder();
    cpSync(template, dataDir, { recursive: true });
    return dataDir;
  };

  beforeAll(async () => {
    unprivilegedUnavailable = asRoot ? cannotRunAs(NOBODY) : null;
    build = await buildServerFor(asRoot && !unprivilegedUnavailable ? NOBODY : undefined);
    template = temporaryFolder();
    const pglite = await PGlite.create(join(template, 'pglite'), {
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    await pglite.close();
  });
  const children = new Set<ChildProcess>();
  afterAll(() => {
    // A failed test may leave its store running.
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    build?.remove();
  });

  /** Running as root, file modes do not stop writes: such tests run the store as the `nobody` user. */
  const asRoot = process.getuid?.() === 0;
  const NOBODY = 65534;
  const giveToNobody = (folder: string) => {
    if (!asRoot) return;
    chownSync(folder, NOBODY, NOBODY);
    for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' }))
      chownSync(join(folder, entry), NOBODY, NOBODY);
  };

  const start = (env: Record<string, string>, options: { unprivileged?: boolean } = {}) => {
    const child = spawn(process.execPath, [build.mainFile], {
      cwd: build.projectDir,
      env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', DEMO_DATA: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.unprivileged && asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  };

  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  const status = async (url: string) => (await fetch(url).catch(() => null))?.status;
  const waitForStatus = (url: string, expected: number) =>
    expect.poll(() => status(url), { timeout: 60_000, interval: 100 }).toBe(expected);

  /** Runs a CLI in this process on `dataDir`, capturing what it prints. */
  const runCli = async (dataDir: string, cli: () => Promise<number>) => {
    const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      return { code: await cli(), output: lines.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
      process.env.DATA_DIR = previous.DATA_DIR;
      if (previous.DATABASE_URL) process.env.DATABASE_URL = previous.DATABASE_URL;
    }
  };

  it('stops at start-up with a message naming a bad variable', async () => {
    const run = start({ PORT: 'eighty', DEMO_DATA: 'maybe', DATA_DIR: temporaryFolder() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration:');
    expect(run.output()).toContain('PORT:');
    expect(run.output()).toContain('DEMO_DATA: must be on or off (got "maybe")');
  });

  it(
    'serves the demo shop in test mode, holds DATA_DIR against a second store and the CLIs, and shuts down on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const dataDir = preparedDataDir();
      const port = await freePort();
      const run = start({ PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'on' });
      const base = `http://127.0.0.1:${port}`;
      await waitForStatus(`${base}/api/v1/health/ready`, 200);
      const list = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()) as { count: number };
      expect(list.count).toBeGreaterThanOrEqual(60);
      expect(run.output()).toMatch(/Loaded the demo shop: \d+ products\./);

      const inUse = `DATA_DIR ${dataDir} is in use by the store running as process ${run.child.pid}; stop it first.`;
      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toBe(inUse);
      expect(await runCli(dataDir, () => runOrdersCli(['list']))).toEqual({
        code: 1,
        output: `${inUse}\nOrder steps while the store runs will move to the admin panel; until then, stop the store, run this command, then start the store again.`,
      });
      expect(await runCli(dataDir, () => runCatalogImport([join(dataDir, 'catalog.json')]))).toEqual({
        code: 1,
        output: inUse,
      });
      // The refused processes did not disturb the store.
      expect(await status(`${base}/api/v1/health/ready`)).toBe(200);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output().split('\n')).toContain('TEST MODE: payments are simulated');
      expect(existsSync(join(dataDir, 'store.lock'))).toBe(false);
      // The embedded database was closed cleanly: it opens again with the demo shop in it.
      const database = await openDatabase({ dataDir });
      expect(await countAllProducts(database.db)).toBe(list.count);
      await database.close();
    },
  );

  it(
    'ends within 10 s of SIGTERM with its output pipes closed and a request stuck in flight',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const run = start({ PORT: String(port), DATA_DIR: preparedDataDir(), LOG_LEVEL: 'info' });
      await waitForStatus(`http://127.0.0.1:${port}/api/v1/health/live`, 200);
      // A client that sent half a body and went quiet: its request never completes on its own.
      const stuck = connect(port, '127.0.0.1');
      await new Promise((resolve) => stuck.once('connect', resolve));
      stuck.write(
        'POST /api/v1/users/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      );
      // Every log line now fails with EPIPE: the readers of the output pipes have gone.
      run.child.stdout.destroy();
      run.child.stderr.destroy();

      run.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        run.exited.then((code) => ({ exited: true, code })),
        new Promise<{ exited: false }>((resolve) => {
          timer = setTimeout(() => resolve({ exited: false }), 10_000);
        }),
      ]);
      clearTimeout(timer);
      stuck.destroy();
      if (!outcome.exited) run.child.kill('SIGKILL');
      expect(outcome).toEqual({ exited: true, code: 0 });
    },
  );

  it('stops with one sentence when PORT is already in use', { timeout: 60_000 }, async () => {
    const taken: Server = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    const { port } = taken.address() as { port: number };
    try {
      const run = start({ PORT: String(port), DATA_DIR: preparedDataDir() });
      expect(await run.exited).toBe(1);
      expect(run.output().trim()).toBe(
        `PORT ${port} is already in use: stop the other program or set PORT to another port.`,
      );
    } finally {
      taken.close();
    }
  });

  /** Skips a test that runs a store as `nobody` when this machine cannot, saying why. */
  const needsUnprivilegedStore = (skip: (note: string) => void) => {
    if (!unprivilegedUnavailable) return;
    console.warn(`Skipped: ${unprivilegedUnavailable}.`);
    skip(unprivilegedUnavailable);
  };

  it('stops with one sentence when DATA_DIR is not writable', async ({ skip }) => {
    needsUnprivilegedStore(skip);
    const dataDir = temporaryFolder();
    chmodSync(dataDir, 0o555);
    const run = start({ PORT: '0', DATA_DIR: dataDir }, { unprivileged: true });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      `DATA_DIR ${dataDir} is not writable: give the user running the store write access to it, or set DATA_DIR to another folder.`,
    );
  });

  it(
    'answers ready 503 naming dataDir while the data folder is read-only, and no TEST MODE line with real payments',
    { timeout: 120_000 },
    async ({ skip }) => {
      needsUnprivilegedStore(skip);
      const dataDir = preparedDataDir();
      giveToNobody(dataDir);
      const port = await freePort();
      const run = start(
        { PORT: String(port), DATA_DIR: dataDir, UPI_VPA: 'shop@okaxis', PAYMENTS_SANDBOX: 'off' },
        { unprivileged: true },
      );
      const ready = `http://127.0.0.1:${port}/api/v1/health/ready`;
      await waitForStatus(ready, 200);

      chmodSync(dataDir, 0o555);
      const answer = await fetch(ready);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'ok', dataDir: 'failed', outbox: 'ok' },
        failed: ['dataDir'],
        error: 'Not ready: the data folder (DATA_DIR) does not take writes.',
      });
      expect(await status(`http://127.0.0.1:${port}/api/v1/health/live`)).toBe(200);

      chmodSync(dataDir, 0o755);
      expect(await status(ready)).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain(`Resham is running at http://127.0.0.1:${port} (pglite database)`);
      expect(run.output()).not.toContain('TEST MODE');
    },
  );
});
