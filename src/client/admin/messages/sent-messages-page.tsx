/**
 * `/admin/messages/sent` (docs/messages.md): the message outbox's log — every WhatsApp, SMS and message e-mail
 * of the store, sent or not, newest first: time, channel, the recipient masked, the message, its status and
 * why it failed; filtered by channel and status.
 */
import { useQuery } from '@tanstack/react-query';
import {
  OUTGOING_MESSAGE_STATUSES,
  outgoingMessageListQuerySchema,
} from '@shared/notifications/message-admin-schemas';
import { MESSAGE_CHANNELS } from '@shared/notifications/message-templates';
import { cn } from '@client/lib/utils';
import { AdminList } from '../lib/admin-list';
import { formatDateTime } from '../lib/format';
import { useUrlFilters } from '../lib/url-filters';
import { MessagesTabs } from './messages-tabs';
import { outgoingMessagesQuery } from './outgoing-message-queries';

const CHANNEL_LABELS = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'E-mail' } as const;
const STATUS_LABELS: Record<(typeof OUTGOING_MESSAGE_STATUSES)[number], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  kept: 'Kept (test mode)',
};

export function SentMessagesPage() {
  const [query, set] = useUrlFilters(outgoingMessageListQuerySchema);
  const list = useQuery(outgoingMessagesQuery(query));
  return (
    <MessagesTabs tab="sent">
      <AdminList
        label="Sent messages"
        rows={list.data?.messages}
        rowKey={(message) => message.id}
        empty="No messages match."
        error={list.error}
        busy={list.isFetching}
        paging={list.data && { ...list.data, onPage: (page) => set({ page: String(page) }) }}
        filters={
          <div className="flex flex-wrap gap-2 text-sm">
            <label className="flex items-center gap-1">
              Channel
              <select
                className="field"
                value={query.channel ?? ''}
                onChange={(event) => set({ channel: event.target.value })}
              >
                <option value="">All</option>
                {MESSAGE_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-1">
              Status
              <select
                className="field"
                value={query.status ?? ''}
                onChange={(event) => set({ status: event.target.value })}
              >
                <option value="">All</option>
                {OUTGOING_MESSAGE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        }
        renderRow={(message) => (
          <div
            className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
            data-testid="sent-message"
          >
            <div className="flex justify-between gap-2 text-xs text-stone-600">
              <span>
                {CHANNEL_LABELS[message.channel]} · {message.recipient} · {message.template}
              </span>
              <span className="shrink-0">{formatDateTime(message.createdAt)}</span>
            </div>
            <p className="break-words whitespace-pre-wrap">{message.text}</p>
            <p className={cn('text-xs', message.status === 'failed' ? 'text-red-700' : 'text-stone-600')}>
              {STATUS_LABELS[message.status]}
              {message.lastError ? ` — ${message.lastError}` : ''}
            </p>
          </div>
        )}
      />
    </MessagesTabs>
  );
}
