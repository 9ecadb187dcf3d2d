/**
 * The admin's Messages screen (docs/admin.md "Messages"), behind the admin role hook: the contact messages
 * (owner and staff) — a page newest first, one message, its read and replied state — and the newsletter's
 * sign-ups as CSV (owner only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  contactMessageListSchema,
  contactMessageParamsSchema,
  contactMessageSchema,
  contactMessageStateSchema,
  messageListQuerySchema,
  newsletterCsvSchema,
} from '@shared/messages/message-schemas';
import { contactMessageDetail, listContactMessages, setContactMessageState } from './contact-messages';
import { newsletterCsv } from './newsletter';

export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 one page of messages, newest first, with the unread count; 400 for a bad query. */
  app.get(
    '/messages',
    {
      schema: {
        querystring: messageListQuerySchema,
        response: { 200: contactMessageListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await listContactMessages(app.db, request.storeId, request.query);
      return reply.send({ ...page, page: request.query.page, limit: request.query.limit });
    },
  );

  /** 200 the message; 404 for another store's id. Reading it does not mark it read (the screen does). */
  app.get(
    '/messages/:messageId',
    {
      schema: {
        params: contactMessageParamsSchema,
        response: { 200: contactMessageSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send(await contactMessageDetail(app.db, request.storeId, request.params.messageId)),
  );

  /** 200 the message with its new state (`{ read?, replied? }`); 400 for a bad body; 404 for another store's. */
  app.patch(
    '/messages/:messageId',
    {
      schema: {
        params: contactMessageParamsSchema,
        body: contactMessageStateSchema,
        response: { 200: contactMessageSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send(
        await setContactMessageState(app.db, request.storeId, request.params.messageId, request.body),
      ),
  );

  /** 200 the sign-ups as CSV (`newsletter.csv`): `email,subscribed_at,unsubscribed_at`, ISO times. */
  app.get(
    '/newsletter/export.csv',
    {
      config: { ownerOnly: true },
      schema: { response: { 200: newsletterCsvSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter.csv"')
        .header('cache-control', 'no-store')
        .send(await newsletterCsv(app.db, request.storeId)),
  );
};
