/**
 * The API's one error family and the one handler that writes every error answer as JSON
 * `{ error, fields? }` (src/shared/errors/error-body.ts). Expected failures are thrown as an {@link AppError}
 * subclass and mapped to their status here, once; validation failures of route schemas become a
 * {@link ValidationError}; anything else is logged and answered 500 without details, so stack traces and SQL
 * never reach the client. Model: Medusa's closed set of error types mapped once to HTTP.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { invalidFieldsMessage, type ErrorBody, type InvalidPlace } from '@shared/errors/error-body';
import { isDatabaseUnavailableError } from './db/database-errors';

export type { ErrorBody } from '@shared/errors/error-body';

/** The closed set of error codes and the HTTP status each maps to. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof errorStatus;

/** The 503 sentence while the database does not answer. */
export const UNAVAILABLE_MESSAGE = 'The store is briefly unavailable. Please try again in a minute.';

/**
 * An expected failure with a code from {@link errorStatus}; the handler answers its status, its message and
 * its `fields`, and a `Retry-After` header (seconds) when `retryAfterSeconds` is set.
 * Prefer the subclasses below, which name the failure.
 */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** 400: the request cannot be taken as it is (a message for people, no per-field detail). */
export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super('bad_request', message, fields);
  }
}

/**
 * 400 with `fields`: one or more named values are invalid. The sentence is built from the names
 * (`Invalid fields: email, password`), the same for route schemas, services and providers.
 */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, place: InvalidPlace = 'field') {
    super('bad_request', invalidFieldsMessage(place, Object.keys(fields)), fields);
  }

  /** The first message per dotted path of a zod failure (`shippingAddress.postalCode`). */
  static fromZod(error: z.ZodError, place: InvalidPlace = 'field'): ValidationError {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.path.map(String).join('.') || '(root)'] ??= issue.message;
    return new ValidationError(fields, place);
  }
}

/** 401: no session, or one that is not live in this store. */
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

/** 403: signed in, but not allowed to do this here. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** 404: the thing does not exist in this store, or the caller may not know that it does. */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('not_found', message);
  }
}

/** 409: the request clashes with the current state (stock gone, e-mail taken, order already paid). */
export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super('conflict', message, fields);
  }
}

/** 429 with `Retry-After`: too many attempts; `retryAfterSeconds` is when the next one may succeed. */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

/** 503 with `Retry-After`: a dependency (the database) does not answer; the request may be retried. */
export class UnavailableError extends AppError {
  constructor(message: string = UNAVAILABLE_MESSAGE, retryAfterSeconds = 60) {
    super('unavailable', message, undefined, retryAfterSeconds);
  }
}

const validationPlaces: Record<string, InvalidPlace> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'field',
  headers: 'header',
};

/** The app error a route-schema validation failure stands for. */
function fromSchemaValidation(error: FastifyError): ValidationError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
    fields[name] ??= issue.message ?? 'is invalid';
  }
  return new ValidationError(fields, validationPlaces[error.validationContext ?? 'body'] ?? 'field');
}

/** Installs the single error handler: every error answer of the app is written here. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An unreachable database is an outage, not a bug: 503 with Retry-After, never 500.
    const unavailable = !(error instanceof AppError) && isDatabaseUnavailableError(error);
    if (unavailable) request.log.warn({ err: error }, 'database unavailable');
    const known =
      error instanceof AppError ? error : unavailable ? new UnavailableError() : fromSchemaValidation(error);
    if (known) {
      const body: ErrorBody = { error: known.message };
      if (known.fields) body.fields = known.fields;
      if (known.retryAfterSeconds !== undefined) reply.header('retry-after', String(known.retryAfterSeconds));
      return reply.code(known.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): safe messages.
      return reply.code(status).send({ error: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' } satisfies ErrorBody);
  });
}
