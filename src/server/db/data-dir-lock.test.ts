import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from './data-dir-lock';

/** The exclusive lock on an embedded database's DATA_DIR, against real processes. */
describe('DATA_DIR lock', () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), 'resham-lock-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** Another process holding the lock of `folder` until it is killed. */
  const holder = async (folder: string) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { acquireDataDirLock } from './src/server/db/data-dir-lock.ts';
         acquireDataDirLock(${JSON.stringify(folder)});
         console.log('locked');
         setInterval(() => undefined, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.once('exit', (code) => reject(new Error(`the holder exited with code ${code}`)));
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return { pid: child.pid!, kill: async (signal: NodeJS.Signals) => (child.kill(signal), exited) };
  };

  it('is held until released, and refuses a second holder in the same process', () => {
    const folder = dataDir();
    const lock = acquireDataDirLock(folder);
    expect(readFileSync(join(folder, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(folder)).toThrow(
      `DATA_DIR ${folder} is in use by the store running as process ${process.pid}; stop it first.`,
    );
    lock.release();
    lock.release();
    expect(existsSync(join(folder, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(folder).release();
  });

  it(
    'refuses while another process holds it, naming the folder as given and that process; takes it over after kill -9',
    { timeout: 60_000 },
    async () => {
      const folder = dataDir();
      const other = await holder(folder);
      let refusal: unknown;
      try {
        acquireDataDirLock(folder);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as Error).message).toBe(
        `DATA_DIR ${folder} is in use by the store running as process ${other.pid}; stop it first.`,
      );

      await other.kill('SIGKILL');
      // The killed process left its lock file behind: it is stale and taken over.
      expect(readFileSync(join(folder, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(other.pid));
      const lock = acquireDataDirLock(folder);
      expect(readFileSync(join(folder, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
      lock.release();
    },
  );

  it('takes over a lock whose process id now belongs to a different process, or to this one', () => {
    const folder = dataDir();
    const path = join(folder, LOCK_FILE_NAME);
    // Process 1 runs, but it was not the one that wrote this lock: its start time differs.
    writeFileSync(path, '1\n999999999999\n');
    acquireDataDirLock(folder).release();
    // A store restarted in a container often gets the same id as the one killed before it.
    writeFileSync(path, `${process.pid}\n999999999999\n`);
    acquireDataDirLock(folder).release();
    // An unreadable lock is no lock.
    writeFileSync(path, 'garbage');
    acquireDataDirLock(folder).release();
    expect(existsSync(path)).toBe(false);
  });

  it('leaves a lock alone that another process took after this one released', () => {
    const folder = dataDir();
    const path = join(folder, LOCK_FILE_NAME);
    const lock = acquireDataDirLock(folder);
    rmSync(path);
    writeFileSync(path, '1\n\n');
    lock.release();
    expect(readFileSync(path, 'utf8')).toBe('1\n\n');
  });
});
