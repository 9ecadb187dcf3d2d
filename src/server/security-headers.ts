/**
 * The security headers of every answer (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * the Cross-Origin policies and the rest of helmet's defaults: https://helmetjs.github.io), computed once
 * ([decision 035](../../docs/decisions/035-fast-path.md)). Our policy does not vary per request (no nonces,
 * no per-request directives), so helmet runs once when the app is built, on a stand-in response that records
 * what it sets, and each request then gets the same values set on its response as helmet would have set
 * them: on the raw response before routing, so a route's own `reply.header(…)` (the payment pages' own
 * Content-Security-Policy) still replaces one of them, and error answers carry them too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A header helmet sets, as `[name, value]`, in helmet's order. */
export type SecurityHeader = readonly [name: string, value: string];

/**
 * The headers helmet sets for `options`.
 * @throws when helmet refuses the options (an invalid directive), as it would on the first request.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeader[] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Adds the one `onRequest` hook setting {@link securityHeaders} of `options` on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  // Lower-case names: Node lower-cases each name when it is set and again when the head is written, and
  // lower-casing a name that is already lower case makes no new string (names are case-insensitive, RFC 9110
  // §5.1; Fastify's own headers go out lower-case too).
  const headers = securityHeaders(options).map(([name, value]) => [name.toLowerCase(), value] as const);
  const setHeaders: onRequestHookHandler = (_request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of headers) response.setHeader(name, value);
    done();
  };
  app.addHook('onRequest', setHeaders);
}
