/**
 * The admin's 'Sent messages' log (docs/messages.md): a store's outbox newest first, both channels, sent or
 * not, filtered by channel and status, with the recipient masked. Plain functions taking `db`.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outgoingMessages } from '../../db/schema/notification-tables';
import { maskRecipient } from '@shared/notifications/message-template-rules';
import type {
  OutgoingMessageListQuery,
  OutgoingMessageView,
} from '@shared/notifications/message-admin-schemas';

/** One page of the log of `storeId`, newest first; `hasMore` when a next page has rows. */
export async function listOutgoingMessages(
  db: Db,
  storeId: number,
  query: OutgoingMessageListQuery,
): Promise<{ messages: OutgoingMessageView[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: outgoingMessages.id,
      createdAt: outgoingMessages.createdAt,
      channel: outgoingMessages.channel,
      recipient: outgoingMessages.recipient,
      template: outgoingMessages.template,
      status: outgoingMessages.status,
      text: outgoingMessages.text,
      attempts: outgoingMessages.attempts,
      lastError: outgoingMessages.lastError,
      sentAt: outgoingMessages.sentAt,
    })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.storeId, storeId),
        query.channel ? eq(outgoingMessages.channel, query.channel) : undefined,
        query.status ? eq(outgoingMessages.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(outgoingMessages.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    hasMore: rows.length > query.limit,
    messages: rows.slice(0, query.limit).map((row) => ({
      ...row,
      recipient: maskRecipient(row.recipient),
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}
