/**
 * One error type for the whole API and one handler that turns every error into 4xx/5xx JSON
 * `{ error, fields? }` (DESIGN.md "Server"; model: Medusa's MedusaError and its HTTP handler).
 * Stack traces and SQL never reach the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** The body of every error answer. `fields` maps a field or parameter name to what is wrong with it. */
export type ErrorBody = { error: string; fields?: Record<string, string> };

/** An expected failure with a code from {@link errorStatus}; the handler answers its status and message. */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

const validationPlaces: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'field',
  headers: 'header',
};

/** Installs the single error handler and the JSON 404 for unknown routes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
        fields[name] ??= issue.message ?? 'is invalid';
      }
      const place = validationPlaces[error.validationContext ?? 'body'] ?? 'field';
      const names = Object.keys(fields);
      return reply.code(400).send({
        error: `Invalid ${place}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
        fields,
      } satisfies ErrorBody);
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
