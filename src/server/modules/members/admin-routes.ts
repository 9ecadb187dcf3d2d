/**
 * The members' admin routes (docs/admin.md), mounted under `/api/v1/admin`: sign-in and the one-time set-up
 * link (open to anyone, before the role hook), and — behind the role hook — who is signed in and the owner's
 * staff list (invite by e-mail, revoke). Thin handlers: the shared schemas (src/shared/admin/admin-schemas.ts)
 * validate every request and serialise every answer; every failure is thrown as an error of
 * src/server/errors.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_SIGN_IN_FAILED,
  adminMeSchema,
  adminSignInBodySchema,
  adminSignInResponseSchema,
  inviteMemberBodySchema,
  memberLinkMessages,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  memberSetUpBodySchema,
  memberSetUpResponseSchema,
} from '@shared/admin/admin-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { eq } from 'drizzle-orm';
import { stores } from '../../db/schema/store-tables';
import { UnauthorizedError } from '../../errors';
import { resetLinkOrigin } from '../accounts/reset-link-origin';
import { findSessionAccount } from '../auth/sessions';
import { signIn, revokeSession } from '../accounts/service';
import {
  MemorySignInRateLimiter,
  signInUnderLimits,
  type SignInAttemptKey,
  type SignInRateLimiter,
} from '../accounts/sign-in-rate-limit';
import { useMemberLink } from './member-links';
import { membershipOf } from '../auth/active-membership';
import { inviteStaff, listMembers, revokeMember } from './memberships';
import { actorOf, requireMember } from '../auth/role-hook';

export type AdminSessionRoutesOptions = {
  /** Counts failed sign-ins: the storefront's limiter, so both doors share one count per account. */
  signInRateLimiter?: SignInRateLimiter;
};

/** `POST /admin/sign-in` and `POST /admin/set-up`: the routes a person uses before they are signed in. */
export const adminSessionRoutes: FastifyPluginAsyncZod<AdminSessionRoutesOptions> = async (app, options) => {
  const limiter = options.signInRateLimiter ?? new MemorySignInRateLimiter();

  /**
   * 200 `{ token, role }` for an active member of this store; 401 'Invalid email or password' for a wrong
   * password, an unknown e-mail and an account that is no member alike (a customer's session is not kept);
   * 429 with `Retry-After` past the storefront's failure limits.
   */
  app.post(
    '/sign-in',
    {
      schema: {
        body: adminSignInBodySchema,
        response: { 200: adminSignInResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const key: SignInAttemptKey = { storeId: request.storeId, email, address: request.ip };
      reply.header('cache-control', 'no-store');
      const signedIn = await signInUnderLimits(limiter, key, async (wrongCredentials) => {
        const session = await signIn(app.db, request.storeId, email, password);
        const account = session ? await findSessionAccount(app.db, request.storeId, session.token) : null;
        const membership = account ? await membershipOf(app.db, request.storeId, account.accountId) : null;
        if (!session || !membership) {
          // A customer's right password is refused alike, but only wrong credentials count.
          if (session) await revokeSession(app.db, request.storeId, session.token);
          else wrongCredentials();
          throw new UnauthorizedError(ADMIN_SIGN_IN_FAILED);
        }
        return { token: session.token, role: membership.role };
      });
      return reply.send(signedIn);
    },
  );

  /** 200 `{ email, message }`: the password of a set-up or invitation link is set; 400 for a bad link. */
  app.post(
    '/set-up',
    {
      schema: {
        body: memberSetUpBodySchema,
        response: { 200: memberSetUpResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email } = await useMemberLink(
        app.db,
        request.storeId,
        request.body.token,
        request.body.password,
      );
      reply.header('cache-control', 'no-store');
      return reply.send({ email, message: memberLinkMessages.done });
    },
  );
};

/** `GET /admin/me` and the owner's staff routes (behind the role hook). */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 `{ email, firstName, role, storeName }`. */
  app.get(
    '/me',
    { schema: { response: { 200: adminMeSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      const admin = await requireMember(request);
      const [store] = await app.db
        .select({ storeName: stores.storeName, companyName: stores.companyName })
        .from(stores)
        .where(eq(stores.id, request.storeId));
      return reply.send({
        email: admin.email,
        firstName: admin.firstName,
        role: admin.role,
        storeName: store?.storeName ?? store?.companyName ?? 'Resham',
      });
    },
  );

  /** 200 `{ members }` (owner only). */
  app.get(
    '/members',
    { config: { ownerOnly: true }, schema: { response: { 200: memberListSchema, '4xx': errorBodySchema } } },
    async (request, reply) => reply.send({ members: await listMembers(app.db, request.storeId) }),
  );

  /** 201 the invited member (owner only); the invitation mail goes out through the outbox. 409 if a member. */
  app.post(
    '/members',
    {
      config: { ownerOnly: true },
      schema: { body: inviteMemberBodySchema, response: { 201: memberSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const admin = await requireMember(request);
      const site = { protocol: request.protocol, host: request.host };
      const origin =
        (await resetLinkOrigin(app.db, request.storeId, site, app.config.PUBLIC_URL ?? null)) ??
        `${request.protocol}://${request.host}`;
      const member = await inviteStaff(app.db, {
        storeId: request.storeId,
        email: request.body.email,
        actor: actorOf(admin),
        origin,
        mailFrom: app.config.MAIL_FROM,
      });
      app.mailSender.wake();
      return reply.code(201).send(member);
    },
  );

  /** 200 the revoked member (owner only): their sessions end. 404 for another store's id; 409 for an owner. */
  app.post(
    '/members/:memberId/revoke',
    {
      config: { ownerOnly: true },
      schema: { params: memberParamsSchema, response: { 200: memberSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const admin = await requireMember(request);
      return reply.send(await revokeMember(app.db, request.storeId, request.params.memberId, actorOf(admin)));
    },
  );
};
