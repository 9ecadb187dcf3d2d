/**
 * `/admin/messages/:messageId`: one contact message as the shopper typed it (plain text, line breaks kept),
 * marked read when it is opened; the owner or staff marks it replied (or unread again) and answers it by
 * e-mail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { ContactMessageState } from '@shared/messages/message-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { formatDateTime } from '../lib/format';
import { MESSAGES_QUERY_KEY, messageQuery, setMessageState } from './message-queries';

export function MessagePage() {
  const { messageId = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery(messageQuery(messageId));
  const change = useMutation({
    mutationFn: (state: ContactMessageState) => setMessageState(messageId, state),
    onSuccess: (message) => {
      client.setQueryData(messageQuery(messageId).queryKey, message);
      void client.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  // Opening a message marks it read, once per visit (marking it unread again is then left alone).
  const markedRead = useRef(false);
  const unread = query.data !== undefined && query.data.readAt === null;
  useEffect(() => {
    if (unread && !markedRead.current) {
      markedRead.current = true;
      change.mutate({ read: true });
    }
  }, [unread, change]);

  if (query.isPending) return <p className="text-stone-600">Loading…</p>;
  if (query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const message = query.data;
  const state = message.readAt ? (message.repliedAt ? 'Replied' : 'Read') : 'Unread';
  return (
    <section aria-labelledby="message-title" className="flex flex-col gap-3">
      <div>
        <Link to="/messages" className="text-xs text-brand-700">
          ← Messages
        </Link>
        <h1 id="message-title" className="text-lg font-semibold break-words">
          {message.subject}
        </h1>
        <p className="text-sm break-all text-stone-600">
          {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
        </p>
        <p className="text-xs text-stone-600">
          {formatDateTime(message.createdAt)} · <span data-testid="message-state">{state}</span>
        </p>
      </div>
      <p
        data-testid="message-text"
        className="rounded-lg border border-stone-200 bg-white p-3 text-sm break-words whitespace-pre-wrap"
      >
        {message.message}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={change.isPending}
          onClick={() => change.mutate({ replied: !message.repliedAt })}
        >
          {message.repliedAt ? 'Mark not replied' : 'Mark replied'}
        </Button>
        {message.readAt && (
          <Button
            type="button"
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate({ read: false, replied: false })}
          >
            Mark unread
          </Button>
        )}
      </div>
    </section>
  );
}
