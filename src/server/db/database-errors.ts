/**
 * What a database error means for the store, and what of it may be written to the log.
 *
 * - {@link isDatabaseUnavailableError}: the database cannot be reached right now (a PostgreSQL restart, a
 *   network cut, too many connections, an embedded database already closed). The API answers 503 with
 *   `Retry-After` for these instead of 500: the request was fine and may be repeated in a minute.
 * - {@link isRetryableConflict}: PostgreSQL ended a transaction that may simply be run again.
 * - {@link serializeErrorForLog}: the logger's `err` serializer. Drizzle puts the query's parameters into its
 *   error message (`Failed query: … params: asha@example.com,$argon2id$…`) and PostgreSQL puts row values into
 *   `detail` (`Key (email)=(asha@example.com) already exists.`); neither may reach the log.
 */

/** Socket error codes of a connection that could not be made or was lost (Node's `net`/`dns`). */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs of an unavailable server besides class 08 (connection exception): 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery), 53300 too_many_connections.
 * Source: PostgreSQL manual, appendix A "PostgreSQL Error Codes".
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages node-postgres, pg-pool and PGlite throw without a code when the connection is gone or closed. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg Client: 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis passed
  /^Client (has encountered a connection error|was closed) and is not queryable$/, // pg Client
  /^Cannot use a pool after calling end on the pool$/, // pg-pool
  /^PGlite is clos(ed|ing)$/, // PGlite after close()
];

const MAX_DEPTH = 5;

/**
 * True when `error` (or its `cause`, where Drizzle keeps the driver's error) is PostgreSQL's 40P01
 * deadlock_detected or 40001 serialization_failure: the transaction was rolled back and may be run again as it
 * was (PostgreSQL manual, appendix A "PostgreSQL Error Codes", and §13.6 on retrying serialization failures).
 */
export function isRetryableConflict(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (candidate) => (candidate as { code?: unknown } | null)?.code,
  );
  return codes.includes('40P01') || codes.includes('40001');
}

/**
 * True when `error` (or its `cause`, or one of an AggregateError's errors) says the database is unreachable:
 * a connection refused, reset, timed out or terminated (node-postgres), SQLSTATE class 08 or 57P01–57P03 or
 * 53300, or PGlite closed. A query the database refused (syntax, constraint, a missing table) is not.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return unavailable(error, 0);
}

function unavailable(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  if (Array.isArray(errors) && errors.some((inner) => unavailable(inner, depth + 1))) return true;
  return cause !== undefined && unavailable(cause, depth + 1);
}

/** PostgreSQL error fields that name schema objects, never row values (`detail`, `where` and the query are left out). */
const SAFE_DATABASE_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/** A quoted value in a PostgreSQL message of class 22 (`invalid input syntax for type uuid: "…"`). */
const QUOTED_VALUE = /"(?:[^"]|"")*"/g;

/** One logged error: its type, message, stack and codes, with its causes. */
export type LoggedError = {
  type: string;
  message: string;
  /** The stack with the sanitised message as its first line; empty for a thrown non-error. */
  stack: string;
  code?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
};

/**
 * The log form of an error (the pino `err` serializer of the server): type, message, stack, `code` and, for
 * database errors, only the fields that name schema objects. A Drizzle query error keeps its SQL text (which
 * holds `$1` placeholders) but loses its parameters; a PostgreSQL data error (SQLSTATE class 22) loses the
 * quoted input value of its message; nothing else of an error object is copied, so a property holding a
 * password, token or e-mail never reaches the log.
 */
export function serializeErrorForLog(error: unknown): LoggedError {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A non-error value was thrown', stack: '' };
  }
  const fields = error as Error & Record<string, unknown>;
  let message = error.message;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  if (typeof fields.query === 'string' && message.startsWith('Failed query: ')) {
    message = `Failed query: ${fields.query}`;
  } else if (code?.startsWith('22')) {
    message = message.replace(QUOTED_VALUE, '"…"');
  }
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message,
    stack: `${error.name}: ${message}${frames === -1 ? '' : error.stack!.slice(frames)}`,
  };
  if (code) logged.code = code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (typeof fields.severity === 'string') {
    for (const field of SAFE_DATABASE_FIELDS) {
      if (typeof fields[field] === 'string') logged[field] = fields[field];
    }
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) logged.cause = serialize(error.cause, depth + 1);
    if (error instanceof AggregateError)
      logged.errors = error.errors.slice(0, 5).map((inner) => serialize(inner, depth + 1));
  }
  return logged;
}
