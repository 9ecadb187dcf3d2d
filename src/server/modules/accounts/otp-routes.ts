/**
 * Sign-in with a code sent by WhatsApp or SMS, beside the account routes (docs/messages.md "Sign in with an
 * OTP"): `POST /users/otp`, `POST /users/otp/verify`, and the name step `PATCH /accountInfo`. Declared with
 * the shared contract (src/shared/accounts/otp-schemas.ts); thin handlers: validate → rate limit → service →
 * reply. The code is never logged (the log redacts `phone`, `token` and `email`; bodies are not logged).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import {
  accountNameBodySchema,
  maskIndianMobile,
  OTP_LIFETIME_SECONDS,
  otpMessages,
  otpRequestBodySchema,
  otpRequestResponseSchema,
  otpVerifyBodySchema,
  otpVerifyResponseSchema,
} from '@shared/accounts/otp-schemas';
import { RateLimitedError } from '../../errors';
import { authenticate, requireAccount } from '../auth/authenticate';
import { issueOtpCode } from './otp-codes';
import { OtpRateLimiter } from './otp-rate-limit';
import { signInWithCode, updateAccountName } from './phone-sign-in';

export type OtpRoutesOptions = {
  /** Counts code requests; defaults to a fresh in-memory limiter per app. */
  rateLimiter?: OtpRateLimiter;
};

export const otpRoutes: FastifyPluginAsyncZod<OtpRoutesOptions> = async (app, options) => {
  const limiter = options.rateLimiter ?? new OtpRateLimiter();

  /**
   * 202 `{ phone: '+91 98•••••210', expiresInSeconds: 300 }`, the same for every valid number, with an account
   * or not (the same work is done for both: a code is made and queued). 400 `{ error, fields.phone }` for a
   * number that is not an Indian mobile; 429 `{ error }` with `Retry-After` (seconds) past 3 codes per number
   * in 15 minutes or 10 per client address in an hour.
   */
  app.post(
    '/users/otp',
    {
      schema: {
        body: otpRequestBodySchema,
        response: { 202: otpRequestResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { phone } = request.body;
      const now = app.clock();
      const verdict = await limiter.begin(
        { storeId: request.storeId, phone, address: request.ip },
        now.getTime(),
      );
      if (!verdict.allowed) throw new RateLimitedError(otpMessages.tooManyCodes, verdict.retryAfterSeconds);
      await issueOtpCode(app.db, request.storeId, phone, now);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send({ phone: maskIndianMobile(phone), expiresInSeconds: OTP_LIFETIME_SECONDS });
    },
  );

  /**
   * 200 `{ token, needsName }` — the session token of `POST /users/authorize`, for the number's account (made
   * now for a new number). 400 `{ error, fields }` for a malformed number or code; 401 `{ error }` for a refused
   * code, as for a wrong password: 'That code is not right. 4 tries left.' or 'This code has expired. Please
   * request a new one.'.
   */
  app.post(
    '/users/otp/verify',
    {
      schema: {
        body: otpVerifyBodySchema,
        response: { 200: otpVerifyResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { phone, code } = request.body;
      reply.header('cache-control', 'no-store');
      return reply.send(await signInWithCode(app.db, request.storeId, phone, code, app.clock()));
    },
  );

  /**
   * The name step: 200 the account (`GET /accountInfo` shape) with its names set and, for an account without
   * one, its e-mail. 400 `{ error, fields }` for bad names or e-mail, or a different e-mail on an account that
   * has one; 401 without a session; 409 `{ error, fields.email }` for an e-mail another account holds.
   */
  app.patch(
    '/accountInfo',
    {
      onRequest: authenticate,
      schema: {
        body: accountNameBodySchema,
        response: { 200: accountInfoSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return reply.send(await updateAccountName(app.db, request.storeId, account.accountId, request.body));
    },
  );
};
