/**
 * Authentication for signed-in-only API routes (docs/product.md §6): the token comes only from
 * `Authorization: Bearer <token>` — never from the cookie — and must match an unrevoked, unexpired session
 * of the request's store (`request.storeId`). The one hook every signed-in route uses: `{ onRequest: authenticate }`.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { UnauthorizedError } from '../../errors';
import { findSessionAccount, type SessionAccount } from './sessions';

/** The 401 message when the request carries no bearer token. */
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
/** The 401 message for an unknown, expired, revoked or other-store token. */
export const INVALID_SESSION_MESSAGE = 'Invalid or expired session';

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or null when the header
 * is absent or of another scheme.
 */
export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

// One lookup per request, however many handlers ask.
const resolved = new WeakMap<FastifyRequest, Promise<SessionAccount>>();

/**
 * The signed-in account of `request`.
 * @throws {UnauthorizedError} (401 `{ error }`) without a bearer token, or when the token does not open a
 *   live session of the request's store.
 */
export function requireAccount(request: FastifyRequest): Promise<SessionAccount> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = (async () => {
      const token = readBearerToken(request);
      if (!token) throw new UnauthorizedError(AUTHENTICATION_REQUIRED_MESSAGE);
      const account = await findSessionAccount(request.server.db, request.storeId, token);
      if (!account) throw new UnauthorizedError(INVALID_SESSION_MESSAGE);
      return account;
    })();
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * A route `onRequest` hook that answers 401 before the body is read unless the request carries a live session
 * of its store; the handler then calls {@link requireAccount} (cached per request) to get the account:
 * `{ onRequest: authenticate }`.
 */
export const authenticate: onRequestAsyncHookHandler = async (request) => {
  await requireAccount(request);
};
