/**
 * The shopper's side of messages (docs/product.md §2 "Contact" and "Newsletter"), no sign-in needed:
 * `POST /contact-messages` keeps a contact message and mails it to the shop, `POST /newsletter` signs an
 * address up, `POST /newsletter/unsubscribe` ends a sign-up by its link's token. Thin handlers: the shared
 * schemas validate (400 `{ error, fields }`), the services do the work; sending is rate-limited per client
 * address (./message-rate-limits.ts, 429 with `Retry-After`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { messageTexts } from '@shared/messages/message-texts';
import {
  contactMessageBodySchema,
  messageAnswerSchema,
  newsletterBodySchema,
  unsubscribeBodySchema,
} from '@shared/messages/message-schemas';
import { RateLimitedError } from '../../errors';
import { resetLinkOrigin } from '../accounts/reset-link-origin';
import { receiveContactMessage } from './contact-messages';
import {
  AddressRateLimiter,
  MAX_CONTACT_MESSAGES_PER_ADDRESS,
  MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS,
  TOO_MANY_CONTACT_MESSAGES,
  TOO_MANY_NEWSLETTER_SIGNUPS,
} from './message-rate-limits';
import { signUpForNewsletter, unsubscribeFromNewsletter } from './newsletter';

export type MessageRoutesOptions = {
  /** Counts contact messages per client address; default: this process, {@link MAX_CONTACT_MESSAGES_PER_ADDRESS}. */
  contactRateLimiter?: AddressRateLimiter;
  /** Counts newsletter sign-ups per client address; default: this process. */
  newsletterRateLimiter?: AddressRateLimiter;
};

const answers = { 200: messageAnswerSchema, '4xx': errorBodySchema };

export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesOptions> = async (app, options) => {
  const contactLimiter =
    options.contactRateLimiter ?? new AddressRateLimiter(MAX_CONTACT_MESSAGES_PER_ADDRESS);
  const newsletterLimiter =
    options.newsletterRateLimiter ?? new AddressRateLimiter(MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS);

  /**
   * 200 `{ message }` once the message is kept (and its mail to the shop queued); 400 `{ error, fields }`
   * for a missing or too long field or a bad e-mail; 429 past 5 messages per client address an hour.
   */
  app.post(
    '/contact-messages',
    { schema: { body: contactMessageBodySchema, response: answers } },
    async (request, reply) => {
      const verdict = await contactLimiter.begin(request.ip);
      if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_CONTACT_MESSAGES, verdict.retryAfterSeconds);
      const { mailed } = await receiveContactMessage(
        app.db,
        request.storeId,
        request.body,
        app.config.MAIL_FROM,
      );
      if (mailed) app.mailSender.wake();
      reply.header('cache-control', 'no-store');
      return reply.send({ message: messageTexts.contactSentDescription });
    },
  );

  /**
   * 200 `{ message }` whether the address is new, subscribed already (one row, no second mail) or subscribed
   * again after leaving; 400 for a bad e-mail; 429 past 10 sign-ups per client address an hour.
   */
  app.post(
    '/newsletter',
    { schema: { body: newsletterBodySchema, response: answers } },
    async (request, reply) => {
      const verdict = await newsletterLimiter.begin(request.ip);
      if (!verdict.allowed)
        throw new RateLimitedError(TOO_MANY_NEWSLETTER_SIGNUPS, verdict.retryAfterSeconds);
      const { storeId } = request;
      const origin = await resetLinkOrigin(
        app.db,
        storeId,
        { protocol: request.protocol, host: request.host },
        app.config.PUBLIC_URL ?? null,
      );
      if (!origin) {
        app.log.warn(
          { storeId },
          'newsletter welcome e-mail not sent: the request came through a host name the store does not list; set PUBLIC_URL (or the store hosts) so unsubscribe links point to the shop',
        );
      }
      const { mailed } = await signUpForNewsletter(app.db, {
        storeId,
        email: request.body.email,
        origin,
        mailFrom: app.config.MAIL_FROM,
      });
      if (mailed) app.mailSender.wake();
      reply.header('cache-control', 'no-store');
      return reply.send({ message: messageTexts.subscribedDescription });
    },
  );

  /** 200 `{ message }` (also when already unsubscribed); 400 for a malformed token, 404 for an unknown one. */
  app.post(
    '/newsletter/unsubscribe',
    { schema: { body: unsubscribeBodySchema, response: answers } },
    async (request, reply) => {
      await unsubscribeFromNewsletter(app.db, request.storeId, request.body.token);
      reply.header('cache-control', 'no-store');
      return reply.send({ message: messageTexts.unsubscribed });
    },
  );
};
