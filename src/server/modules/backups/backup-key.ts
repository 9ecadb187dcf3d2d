/**
 * The key through which `npm run backup` reaches a running embedded store (docs/decisions/020-backups.md).
 * The embedded database is locked by the running server (docs/decisions/007-data-dir-lock.md), so the CLI
 * cannot read it; instead the server, once listening, writes `DATA_DIR/backup.key` (mode 0600: only the
 * store's user reads it) with its process id, port and a random key, and takes a backup for whoever sends that
 * key to `POST /api/v1/backups` from this machine. Reading the file proves the caller may read the data folder
 * anyway. The file is removed when the server closes.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The key file's name inside `DATA_DIR`. */
export const BACKUP_KEY_FILE = 'backup.key';

/** What the key file holds: the server's process id, the address and port to reach it on, the key. */
export type BackupKey = { pid: number; host: string; port: number; key: string };

/** The address a local client reaches a server listening on `address` at (a wildcard → loopback). */
function reachableAt(address: string): string {
  if (address === '0.0.0.0' || address === '') return '127.0.0.1';
  if (address === '::') return '::1';
  return address;
}

/**
 * Writes a new key file for the server listening on `address` and `port` (replacing a stale one).
 * @returns the key (64 hex characters).
 * @throws the file-system error when `dataDir` takes no writes.
 */
export function writeBackupKey(dataDir: string, address: string, port: number): string {
  const key = randomBytes(32).toString('hex');
  const path = join(dataDir, BACKUP_KEY_FILE);
  const temporary = `${path}.${process.pid}`;
  writeFileSync(
    temporary,
    JSON.stringify({ pid: process.pid, host: reachableAt(address), port, key } satisfies BackupKey),
    {
      mode: 0o600,
    },
  );
  renameSync(temporary, path);
  return key;
}

/** The key file of `dataDir`, or null when there is none or it cannot be read. */
export function readBackupKey(dataDir: string): BackupKey | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, BACKUP_KEY_FILE), 'utf8')) as BackupKey;
    return typeof parsed.key === 'string' && typeof parsed.host === 'string' && Number.isInteger(parsed.port)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** Removes the key file if it still holds `key` (a newer server's file stays). */
export function removeBackupKey(dataDir: string, key: string): void {
  if (readBackupKey(dataDir)?.key === key) rmSync(join(dataDir, BACKUP_KEY_FILE), { force: true });
}

/** Compares a sent key with the server's in constant time. */
export function sameKey(sent: string, key: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * True for a request from this machine: from a loopback address, or from the very address it reached (a
 * server listening on one interface), and not passed on by a proxy (no `X-Forwarded-For`).
 */
export function isFromThisMachine(
  socket: {
    remoteAddress?: string | undefined;
    localAddress?: string | undefined;
  },
  forwarded: unknown,
): boolean {
  if (forwarded !== undefined) return false;
  const remote = socket.remoteAddress ?? '';
  return (
    remote === '::1' || /^(::ffff:)?127\./.test(remote) || (remote !== '' && remote === socket.localAddress)
  );
}
