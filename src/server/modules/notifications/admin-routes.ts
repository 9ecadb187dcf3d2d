/**
 * The admin's Messages screen, 'Sent messages' and 'Templates' tabs (docs/messages.md), behind the admin role
 * hook (owner and staff): the message outbox's log, and each message's text, e-mail subject, WhatsApp
 * template name and MSG91 template id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  messageTemplateBodySchema,
  messageTemplateListSchema,
  messageTemplateParamsSchema,
  messageTemplateSettingsSchema,
  outgoingMessageListQuerySchema,
  outgoingMessageListSchema,
} from '@shared/notifications/message-admin-schemas';
import { listOutgoingMessages } from './message-log';
import { listMessageTemplateSettings, saveMessageTemplateSettings } from './message-template-settings';

export const notificationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 one page of the store's outgoing messages, newest first; 400 for a bad query. */
  app.get(
    '/outgoing-messages',
    {
      schema: {
        querystring: outgoingMessageListQuerySchema,
        response: { 200: outgoingMessageListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await listOutgoingMessages(app.db, request.storeId, request.query);
      return reply.send({ ...page, page: request.query.page, limit: request.query.limit });
    },
  );

  /** 200 every message's settings in the store, with their defaults and variables. */
  app.get(
    '/message-templates',
    { schema: { response: { 200: messageTemplateListSchema, '4xx': errorBodySchema } } },
    async (request, reply) =>
      reply.send({ templates: await listMessageTemplateSettings(app.db, request.storeId) }),
  );

  /** 200 the message's settings as saved; 400 for a bad body or a text naming an unknown variable. */
  app.put(
    '/message-templates/:template',
    {
      schema: {
        params: messageTemplateParamsSchema,
        body: messageTemplateBodySchema,
        response: { 200: messageTemplateSettingsSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send(
        await saveMessageTemplateSettings(
          app.db,
          request.storeId,
          request.params.template,
          request.body,
          app.clock(),
        ),
      ),
  );
};
