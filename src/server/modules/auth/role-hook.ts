/**
 * The one role check of the admin API (docs/admin.md "Roles"): every route under `/api/v1/admin` except
 * sign-in and set-up runs {@link requireMemberRole} before its body is read. 401 without a live session of
 * the request's store; 403 for an account that is not an active member of this store (a customer); 403 for
 * staff on a route marked owner-only (`config: { ownerOnly: true }`: settings and staff). A member of another
 * store holds no session here at all (sessions are per store), so its token is a 401 and its ids are 404s.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { MemberRoleName } from '@shared/admin/admin-schemas';
import { ForbiddenError } from '../../errors';
import { requireAccount } from './authenticate';
import type { SessionAccount } from './sessions';
import type { AuditActor } from '../audit/audit-log';
import { membershipOf } from './active-membership';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only the store's owner may call this admin route (staff get 403). */
    ownerOnly?: boolean;
  }
}

/** The 403 of a signed-in account that is not a member of this store. */
export const NOT_A_MEMBER_MESSAGE = "This account cannot use this shop's admin";
/** The 403 of staff on an owner-only route. */
export const OWNER_ONLY_MESSAGE = 'Only the shop owner can do this';

/**
 * A signed-in member, as admin handlers use them. A member always has an e-mail: owners and staff are made or
 * found by e-mail, and an account made by signing in with a phone code (no e-mail) is never one.
 */
export type SignedInMember = SessionAccount & { email: string; memberId: number; role: MemberRoleName };

const resolved = new WeakMap<FastifyRequest, Promise<SignedInMember>>();

/**
 * The signed-in member of `request` (cached per request).
 * @throws {UnauthorizedError} (401) without a live session of this store.
 * @throws {ForbiddenError} (403) when the account is not an active member of this store.
 */
export function requireMember(request: FastifyRequest): Promise<SignedInMember> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = (async () => {
      const account = await requireAccount(request);
      const membership = await membershipOf(request.server.db, request.storeId, account.accountId);
      if (!membership || account.email === null) throw new ForbiddenError(NOT_A_MEMBER_MESSAGE);
      return { ...account, email: account.email, ...membership };
    })();
    resolved.set(request, pending);
  }
  return pending;
}

/** The audit log's actor for a member: their account id and e-mail. */
export function actorOf(admin: SignedInMember): AuditActor {
  return { accountId: admin.accountId, label: admin.email };
}

/** The admin API's `onRequest` hook: a member of this store, and the owner where the route says so. */
export const requireMemberRole: onRequestAsyncHookHandler = async (request) => {
  const admin = await requireMember(request);
  if (request.routeOptions.config.ownerOnly && admin.role !== 'owner') {
    throw new ForbiddenError(OWNER_ONLY_MESSAGE);
  }
};
