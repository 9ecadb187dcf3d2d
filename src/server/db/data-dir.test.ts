import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, folderProblem, prepareDataDir } from './data-dir';

/**
 * Start-up's check of DATA_DIR and its one-sentence answers, on real file-system errors (the read-only folder
 * is tested on the running process in src/server/main.test.ts).
 */
describe('DATA_DIR check', () => {
  const root = mkdtempSync(join(tmpdir(), 'resham-data-dir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const failure = (work: () => void): unknown => {
    try {
      work();
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  };

  it('creates a missing folder and leaves nothing behind in it', () => {
    const dataDir = join(root, 'new', 'data');
    prepareDataDir(dataDir);
    expect(existsSync(dataDir)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('names a file given as DATA_DIR', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const error = failure(() => prepareDataDir(file));
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as Error).message).toBe(
      `DATA_DIR ${file} is not a folder: set DATA_DIR to a folder (it is created when missing).`,
    );
  });

  it('says "full" for a disk without room (the ENOSPC of /dev/full)', () => {
    const enospc = failure(() => writeFileSync('/dev/full', 'x'));
    expect((enospc as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(folderProblem(enospc)).toBe('full');
    expect(new DataDirError('./data', folderProblem(enospc), enospc).message).toBe(
      'DATA_DIR ./data is full: free some disk space, or set DATA_DIR to a folder on a disk with room.',
    );
  });
});
