/** The admin's contact messages: TanStack query options over the admin API, and the state change. */
import { queryOptions } from '@tanstack/react-query';
import {
  contactMessageListSchema,
  contactMessageSchema,
  type ContactMessageState,
  type MessageListQuery,
} from '@shared/messages/message-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** Every read of the Messages screen (invalidated together when a message's state changes). */
export const MESSAGES_QUERY_KEY = [...ADMIN_QUERY_KEY, 'messages'] as const;

/** `GET /admin/messages`: one page, newest first, with the unread count and the newsletter's figures. */
export const messagesQuery = (query: MessageListQuery) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_KEY, 'list', query],
    queryFn: () => apiRequest('/admin/messages', { query, schema: contactMessageListSchema }),
    placeholderData: (previous) => previous,
  });

/** `GET /admin/messages/:id`: one message. */
export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_KEY, 'one', id],
    queryFn: () => apiRequest(`/admin/messages/${encodeURIComponent(id)}`, { schema: contactMessageSchema }),
  });

/** `PATCH /admin/messages/:id`: sets read and/or replied; answers the message as it now is. */
export const setMessageState = (id: string | number, state: ContactMessageState) =>
  apiRequest(`/admin/messages/${encodeURIComponent(String(id))}`, {
    method: 'PATCH',
    body: state,
    schema: contactMessageSchema,
  });
