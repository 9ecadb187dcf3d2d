/**
 * The request log ([decision 035](../../docs/decisions/035-fast-path.md)): one line per request, written when
 * the request has been answered, instead of Fastify's two ("incoming request", "request completed"). At
 * `LOG_LEVEL=info` (the default) only the requests an owner looks for are written: those answered 4xx or 5xx
 * and those slower than {@link SLOW_REQUEST_MS}; at `debug` (or `trace`) every request is. A line carries the
 * request (method, URL with secret query values redacted, host, client address), its status, its time in
 * milliseconds and the request id that every other line of the same request carries (`reqId`).
 *
 * The per-request child logger (which binds `reqId`) is made only when something is logged for the request:
 * a request that logs nothing pays for no logger.
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type onResponseHookHandler,
} from 'fastify';
import type { AppConfig } from './config';

/** A request taking this many milliseconds or longer is written at `info` even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;

type LogMethod = (...args: unknown[]) => void;
type Bindings = Record<string, unknown>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger that makes the real child of `parent` (bound to `bindings`, e.g. `{ reqId }`) at its
 * first use; until then it costs one small object (its methods live on the prototype, not per request).
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options as ChildOptions));
  }

  private write(level: Level, args: unknown[]): void {
    (this.real()[level] as LogMethod)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(...args: unknown[]): void {
    this.write('silent', args);
  }

  child(childBindings: Bindings, childOptions?: object): FastifyBaseLogger {
    return this.real().child(childBindings, childOptions as ChildOptions);
  }
}

/** A request's logger made at its first use ({@link LazyChildLogger}). */
function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * Fastify's log lines with its two lines per request left out ("incoming request", and "request completed"
 * unless the response failed as a stream): {@link registerRequestLog} writes the one line instead. Every other
 * line of Fastify's (a failed serializer, a stream error) is kept.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}

/**
 * The Fastify options of the request log, with logging on: Fastify's own two lines per request off, and
 * request loggers made on first use.
 */
export function requestLogOptions(): Partial<FastifyServerOptions> {
  return {
    logController: new OneLinePerRequest(),
    childLoggerFactory: (logger: FastifyBaseLogger, bindings: Bindings, options: object) =>
      lazyChildLogger(logger, bindings, options),
  };
}

/**
 * Whether a request answered `statusCode` after `elapsedMs` is written at `info`: it failed (4xx, 5xx) or was
 * slow (≥ {@link SLOW_REQUEST_MS}).
 */
export function loggedAtInfo(statusCode: number, elapsedMs: number): boolean {
  return statusCode >= 400 || elapsedMs >= SLOW_REQUEST_MS;
}

/**
 * Adds the one `onResponse` hook writing the request line at the log's `level` (`LOG_LEVEL`); none when
 * logging is off or its level is above `info` (no request line could be written).
 */
export function registerRequestLog(app: FastifyInstance, level: AppConfig['LOG_LEVEL'] | false): void {
  if (level === false || !['info', 'debug', 'trace'].includes(level)) return;
  const everyRequest = level !== 'info';
  const writeLine: onResponseHookHandler = (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    if (loggedAtInfo(reply.statusCode, responseTime)) {
      request.log.info({ req: request, res: reply, responseTime }, 'request completed');
    } else if (everyRequest) {
      request.log.debug({ req: request, res: reply, responseTime }, 'request completed');
    }
    done();
  };
  app.addHook('onResponse', writeLine);
}
