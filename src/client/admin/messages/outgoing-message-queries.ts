/** The admin's message log and message templates: TanStack query options over the admin API, and the save. */
import { queryOptions } from '@tanstack/react-query';
import {
  messageTemplateListSchema,
  messageTemplateSettingsSchema,
  outgoingMessageListSchema,
  type MessageTemplateForm,
  type OutgoingMessageListQuery,
} from '@shared/notifications/message-admin-schemas';
import type { MessageTemplateCode } from '@shared/notifications/message-templates';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

const OUTGOING_QUERY_KEY = [...ADMIN_QUERY_KEY, 'outgoing-messages'] as const;
/** The templates' read (set again after a save). */
export const MESSAGE_TEMPLATES_QUERY_KEY = [...ADMIN_QUERY_KEY, 'message-templates'] as const;

/** `GET /admin/outgoing-messages`: one page of the log, newest first. */
export const outgoingMessagesQuery = (query: OutgoingMessageListQuery) =>
  queryOptions({
    queryKey: [...OUTGOING_QUERY_KEY, query],
    queryFn: () => apiRequest('/admin/outgoing-messages', { query, schema: outgoingMessageListSchema }),
    placeholderData: (previous) => previous,
  });

/** `GET /admin/message-templates`: every message's settings. */
export const messageTemplatesQuery = () =>
  queryOptions({
    queryKey: MESSAGE_TEMPLATES_QUERY_KEY,
    queryFn: () => apiRequest('/admin/message-templates', { schema: messageTemplateListSchema }),
  });

/** `PUT /admin/message-templates/:template`: saves one message's settings; answers them as saved. */
export const saveMessageTemplate = (template: MessageTemplateCode, body: MessageTemplateForm) =>
  apiRequest(`/admin/message-templates/${encodeURIComponent(template)}`, {
    method: 'PUT',
    body,
    schema: messageTemplateSettingsSchema,
  });
