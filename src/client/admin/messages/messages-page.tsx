/**
 * `/admin/messages` (docs/admin.md "Messages"), the Messages screen's Inbox tab: the contact messages shoppers sent, newest first, unread ones
 * marked, each with its replied state; and the newsletter's sign-ups with the owner's CSV export. Shoppers'
 * texts are shown as plain text only.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageListQuerySchema } from '@shared/messages/message-schemas';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { cn } from '@client/lib/utils';
import { AdminList } from '../lib/admin-list';
import { useAdminSession } from '../lib/admin-session';
import { formatDateTime } from '../lib/format';
import { useUrlFilters } from '../lib/url-filters';
import { messagesQuery } from './message-queries';
import { MessagesTabs } from './messages-tabs';

export function MessagesPage() {
  const { me } = useAdminSession();
  const [query, set] = useUrlFilters(messageListQuerySchema);
  const list = useQuery(messagesQuery(query));
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/admin/newsletter/export.csv', 'newsletter.csv'),
    onError: (error) => toast.error(errorText(error)),
  });
  const newsletter = list.data?.newsletter;
  return (
    <MessagesTabs
      tab="inbox"
      title={
        <>
          Messages
          {list.data && list.data.unread > 0 && (
            <span className="ml-2 text-sm font-normal text-stone-600">{list.data.unread} unread</span>
          )}
        </>
      }
    >
      <AdminList
        label="Messages"
        rows={list.data?.messages}
        rowKey={(message) => message.id}
        empty="No messages yet."
        error={list.error}
        busy={list.isFetching}
        paging={list.data && { ...list.data, onPage: (page) => set({ page: String(page) }) }}
        renderRow={(message) => (
          <Link
            to={`/messages/${message.id}`}
            className={cn(
              'block rounded-lg border bg-white px-3 py-2',
              message.readAt ? 'border-stone-200' : 'border-brand-300 bg-brand-50',
            )}
          >
            <div className="flex justify-between gap-2 text-sm">
              <span className={cn('truncate', !message.readAt && 'font-semibold')}>{message.subject}</span>
              <span className="shrink-0 text-xs text-stone-600">
                {message.readAt ? (message.repliedAt ? 'Replied' : 'Read') : 'Unread'}
              </span>
            </div>
            <div className="flex justify-between gap-2 text-xs text-stone-600">
              <span className="truncate">
                {message.name} · {message.email}
              </span>
              <span className="shrink-0">{formatDateTime(message.createdAt)}</span>
            </div>
          </Link>
        )}
      />
      <Card>
        <CardContent className="flex flex-col gap-2 pt-4 text-sm">
          <h2 className="font-semibold">Newsletter</h2>
          <p className="text-stone-600" data-testid="newsletter-counts">
            {newsletter
              ? `${newsletter.subscribed} subscribed · ${newsletter.unsubscribed} unsubscribed`
              : ' '}
          </p>
          {me?.role === 'owner' && (
            <Button
              type="button"
              variant="outline"
              className="self-start"
              disabled={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              Export sign-ups (CSV)
            </Button>
          )}
        </CardContent>
      </Card>
    </MessagesTabs>
  );
}
