/**
 * `application/x-www-form-urlencoded` bodies (the gateway's post-back, the bridge page, the sandbox): kept as
 * the raw string by a parser scoped to the plugin that registers it (@fastify/formbody is not used), and read
 * with URLSearchParams.
 */
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../errors';

/** Largest form body accepted (a PayU post-back is well under 8 KB). */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Registers the form parser on `app` (an encapsulated plugin): the body becomes the raw string. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/**
 * The fields of a form body, the first value of each name.
 * @throws {BadRequestError} when the body is not a form post.
 */
export function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'string') throw new BadRequestError('Expected a form post');
  // No prototype: names such as __proto__ or constructor are plain fields.
  const fields = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}
