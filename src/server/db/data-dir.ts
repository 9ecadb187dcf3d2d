/**
 * The data folder (`DATA_DIR`) must take writes: the embedded database lives in it and, without SMTP_URL, the
 * mail outbox. A folder that cannot be written stops start-up with one sentence naming the cause and the
 * setting, and makes `GET /api/v1/health/ready` answer 503.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Why a folder cannot be used. */
export type FolderProblem = 'not_writable' | 'full' | 'not_a_folder' | 'unusable';

/** A data folder that cannot be used; the message is the one sentence start-up prints. */
export class DataDirError extends Error {
  constructor(
    /** The folder as configured (`./data`), as the message names it. */
    public readonly dataDir: string,
    public readonly problem: FolderProblem,
    cause: unknown,
  ) {
    super(dataDirMessage(dataDir, problem, (cause as NodeJS.ErrnoException | undefined)?.code), { cause });
    this.name = 'DataDirError';
  }
}

function dataDirMessage(dataDir: string, problem: FolderProblem, code: string | undefined): string {
  switch (problem) {
    case 'not_writable':
      return `DATA_DIR ${dataDir} is not writable: give the user running the store write access to it, or set DATA_DIR to another folder.`;
    case 'full':
      return `DATA_DIR ${dataDir} is full: free some disk space, or set DATA_DIR to a folder on a disk with room.`;
    case 'not_a_folder':
      return `DATA_DIR ${dataDir} is not a folder: set DATA_DIR to a folder (it is created when missing).`;
    default:
      return `DATA_DIR ${dataDir} cannot be used (${code ?? 'unknown error'}): set DATA_DIR to a writable folder.`;
  }
}

/** The problem a file-system error code stands for (EACCES → not writable, ENOSPC → full, …). */
export function folderProblem(error: unknown): FolderProblem {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'not_writable';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'full';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'not_a_folder';
    default:
      return 'unusable';
  }
}

/** Bytes the write check writes: one file-system block, so a full disk refuses it. */
const PROBE_BYTES = 4096;

/**
 * Creates `folder` when missing, then writes, syncs and deletes a small file in it.
 * @throws the file-system error (EACCES, EROFS, ENOSPC, ENOTDIR…) when the folder cannot take writes.
 */
export function checkWritableFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const probe = join(folder, `.write-check-${process.pid}`);
  const fd = openSync(probe, 'w');
  try {
    writeSync(fd, Buffer.alloc(PROBE_BYTES));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
    unlinkSync(probe);
  }
}

/**
 * Makes sure the data folder exists and takes writes.
 * @throws {DataDirError} naming `dataDir` as configured and the cause.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    checkWritableFolder(dataDir);
  } catch (error) {
    throw new DataDirError(dataDir, folderProblem(error), error);
  }
}
