import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { countAllProducts } from './modules/catalog/import-service';

/** The real start-up (`src/server/main.ts` through tsx): configuration errors, serving, graceful shutdown. */
describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'resham-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

  it('stops at start-up with a message naming a bad variable', async () => {
    const run = start({ PORT: 'eighty', DEMO_DATA: 'maybe' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration:');
    expect(run.output()).toContain('PORT:');
    expect(run.output()).toContain('DEMO_DATA: must be on or off (got "maybe")');
  });

  it(
    'serves the demo shop, then shuts down gracefully on SIGTERM and closes the database',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const run = start({ PORT: String(port) });
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(200);
      const list = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()) as { count: number };
      expect(list.count).toBeGreaterThanOrEqual(60);
      expect(run.output()).toMatch(/Loaded the demo shop: \d+ products\./);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      // The embedded database was closed cleanly: it opens again with the demo shop in it.
      const database = await openDatabase({ dataDir });
      expect(await countAllProducts(database.db)).toBe(list.count);
      await database.close();
    },
  );
});
