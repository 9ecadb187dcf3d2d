/**
 * Account routes (docs/product.md §7): `POST /users/register`, `POST /users/authorize`, `POST /users/logout` (beyond the
 * storefront's basic contract) and `GET /accountInfo`, plus the forgotten-password routes of ./password-reset-routes.ts
 * and the sign-in by phone code of ./otp-routes.ts, declared with the shared contract (src/shared/accounts/account-schemas.ts). Thin
 * handlers: validate → service → reply. Answers go through the shared response schemas, so no hash can leave
 * the server; every failure is thrown as an error of src/server/errors.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  accountInfoSchema,
  authorizeBodySchema,
  authorizeResponseSchema,
  logoutResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@shared/accounts/account-schemas';
import { ConflictError, RateLimitedError, UnauthorizedError } from '../../errors';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  authenticate,
  readBearerToken,
  requireAccount,
} from '../auth/authenticate';
import {
  signIn,
  INVALID_CREDENTIALS_MESSAGE,
  registerAccount,
  revokeSession,
  toAccountInfo,
} from './service';
import { passwordResetRoutes } from './password-reset-routes';
import { otpRoutes } from './otp-routes';
import { whatsappOptInAtOf } from './whatsapp-opt-in';
import { whatsappOptInRoutes } from './whatsapp-opt-in-routes';
import type { OtpRateLimiter } from './otp-rate-limit';
import type { PasswordResetRateLimiter } from './password-reset-rate-limit';
import { RegistrationRateLimiter, TOO_MANY_REGISTRATIONS } from './registration-rate-limit';
import {
  MemorySignInRateLimiter,
  signInUnderLimits,
  type SignInAttemptKey,
  type SignInRateLimiter,
} from './sign-in-rate-limit';

export type AccountRoutesOptions = {
  /** Counts failed sign-ins; defaults to a fresh in-memory limiter per app. */
  signInRateLimiter?: SignInRateLimiter;
  /** Counts sign-ups; defaults to a fresh in-memory limiter per app. */
  registrationRateLimiter?: RegistrationRateLimiter;
  /** Counts password reset requests and resets; defaults to a fresh in-memory limiter per app. */
  passwordResetRateLimiter?: PasswordResetRateLimiter;
  /** Counts sign-in code requests; defaults to a fresh in-memory limiter per app. */
  otpRateLimiter?: OtpRateLimiter;
};

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const limiter = options.signInRateLimiter ?? new MemorySignInRateLimiter();
  const registrations = options.registrationRateLimiter ?? new RegistrationRateLimiter();
  await app.register(passwordResetRoutes, { rateLimiter: options.passwordResetRateLimiter });
  await app.register(otpRoutes, { rateLimiter: options.otpRateLimiter });
  await app.register(whatsappOptInRoutes);

  /**
   * 201 `{ firstName, lastName, email, createdAt }`; 400 `{ error, fields }`; 409 `{ error, fields.email }`;
   * 429 `{ error }` with `Retry-After` (seconds) past 10 sign-ups per client address or 3 per e-mail an hour.
   */
  app.post(
    '/users/register',
    {
      schema: { body: registerBodySchema, response: { 201: registerResponseSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const key = { email: request.body.email, address: request.ip };
      const verdict = await registrations.begin(key);
      if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_REGISTRATIONS, verdict.retryAfterSeconds);
      try {
        const account = await registerAccount(app.db, request.storeId, request.body);
        return reply.code(201).send(account);
      } catch (error) {
        // An account made or an e-mail found taken counts; bad input and server faults do not.
        const taken = error instanceof ConflictError;
        if (!taken) await registrations.forgive(key, verdict.attemptId);
        throw error;
      }
    },
  );

  /**
   * 200 `{ token }`; 401 `{ error: 'Invalid email or password' }` for a wrong password and an unknown e-mail
   * alike; 429 `{ error }` with `Retry-After` (seconds) past the failure limits.
   */
  app.post(
    '/users/authorize',
    {
      schema: {
        body: authorizeBodySchema,
        response: { 200: authorizeResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const key: SignInAttemptKey = { storeId: request.storeId, email, address: request.ip };
      reply.header('cache-control', 'no-store');
      const session = await signInUnderLimits(limiter, key, async (wrongCredentials) => {
        const session = await signIn(app.db, request.storeId, email, password);
        if (!session) {
          wrongCredentials();
          throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
        }
        return session;
      });
      return reply.send(session);
    },
  );

  /**
   * Revokes the bearer token's session. 204 for any bearer token — an unknown or already revoked one has
   * nothing left to revoke (RFC 7009 §2.2) — and 401 without one.
   */
  app.post(
    '/users/logout',
    { schema: { response: { 204: logoutResponseSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      const token = readBearerToken(request);
      if (!token) throw new UnauthorizedError(AUTHENTICATION_REQUIRED_MESSAGE);
      await revokeSession(app.db, request.storeId, token);
      return reply.code(204).send(null);
    },
  );

  /**
   * 200 `{ firstName, lastName, email, phone, createdAt, whatsappOptIn }` (docs/product.md §3 "User"; `email` null and names
   * empty for an account made by phone that has not given them yet); 401 without a valid bearer token.
   */
  app.get(
    '/accountInfo',
    { onRequest: authenticate, schema: { response: { 200: accountInfoSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      const account = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      const whatsappOptInAt = await whatsappOptInAtOf(app.db, request.storeId, account.accountId);
      return reply.send(toAccountInfo({ ...account, whatsappOptInAt }));
    },
  );
};
