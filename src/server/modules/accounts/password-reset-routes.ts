/**
 * Forgotten-password routes, beside the account routes: `POST /users/forgot-password` and
 * `POST /users/reset-password` (the storefront's /forgot-password and /reset-password screens, which docs/product.md
 * reserves and links from sign-in). Declared with the shared contract (src/shared/accounts/account-schemas.ts);
 * thin handlers: validate → rate limit → service → reply. Neither the token nor the password is logged (the
 * log redacts `token`, `password` and `email` wherever they appear, and the request line without its query).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  passwordResetMessages,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
} from '@shared/accounts/account-schemas';
import { RateLimitedError } from '../../errors';
import { AfterResponseQueue, trackQueue } from './after-response-queue';
import { requestPasswordReset, resetPassword } from './password-reset';
import {
  PasswordResetRateLimiter,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_RESETS,
} from './password-reset-rate-limit';
import { resetLinkOrigin } from './reset-link-origin';

export type PasswordResetRoutesOptions = {
  /** Counts reset requests and resets; defaults to a fresh in-memory limiter per app. */
  rateLimiter?: PasswordResetRateLimiter;
};

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  options,
) => {
  const limiter = options.rateLimiter ?? new PasswordResetRateLimiter();
  const queue = new AfterResponseQueue('password-reset', app.log);
  trackQueue(app, queue);
  app.addHook('onClose', async () => queue.idle());

  /**
   * 200 `{ message }`, the same words for every e-mail, known or not; the look-up, the token and the mail
   * (for an account of this store) happen after the answer (./after-response-queue.ts). 400 for an invalid
   * e-mail; 429 with `Retry-After` (seconds) past 10 requests per client address or 3 per e-mail an hour.
   */
  app.post(
    '/users/forgot-password',
    {
      schema: {
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const verdict = await limiter.beginRequest({ email, address: request.ip });
      if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_RESET_REQUESTS, verdict.retryAfterSeconds);
      const { storeId } = request;
      const site = { protocol: request.protocol, host: request.host };
      queue.push(async () => {
        const origin = await resetLinkOrigin(app.db, storeId, site, app.config.PUBLIC_URL ?? null);
        if (!origin) {
          app.log.warn(
            { storeId },
            'password reset e-mail not sent: the request came through a host name the store does not list; set PUBLIC_URL (or the store hosts) so reset links point to the shop',
          );
          return;
        }
        const written = await requestPasswordReset(app.db, {
          storeId,
          email,
          origin,
          mailFrom: app.config.MAIL_FROM,
        });
        if (written) app.mailSender.wake();
      });
      reply.header('cache-control', 'no-store');
      return reply.send({ message: passwordResetMessages.requested });
    },
  );

  /**
   * 200 `{ message }` after the new password is set and every session of the account ended; 400
   * `{ error: 'This reset link is invalid or has expired. Please request a new one.' }` for a bad, used or
   * expired token; 400 `{ error, fields.password }` for a password the rules refuse; 429 with `Retry-After`
   * past 10 attempts per client address an hour.
   */
  app.post(
    '/users/reset-password',
    {
      schema: {
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const verdict = await limiter.beginReset({ address: request.ip });
      if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_RESETS, verdict.retryAfterSeconds);
      await resetPassword(app.db, request.storeId, request.body.token, request.body.password);
      reply.header('cache-control', 'no-store');
      return reply.send({ message: passwordResetMessages.done });
    },
  );
};
