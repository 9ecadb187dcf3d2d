/**
 * Why start-up failed, in one sentence naming the cause and the setting to change, printed instead of a
 * stack trace (the process then exits with code 1):
 *
 * - `PORT 3000 is already in use: stop the other program or set PORT to another port.`
 * - `DATA_DIR ./data is not writable: …` / `… is full: …` (src/server/db/data-dir.ts)
 * - `DATA_DIR ./data is in use by the store running as process 1234; stop it first.` (data-dir-lock.ts)
 * - `DATABASE_URL does not answer (db.example.com:5432, ECONNREFUSED): …`
 */
import type { AppConfig } from './config';
import { DataDirError } from './db/data-dir';
import { DataDirInUseError } from './db/data-dir-lock';
import { isDatabaseUnavailableError, serializeErrorForLog } from './db/database-errors';

type SystemError = NodeJS.ErrnoException & { syscall?: string; hostname?: string };

/** `host:port` of a PostgreSQL URL, without the user name or password. */
function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/** The first error code found on `error` or its causes (ECONNREFUSED inside an AggregateError or a cause). */
function firstCode(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = firstCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return firstCode(cause, depth + 1);
}

/**
 * The sentence start-up prints for `error`.
 * @param config the parsed configuration, whose settings the sentence names.
 */
export function startFailureMessage(
  error: unknown,
  config: Pick<AppConfig, 'PORT' | 'HOST' | 'DATABASE_URL'>,
): string {
  if (error instanceof DataDirError || error instanceof DataDirInUseError) return error.message;
  const system = error as SystemError;
  if (system.syscall === 'listen' || system.syscall === 'bind') {
    if (system.code === 'EADDRINUSE')
      return `PORT ${config.PORT} is already in use: stop the other program or set PORT to another port.`;
    if (system.code === 'EACCES')
      return `PORT ${config.PORT} needs administrator rights: set PORT to 1024 or above (a reverse proxy can serve port 80).`;
    if (system.code === 'EADDRNOTAVAIL')
      return `HOST ${config.HOST} is not an address of this machine: set HOST to one of its addresses, or to 0.0.0.0 for all of them.`;
  }
  if (system.syscall === 'getaddrinfo' && system.hostname === config.HOST)
    return `HOST ${config.HOST} is not a known host name: set HOST to an address of this machine, or to 0.0.0.0.`;
  if (config.DATABASE_URL && isDatabaseUnavailableError(error)) {
    const code = firstCode(error);
    return `DATABASE_URL does not answer (${databaseAddress(config.DATABASE_URL)}${code ? `, ${code}` : ''}): start PostgreSQL or correct DATABASE_URL.`;
  }
  return `Start-up failed: ${serializeErrorForLog(error).message}`;
}
