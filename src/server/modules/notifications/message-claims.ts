/**
 * Claiming the due messages of the message outbox and recording each attempt's outcome (docs/messages.md,
 * as the mail outbox does: docs/decisions/009-mail-outbox.md). Several servers on one database never claim the
 * same message: the due rows are locked with `FOR UPDATE SKIP LOCKED`. Plain functions taking `db`.
 */
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outgoingMessages } from '../../db/schema/notification-tables';
import type { SendableMessage } from './channels/channel-adapter';

/** A claimed message; `attempts` already counts this attempt. */
export type ClaimedMessage = SendableMessage & { attempts: number };

/**
 * Claims the messages due at `now` (pending and due, or `sending` under a claim that lapsed), oldest first,
 * in one statement: they become `sending` with one more attempt and `next_attempt_at` at the end of the lease.
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  options: { limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: outgoingMessages.id })
    .from(outgoingMessages)
    .where(
      and(
        inArray(outgoingMessages.status, ['pending', 'sending']),
        lte(outgoingMessages.nextAttemptAt, now),
        lt(outgoingMessages.attempts, options.maxAttempts),
      ),
    )
    .orderBy(asc(outgoingMessages.nextAttemptAt), asc(outgoingMessages.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outgoingMessages)
    .set({
      status: 'sending',
      attempts: sql`${outgoingMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + options.leaseMs),
    })
    .where(inArray(outgoingMessages.id, due))
    .returning({
      id: outgoingMessages.id,
      storeId: outgoingMessages.storeId,
      channel: outgoingMessages.channel,
      recipient: outgoingMessages.recipient,
      template: outgoingMessages.template,
      variables: outgoingMessages.variables,
      text: outgoingMessages.text,
      createdAt: outgoingMessages.createdAt,
      attempts: outgoingMessages.attempts,
    });
  return claimed.sort((a, b) => a.id - b.id);
}

/** This claim, and only while it is still this server's (same attempt, still sending). */
const stillClaimed = (message: ClaimedMessage) =>
  and(
    eq(outgoingMessages.id, message.id),
    eq(outgoingMessages.status, 'sending'),
    eq(outgoingMessages.attempts, message.attempts),
  );

/** Records that the provider took `message` at `now` under its id `providerMessageId`. */
export async function markMessageSent(
  db: Db,
  message: ClaimedMessage,
  providerMessageId: string,
  now: Date,
): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ status: 'sent', providerMessageId, sentAt: now, lastError: null })
    .where(stillClaimed(message));
}

/** Records that `message` was kept as a file at `now` (test mode: no provider keys). */
export async function markMessageKept(db: Db, message: ClaimedMessage, now: Date): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ status: 'kept', sentAt: now, lastError: null })
    .where(stillClaimed(message));
}

/**
 * Records a failed attempt of `message`: pending again at `retryAt`, or `failed` for good when `retryAt` is
 * null.
 * @param reason the failure without any key, token or recipient.
 */
export async function markMessageAttemptFailed(
  db: Db,
  message: ClaimedMessage,
  reason: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outgoingMessages)
    .set(
      retryAt
        ? { status: 'pending', nextAttemptAt: retryAt, lastError: reason }
        : { status: 'failed', lastError: reason },
    )
    .where(stillClaimed(message));
}

/** The `last_error` of a message whose last attempt never reported back (the sending server stopped). */
export const INTERRUPTED_MESSAGE_ERROR = 'The sending server stopped before the attempt finished';

/**
 * Gives up on messages whose last allowed attempt was claimed and never reported back, once the claim lapsed
 * at `now`.
 * @returns how many messages were marked failed.
 */
export async function failAbandonedMessages(db: Db, now: Date, maxAttempts: number): Promise<number> {
  const abandoned = await db
    .update(outgoingMessages)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${outgoingMessages.lastError}, ${INTERRUPTED_MESSAGE_ERROR})`,
    })
    .where(
      and(
        eq(outgoingMessages.status, 'sending'),
        lte(outgoingMessages.nextAttemptAt, now),
        sql`${outgoingMessages.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: outgoingMessages.id });
  return abandoned.length;
}
