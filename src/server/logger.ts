/**
 * The server's log: pino (through Fastify) writing one JSON line per entry to standard output, with secrets
 * redacted and database errors stripped of their values.
 *
 * Output goes through {@link pipeSafeDestination}, a synchronous writer that gives up on a broken pipe.
 * pino's default destination buffers, and at exit flushes synchronously in a loop that retries every failed
 * write: with standard output on a pipe whose reader has gone (`npm start | head`, a stopped log collector)
 * that loop never ends, and a SIGTERM left the process spinning forever.
 */
import { writeSync } from 'node:fs';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { serializeErrorForLog } from './db/database-errors';

/** Where log lines go: anything with a `write(line)` (pino's destination interface). */
export type LogDestination = { write(line: string): void };

/** How long one line may wait on a full, non-blocking pipe before it is dropped, in milliseconds. */
const FULL_PIPE_WAIT_MS = 1_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * A destination writing each line synchronously to file descriptor `fd` (1: standard output). Nothing is
 * buffered, so nothing is left to flush at exit. A full pipe (EAGAIN) is waited on for up to
 * {@link FULL_PIPE_WAIT_MS} per line, then the line is dropped; any other failure (EPIPE: the reader has gone,
 * EBADF) turns the destination off for good, so logging never blocks or crashes the store.
 */
export function pipeSafeDestination(fd = 1): LogDestination {
  let broken = false;
  return {
    write(line: string) {
      if (broken) return;
      let rest = Buffer.from(line, 'utf8');
      const deadline = Date.now() + FULL_PIPE_WAIT_MS;
      while (rest.length > 0) {
        try {
          rest = rest.subarray(writeSync(fd, rest));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if ((code === 'EAGAIN' || code === 'EBUSY') && Date.now() < deadline) {
            Atomics.wait(sleeper, 0, 0, 10);
            continue;
          }
          if (code !== 'EAGAIN' && code !== 'EBUSY') broken = true;
          return;
        }
      }
    },
  };
}

/**
 * Log paths never written: credentials, personal data and the parameters of database errors, at the top of
 * a logged object and one or two levels down (pino `redact`, https://getpino.io/#/docs/redaction).
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'passwordHash',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'salt',
  'hash',
  'email',
  'phone',
  'params',
  'parameters',
  'detail',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Query parameters whose values the logged request line never shows: the secret fields (e.g. a reset link's
 * `token`) and order tracking's `contactInfo` (the shopper's e-mail or phone).
 */
const SECRET_QUERY_PARAMETERS = new Set(
  [...SECRET_FIELDS, 'contactInfo', 'hub.verify_token'].map((field) => field.toLowerCase()),
);

/**
 * `url` with the value of every query parameter named like a secret field replaced, so the request line of
 * the log keeps no credential: `/reset-password?token=abc&x=1` → `/reset-password?token=[redacted]&x=1`.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed escape: compare the name as written
      }
      return SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

/** Fastify's request serializer with the secret query values of the URL redacted ({@link redactUrl}). */
function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's `logger` option for the configured level, or false when logging is off. `destination` defaults
 * to {@link pipeSafeDestination} on standard output; tests pass a stream they read.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'LOG_LEVEL'>,
  destination: LogDestination = pipeSafeDestination(1),
): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    stream: destination,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeErrorForLog, req: serializeRequestForLog },
  };
}
