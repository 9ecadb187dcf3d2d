/**
 * One process at a time on an embedded database: an exclusive lock on `DATA_DIR` (docs/decisions/
 * 007-data-dir-lock.md). PGlite is a single-process database; a second process opening the same folder
 * (a second `npm start`, `npm run orders`, `npm run catalog:import`) works on its own copy of the pages and
 * the two overwrite each other: answered orders were lost and stock oversold.
 *
 * The lock is the file `DATA_DIR/store.lock` holding the owner's process id and start time. It is created
 * atomically (a hard link of a fully written file, so nobody reads it half written); an existing lock whose
 * process is gone (kill -9, power cut) or whose id now belongs to another process is stale and taken over.
 * Not used with DATABASE_URL: PostgreSQL serves many processes.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE_NAME = 'store.lock';

/** Another running process holds the data folder; the message is the one sentence the CLIs and start-up print. */
export class DataDirInUseError extends Error {
  constructor(
    /** The folder as configured (`./data`). */
    public readonly dataDir: string,
    /** The process id of the store holding it. */
    public readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by the store running as process ${pid}; stop it first.`);
    this.name = 'DataDirInUseError';
  }
}

/** A held lock; `release()` removes the lock file (only while it is still ours) and is safe to call twice. */
export type DataDirLock = { readonly path: string; release(): void };

/** Lock files held by this process (absolute path → content), removed at exit if still held. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * The start time of process `pid` in clock ticks since boot (field 22 of `/proc/<pid>/stat`), which tells a
 * process from a later one given the same id; null where `/proc` is not available.
 */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may hold spaces) start at field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

type Owner = { pid: number; startTime: string };

function parseOwner(text: string): Owner | null {
  const [pidText = '', startTime = ''] = text.split('\n');
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, startTime } : null;
}

/** True while the owner's process runs (and is the same process, where its start time can be read). */
function isRunning(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(owner.pid);
  return !owner.startTime || !startTime || startTime === owner.startTime;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates `path` with `content` only when it does not exist yet; false when it does. */
function createExclusive(path: string, content: string, dataDir: string): boolean {
  const temporary = join(dataDir, `.${LOCK_FILE_NAME}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temporary, content);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    // A file system without hard links: an exclusive create (a reader may briefly see it empty).
    try {
      writeFileSync(path, content, { flag: 'wx' });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Moves a stale lock out of the way. Renaming is atomic: if another process replaced the stale lock with its
 * own meanwhile, what was moved is not what was seen, and it is put back.
 */
function removeStale(path: string, seen: string): void {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== seen) linkSync(aside, path);
  } catch {
    // Someone else took the lock in the same instant; they keep it.
  } finally {
    unlinkSync(aside);
  }
}

function removeHeldLocks(): void {
  for (const [path, content] of held) {
    if (readText(path) === content) unlinkSync(path);
  }
  held.clear();
}

/**
 * Takes the exclusive lock on the data folder `dataDir` (which must exist), taking over a stale one.
 * @param dataDir the folder as configured; error messages name it so.
 * @throws {DataDirInUseError} while another running process (or this one) holds it.
 * @throws the file-system error when the lock file cannot be written.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = resolve(join(dataDir, LOCK_FILE_NAME));
  const content = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(path, content, dataDir)) {
      held.set(path, content);
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        process.on('exit', removeHeldLocks);
      }
      return {
        path,
        release() {
          if (held.get(path) !== content) return;
          held.delete(path);
          if (readText(path) === content) unlinkSync(path);
        },
      };
    }
    const seen = readText(path);
    if (seen === null) continue;
    const owner = parseOwner(seen);
    // Our own id in a lock we do not hold was left by an earlier process given the same id (containers).
    const ours = owner?.pid === process.pid && !held.has(path);
    if (owner && !ours && isRunning(owner)) throw new DataDirInUseError(dataDir, owner.pid);
    removeStale(path, seen);
  }
  const owner = parseOwner(readText(path) ?? '');
  throw new DataDirInUseError(dataDir, owner?.pid ?? 0);
}
