/**
 * One check, before any route schema or handler runs, that no text of an API request holds NUL (U+0000).
 * PostgreSQL cannot store NUL in `text` or `jsonb`, so such a value would fail deep inside a query and answer
 * 500. Every path parameter, query parameter and body field — names and values, at any depth, including form
 * posts and JSON kept as raw bytes for signature checks — is walked once here, and the first place holding NUL
 * answers 400 naming the fields: `{ error: 'Invalid field: firstName', fields: { firstName: '…' } }`.
 * Registered once for `/api/v1` in `app.ts`, so no route schema has to repeat it.
 */
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { InvalidPlace } from '@shared/errors/error-body';
import { ValidationError } from './errors';

/** What is wrong with a field that holds NUL. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** At most this many fields are named in one answer (a body may hold thousands). */
const MAX_NAMED_FIELDS = 20;

const NUL = '\u0000';

/** A field name as shown in the answer: NUL inside a name is written `\u0000`. */
function readable(name: string): string {
  return name.replaceAll(NUL, '\\u0000');
}

/**
 * The dotted paths (`shippingAddress.city`, `items.0.sku`) of the strings in `value` that hold NUL, and of
 * the object keys that do, in document order; `(root)` when `value` itself is such a string. Iterative, so
 * deeply nested JSON cannot overflow the stack; stops after `limit` paths.
 */
export function nulPaths(value: unknown, limit = MAX_NAMED_FIELDS): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && found.length < limit) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(path || '(root)');
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      const childPath = path ? `${path}.${readable(key)}` : readable(key);
      // A name holding NUL is reported in its place, like a value.
      stack.push([key.includes(NUL) ? NUL : child, childPath]);
    }
  }
  return found;
}

/** The paths holding NUL in a form post (`a=1&b=2`), by field name. */
function formNulPaths(body: string): string[] {
  const found = new Set<string>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (name.includes(NUL) || value.includes(NUL)) found.add(readable(name) || '(root)');
    if (found.size >= MAX_NAMED_FIELDS) break;
  }
  return [...found];
}

/** The body's paths holding NUL, whatever the route's parser made of it (object, form string, raw JSON). */
function bodyNulPaths(request: FastifyRequest): string[] {
  const body = request.body;
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (typeof body === 'string' && contentType.startsWith('application/x-www-form-urlencoded')) {
    return formNulPaths(body);
  }
  if (Buffer.isBuffer(body)) {
    if (!contentType.includes('json')) return [];
    try {
      return nulPaths(JSON.parse(body.toString('utf8')));
    } catch {
      // Not JSON: the route answers that itself.
      return [];
    }
  }
  return nulPaths(body);
}

/**
 * True when the request may carry NUL anywhere the hook looks: a body, or a NUL in its path or query string.
 * NUL cannot be sent raw in a request line (Node's parser refuses it), only percent-encoded as `%00`, the one
 * spelling that decodes to it, so a URL without `%00` has no path or query parameter holding NUL.
 */
function mayHoldNul(request: FastifyRequest): boolean {
  return request.body !== undefined || /%00/.test(request.url);
}

/**
 * A `preValidation` hook: answers 400 through the error handler when a path parameter, query parameter or body
 * field (checked in that order) holds NUL. Synchronous, and a request without a body or `%00` in its URL (most
 * reads) is passed on at once ([decision 035](../../docs/decisions/035-fast-path.md)).
 * Passes on a {@link ValidationError} naming every such field of the first place that has one, each with
 * {@link NUL_MESSAGE}.
 */
export const refuseNulCharacters: preValidationHookHandler = (request, _reply, done) => {
  if (!mayHoldNul(request)) return done();
  const places: [InvalidPlace, () => string[]][] = [
    ['path parameter', () => nulPaths(request.params)],
    ['query parameter', () => nulPaths(request.query)],
    ['field', () => bodyNulPaths(request)],
  ];
  for (const [place, find] of places) {
    const paths = find();
    if (paths.length > 0) {
      return done(new ValidationError(Object.fromEntries(paths.map((path) => [path, NUL_MESSAGE])), place));
    }
  }
  done();
};
