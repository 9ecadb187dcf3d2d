/**
 * A provider's status events on sent messages (docs/messages.md "Channels and providers"): WhatsApp reports
 * `sent`, `delivered`, `read` and `failed` for each message by its id (`wamid.…`). The status is kept on the
 * message, only ever forward (events may come out of order: a `delivered` after a `read` changes nothing).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outgoingMessages, type OutgoingMessageStatus } from '../../db/schema/notification-tables';
import type { MessageChannel } from '@shared/notifications/message-templates';

/** A status a provider reports. */
export type ProviderStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** The statuses a message may be in for each reported status to apply (so a status never goes back). */
const MAY_MOVE_FROM: Record<ProviderStatus, OutgoingMessageStatus[]> = {
  sent: ['sending'],
  delivered: ['sending', 'sent'],
  read: ['sending', 'sent', 'delivered'],
  failed: ['sending', 'sent', 'delivered'],
};

/**
 * Applies `status` to the message of `storeId` on `channel` the provider knows as `providerMessageId`.
 * @param reason for `failed`: the provider's reason (kept as the message's last error).
 * @returns true when a message moved.
 */
export async function applyProviderStatus(
  db: Db,
  input: {
    storeId: number;
    channel: MessageChannel;
    providerMessageId: string;
    status: ProviderStatus;
    reason?: string | null;
  },
): Promise<boolean> {
  const moved = await db
    .update(outgoingMessages)
    .set(
      input.status === 'failed'
        ? { status: 'failed', lastError: (input.reason ?? 'The provider reported a failure').slice(0, 300) }
        : { status: input.status },
    )
    .where(
      and(
        eq(outgoingMessages.storeId, input.storeId),
        eq(outgoingMessages.channel, input.channel),
        eq(outgoingMessages.providerMessageId, input.providerMessageId),
        inArray(outgoingMessages.status, MAY_MOVE_FROM[input.status]),
      ),
    )
    .returning({ id: outgoingMessages.id });
  return moved.length > 0;
}
